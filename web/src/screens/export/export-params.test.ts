import { describe, expect, it } from 'vitest';
import { readDaysParam } from './export-params';

describe('readDaysParam', () => {
  it('reads the ticked days, in order and once each', () => {
    expect(readDaysParam('2,0,1,1')).toEqual([0, 1, 2]);
    expect(readDaysParam('-1,3')).toEqual([-1, 3]);
  });
  it('ignores what is not a day', () => {
    expect(readDaysParam(null)).toEqual([]);
    expect(readDaysParam('')).toEqual([]);
    expect(readDaysParam('a,1.5,,4,99999')).toEqual([4]);
  });
});
