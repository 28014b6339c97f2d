import { describe, expect, it } from 'vitest';
import { fromWinAnsiByte, toWinAnsi } from './pdf-text.js';

const bytes = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));
const readBack = (text: string): string =>
  [...text].map((c) => fromWinAnsiByte(c.charCodeAt(0))).join('');

describe('toWinAnsi', () => {
  it('keeps Latin-1 letters as they are', () => {
    expect(toWinAnsi('Crème brûlée, ça, maïs, côte, sûr')).toBe(
      'Crème brûlée, ça, maïs, côte, sûr',
    );
  });

  it('gives œ, Œ, Ÿ, the typographic apostrophe, dashes and € their Windows-1252 bytes', () => {
    expect(bytes(toWinAnsi('œŒŸ’‘“”–—…€'))).toEqual([
      0x9c, 0x8c, 0x9f, 0x92, 0x91, 0x93, 0x94, 0x96, 0x97, 0x85, 0x80,
    ]);
    expect(readBack(toWinAnsi('Bœuf à l’étouffée — 5 €'))).toBe('Bœuf à l’étouffée — 5 €');
  });

  it('turns French spacing into spaces the font has', () => {
    expect(toWinAnsi('« Miam\u202f! »')).toBe('« Miam\u00a0! »');
    expect(toWinAnsi('1\u20092')).toBe('1 2');
  });

  it('drops accents the encoding lacks, and shows ? for what it cannot draw', () => {
    expect(toWinAnsi('Łódź ą ę')).toBe('?ódz a e');
    expect(toWinAnsi('寿司 🍣')).toBe('?? ?');
  });

  it('removes control characters but keeps line breaks and tabs', () => {
    expect(toWinAnsi('a\u0000b\u0085c\nd\te')).toBe('abc\nd\te');
  });
});
