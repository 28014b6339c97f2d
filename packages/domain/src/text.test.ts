import { describe, expect, it } from 'vitest';
import { normalizeSearchText, stripAccents } from './text.js';

describe('normalizeSearchText', () => {
  it('ignores spaces, accents and case', () => {
    expect(normalizeSearchText('Crème  Fraîche')).toBe('cremefraiche');
    expect(normalizeSearchText(' PÂTES au beurre ')).toBe('patesaubeurre');
  });
  it('folds ligatures', () => {
    expect(stripAccents('Œufs, cœur')).toBe('OEufs, coeur');
  });
});
