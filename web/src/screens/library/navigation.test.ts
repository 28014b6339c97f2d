import { describe, expect, it } from 'vitest';
import { listParams, readIdParam, readPageParam } from './navigation';

describe('the list in the address', () => {
  it("keeps the list's search and page, drops the item's id", () => {
    const params = new URLSearchParams('recherche=pates+bolo&page=3&id-receipe=12');
    expect(listParams(params).toString()).toBe('recherche=pates+bolo&page=3');
    expect(listParams(new URLSearchParams('id-menu=4')).toString()).toBe('');
  });
  it('reads a page, 1 when absent or unreadable', () => {
    expect(readPageParam('3')).toBe(3);
    for (const value of [null, '', '0', '-1', 'deux', '1e3']) expect(readPageParam(value)).toBe(1);
  });
});

describe('readIdParam', () => {
  it('reads a positive integer id', () => {
    expect(readIdParam('42')).toBe(42);
    expect(readIdParam('9007199254740991')).toBe(9007199254740991);
  });

  it('ignores anything else', () => {
    for (const value of [null, '', '0', '-3', '1.5', '12abc', ' 7', '99999999999999999']) {
      expect(readIdParam(value)).toBeNull();
    }
  });
});
