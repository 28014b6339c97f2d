/**
 * WCAG contrast arithmetic for the theme (issue 13): text colours are chosen here once, so that
 * no screen has to pick its own shade to be readable.
 */

/** WCAG AA for normal text; the theme aims a little above it. */
export const AA_TEXT = 4.5;
/** What the theme's text colours reach against the light background of their colour. */
export const TARGET_TEXT = 5;

/**
 * The relative-luminance threshold where black and white text give the same contrast (both
 * √(1.05 × 0.05) − 0.05 ≈ 0.179): above it black reads better, below it white does. Mantine's
 * autoContrast uses 0.3 by default, which leaves white text on mid colours at about 3:1.
 */
export const LUMINANCE_THRESHOLD = Math.sqrt(1.05 * 0.05) - 0.05;

type Rgb = [number, number, number];

/** #rgb or #rrggbb to 0-255 channels. */
export function parseHex(hex: string): Rgb {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/iu.exec(hex.trim());
  if (!match?.[1]) throw new Error(`Not a hex colour: ${hex}`);
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as Rgb;
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** WCAG relative luminance of a hex colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two hex colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * `color` darkened (towards black, keeping its hue) until it reaches `target` contrast
 * against `background`; `color` itself when it already does.
 */
export function darkenToContrast(color: string, background: string, target = TARGET_TEXT): string {
  const rgb = parseHex(color);
  for (let factor = 1; factor >= 0; factor -= 0.02) {
    const candidate = toHex(rgb.map((c) => c * factor) as Rgb);
    if (contrastRatio(candidate, background) >= target) return candidate;
  }
  return '#000000';
}

export const BLACK = '#000000';
export const WHITE = '#FFFFFF';

/**
 * The text colour that reads on `background`, a colour the user chose (a group's): black or
 * white, whichever contrasts more (WCAG). One of them always reaches 4.5:1, whatever the colour:
 * the worse background (luminance at LUMINANCE_THRESHOLD) gives both √21 ≈ 4.58:1. A colour that
 * is not a hex code is drawn by no background at all (the browser drops it): black, as on the
 * page.
 */
export function readableTextOn(background: string): typeof BLACK | typeof WHITE {
  let luminance: number;
  try {
    luminance = relativeLuminance(background);
  } catch {
    return BLACK;
  }
  return luminance > LUMINANCE_THRESHOLD ? BLACK : WHITE;
}
