import { describe, expect, it } from 'vitest';
import { cleanSheetName, MAX_SHEET_NAME_LENGTH, SheetNames } from './sheet-names.js';

describe('cleanSheetName', () => {
  it('replaces the characters Excel forbids', () => {
    expect(cleanSheetName('Fruits/Légumes: [bio]*?\\')).toBe('Fruits-Légumes- -bio----');
  });

  it('cuts names to 31 characters and trims them', () => {
    const long = 'Boulangerie pâtisserie de la place du marché';
    const cleaned = cleanSheetName(`  ${long}  `);
    expect(cleaned).toBe('Boulangerie pâtisserie de la pl');
    expect(cleaned.length).toBe(MAX_SHEET_NAME_LENGTH);
  });

  it('removes apostrophes at both ends, which Excel refuses', () => {
    expect(cleanSheetName("'Chez Paul'")).toBe('Chez Paul');
    expect(cleanSheetName("L'épicerie")).toBe("L'épicerie");
  });

  it('never gives an empty name', () => {
    expect(cleanSheetName('')).toBe('Feuille');
    expect(cleanSheetName("  ''  ")).toBe('Feuille');
  });

  it('does not split an emoji at the length limit', () => {
    const name = cleanSheetName(`${'a'.repeat(30)}🥕`);
    expect(name).toBe('a'.repeat(30));
  });
});

describe('SheetNames', () => {
  it('makes names unique ignoring case, and refuses History', () => {
    const names = new SheetNames();
    expect(names.claim('Primeur')).toBe('Primeur');
    expect(names.claim('primeur')).toBe('primeur (2)');
    expect(names.claim('PRIMEUR')).toBe('PRIMEUR (3)');
    expect(names.claim('History')).toBe('History (2)');
  });

  it('keeps a numbered name within 31 characters', () => {
    const names = new SheetNames();
    const long = 'x'.repeat(40);
    expect(names.claim(long)).toBe('x'.repeat(31));
    const second = names.claim(long);
    expect(second).toBe(`${'x'.repeat(27)} (2)`);
    expect(second.length).toBe(31);
  });
});
