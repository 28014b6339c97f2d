import { describe, expect, it } from 'vitest';
import { REAL_LINES } from '../../test/recipe-reading/real-lines.fixture.js';
import { lineAsRow } from '../../test/recipe-reading/line-as-row.js';
import { readIngredientLine } from './ingredient-line.js';

const rows = REAL_LINES.flatMap(({ url, lines }) => lines.map((line) => ({ url, line })));

describe('readIngredientLine on lines copied from public recipe pages', () => {
  it('holds at least 150 lines from at least 6 sites, each line once', () => {
    expect(rows.length).toBeGreaterThanOrEqual(150);
    expect(new Set(REAL_LINES.map((p) => p.site)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(rows.map((r) => `${r.url} ${r.line[0]}`)).size).toBe(rows.length);
  });

  it.each(rows.map(({ url, line }) => [line[0], url, line] as const))(
    '%s',
    (_text, _url, [text, status, val, unit, name, note]) => {
      const read = readIngredientLine(text);
      expect(lineAsRow(read)).toEqual({ status, val, unit, name, note });
      // Never dropped: the text comes back as written.
      expect(read.text).toBe(text.trim());
    },
  );
});
