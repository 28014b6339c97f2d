/**
 * Colours that stand for domain values on screen. They are presentation only, so they live
 * with the theme rather than in the domain (which the server also runs).
 */
import type { Horaire, Plat } from '@popote/domain';

/** Chip colours by course (spec 3.1): grey, pink, orange, green (Mantine colour names). */
export const PLAT_COLORS: Record<Plat, string> = {
  0: 'gray',
  1: 'pink',
  2: 'orange',
  3: 'green',
};

/** Background colour of a week-view cell per slot (the spec leaves the values to us). */
export const HORAIRE_COLORS: Record<Horaire, string> = {
  0: '#fff4d6',
  1: '#dff3e4',
  2: '#fde2ec',
  3: '#dde8fb',
  4: '#ece3f8',
};
