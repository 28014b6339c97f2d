import { describe, expect, it } from 'vitest';
import { INGREDIENT_LINES } from '../../test/recipe-reading/ingredient-lines.fixture.js';
import { lineAsRow } from '../../test/recipe-reading/line-as-row.js';
import { readIngredientLine } from './ingredient-line.js';

const rows = INGREDIENT_LINES.flatMap(({ source, lines }) =>
  lines.map((line) => ({ source, line })),
);

describe('readIngredientLine on lines typed in the styles of French sources', () => {
  it('holds lines of several kinds of sources (the copied ones are in real-lines.test.ts)', () => {
    expect(rows.length).toBeGreaterThanOrEqual(150);
    expect(INGREDIENT_LINES.length).toBeGreaterThanOrEqual(6);
  });

  it.each(rows.map(({ source, line }) => [line[0], source, line] as const))(
    '%s',
    (_text, _source, [text, status, val, unit, name, note]) => {
      const read = readIngredientLine(text);
      expect(lineAsRow(read)).toEqual({ status, val, unit, name, note });
      expect(read.text).toBe(text);
    },
  );
});
