import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import {
  AA_TEXT,
  contrastRatio,
  darkenToContrast,
  LUMINANCE_THRESHOLD,
  relativeLuminance,
} from './contrast';
import { cssVariablesResolver, theme } from './theme';

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

  it('keeps the spec colours: primary yellow', () => {
    expect(merged.primaryColor).toBe('yellow');
  });
});
