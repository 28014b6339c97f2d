import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import {
  AA_TEXT,
  contrastRatio,
  darkenToContrast,
  LUMINANCE_THRESHOLD,
  readableTextOn,
  relativeLuminance,
  toHex,
} from './contrast';
import { cssVariablesResolver, theme } from './theme';
import { GROUP_COLORS } from '../screens/stays/stay-helpers';

describe('contrast', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // Mantine's yellow 9 on yellow 1: what axe measured on the light badges.
    expect(contrastRatio('#e67700', '#fff3bf')).toBeCloseTo(2.68, 1);
    expect(relativeLuminance('#fff')).toBe(1);
  });

  it('darkens a colour until it reads', () => {
    const text = darkenToContrast('#e67700', '#fff3bf');
    expect(contrastRatio(text, '#fff3bf')).toBeGreaterThanOrEqual(5);
    expect(darkenToContrast('#000000', '#ffffff')).toBe('#000000');
  });

  it('puts the autoContrast threshold where black and white read equally', () => {
    expect(LUMINANCE_THRESHOLD).toBeCloseTo(0.179, 3);
    // A group colour axe measured at 3.11:1 with white text now gets black text.
    expect(relativeLuminance('#00aa00')).toBeGreaterThan(LUMINANCE_THRESHOLD);
    expect(contrastRatio('#000000', '#00aa00')).toBeGreaterThan(AA_TEXT);
  });
});

describe('theme text colours', () => {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const light = cssVariablesResolver(merged).light;

  it('keeps every colour readable on its light background and on white', () => {
    for (const [name, shades] of Object.entries(merged.colors)) {
      if (name === 'dark' || name === 'gray') continue;
      const text = light[`--mantine-color-${name}-light-color`] ?? '';
      expect(contrastRatio(text, shades[1]), name).toBeGreaterThanOrEqual(AA_TEXT);
      const outline = light[`--mantine-color-${name}-outline`] ?? '';
      expect(contrastRatio(outline, '#ffffff'), name).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });

  it('darkens links (primary yellow) and dimmed text', () => {
    expect(contrastRatio(light['--mantine-color-anchor'] ?? '', '#ffffff')).toBeGreaterThan(
      AA_TEXT,
    );
    expect(light['--mantine-color-dimmed']).toBe(merged.colors.gray[7]);
    expect(contrastRatio(merged.colors.gray[7], '#ffffff')).toBeGreaterThan(AA_TEXT);
  });

  it("darkens a field's error text (Mantine's red 6 reads at 3.3:1 on white)", () => {
    expect(contrastRatio(merged.colors.red[6], '#ffffff')).toBeLessThan(AA_TEXT);
    expect(contrastRatio(light['--mantine-color-error'] ?? '', '#ffffff')).toBeGreaterThanOrEqual(
      AA_TEXT,
    );
  });

  it('keeps the spec colours: primary yellow', () => {
    expect(merged.primaryColor).toBe('yellow');
  });
});

describe('readableTextOn (text on a colour the user chose)', () => {
  it('chooses black or white by WCAG contrast', () => {
    // The offered group colours: white on the dark ones, black on the others.
    expect(GROUP_COLORS.map((c) => [c, readableTextOn(c)])).toEqual([
      ['#AF0853', '#FFFFFF'], // 7,04:1 (black 2,98:1)
      ['#1C7ED6', '#000000'], // 5,00:1 (white 4,20:1)
      ['#2F9E44', '#000000'], // 6,10:1
      ['#F08C00', '#000000'], // 8,46:1 (white 2,48:1)
      ['#7048E8', '#FFFFFF'], // 5,55:1
      ['#0C8599', '#000000'], // 4,83:1 (white 4,35:1)
      ['#E8590C', '#000000'], // 5,87:1
      ['#5C940D', '#000000'], // 5,70:1
    ]);
    expect(contrastRatio('#000000', '#1C7ED6')).toBeCloseTo(5.0, 2);
    expect(contrastRatio('#FFFFFF', '#AF0853')).toBeCloseTo(7.04, 2);
    // A light custom colour, and the seeded red of the tests.
    expect(readableTextOn('#FFF3A0')).toBe('#000000');
    expect(contrastRatio('#000000', '#FFF3A0')).toBeCloseTo(18.58, 1);
    expect(readableTextOn('#aa0000')).toBe('#FFFFFF');
    expect(readableTextOn('#fff')).toBe('#000000');
    // Either side of the crossing: #777777 (luminance 0,184) and #757575 (0,178).
    expect(readableTextOn('#777777')).toBe('#000000');
    expect(readableTextOn('#757575')).toBe('#FFFFFF');
  });

  it('reaches 4.5:1 on every grey and on every colour of a coarse RGB grid', () => {
    let worst = 21;
    for (let r = 0; r <= 255; r += 17) {
      for (let g = 0; g <= 255; g += 17) {
        for (let b = 0; b <= 255; b += 17) {
          const background = toHex([r, g, b]);
          worst = Math.min(worst, contrastRatio(readableTextOn(background), background));
        }
      }
    }
    for (let v = 0; v <= 255; v++) {
      const grey = toHex([v, v, v]);
      worst = Math.min(worst, contrastRatio(readableTextOn(grey), grey));
    }
    expect(worst).toBeGreaterThanOrEqual(AA_TEXT);
    expect(worst).toBeLessThan(4.6); // √21 ≈ 4,58 at the crossing: the bound is tight.
  });

  it('answers black for a colour that is not a hex code (no background is drawn)', () => {
    expect(readableTextOn('rouge')).toBe('#000000');
    expect(readableTextOn('')).toBe('#000000');
  });
});
