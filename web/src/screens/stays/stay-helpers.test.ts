import { describe, expect, it } from 'vitest';
import { validateGroupSize } from '@popote/domain';
import { GROUP_COLORS, defaultGroupColor, refusalOf } from './stay-helpers';

describe('stays screen helpers', () => {
  it('gives new groups the palette colours in turn', () => {
    expect(defaultGroupColor(0)).toBe('#AF0853');
    expect(defaultGroupColor(1)).toBe('#1C7ED6');
    expect(defaultGroupColor(GROUP_COLORS.length)).toBe('#AF0853');
  });

  it("returns the domain's French refusal, or null", () => {
    expect(refusalOf(() => validateGroupSize(-1))).toBe(
      'La taille du groupe doit valoir au moins 0.',
    );
    expect(refusalOf(() => validateGroupSize(4))).toBeNull();
    expect(() =>
      refusalOf(() => {
        throw new TypeError('bug');
      }),
    ).toThrow(TypeError);
  });
});
