import { describe, expect, it } from 'vitest';
import { cookbookFileName, shoppingFileName } from './file-names.js';

describe('export file names', () => {
  it('follow the reference names', () => {
    expect(cookbookFileName('Camp d’été')).toBe('Camp d’été Fiches cuisine.pdf');
    expect(shoppingFileName('Camp d’été')).toBe('Ingrédients Camp d’été.xlsx');
  });

  it('replace characters a file system refuses', () => {
    expect(cookbookFileName('Été 2025/2026: "ados"')).toBe(
      'Été 2025-2026- -ados- Fiches cuisine.pdf',
    );
    expect(shoppingFileName('  a\tb  ')).toBe('Ingrédients a b.xlsx');
  });
});
