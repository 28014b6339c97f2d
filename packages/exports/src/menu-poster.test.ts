/**
 * The menu poster (issue 35): the test kit's stay (from Monday 7 July 2025), with allergens on
 * its ingredients; days 0, 2 and 4 are in the first week; day 8 in the second. Each dish of
 * the chosen days is on its day and slot with its allergens; the PDF, A4 or A3, says so too.
 */
import { describe, expect, it } from 'vitest';
import { Allergen } from '@popote/domain';
import { menuPosterFileName } from './file-names.js';
import type { MenuPosterInput } from './menu-poster.js';
import { planMenuPoster, posterAllergens } from './menu-poster.js';
import { buildMenuPosterPdf } from './menu-poster-pdf.js';
import { readPdfPageItems, readPdfPages } from '../test/pdf-text-reader.js';
import { cookbookInput, ING } from '../test/camp-stay.js';

function posterInput(days?: number[]): MenuPosterInput {
  const input = cookbookInput(days);
  const allergens: Record<number, number[]> = {
    [ING.pates.id]: [Allergen.Gluten],
    [ING.pain.id]: [Allergen.Gluten, Allergen.Sesame],
    [ING.lait.id]: [Allergen.Lait],
    [ING.oeufs.id]: [Allergen.Oeufs],
  };
  input.ingredients = input.ingredients.map((i) =>
    allergens[i.id] ? { ...i, allergens: allergens[i.id] } : i,
  );
  return input;
}

describe('the menu poster plan', () => {
  const plan = planMenuPoster(posterInput());
  const [week, ...others] = plan.pages;

  it('puts the chosen days of a week on one page, the slots served as rows', () => {
    expect(others).toEqual([]);
    expect(plan.stayName).toBe('Camp d’été');
    expect(plan.period).toBe('Jours : Lun. 7-07, Mer. 9-07, Ven. 11-07');
    expect(week?.period).toBe('Du lundi 7 juillet 2025 au vendredi 11 juillet 2025');
    expect(week?.days).toEqual(['Lundi 7 juillet', 'Mercredi 9 juillet', 'Vendredi 11 juillet']);
    // Wednesday's dinner has an empty menu: nothing served, but Monday's dinner is.
    expect(week?.slots).toEqual(['Midi', 'Dîner']);
  });

  it('gives each dish with its allergens, recipes and a menu’s own ingredients alike', () => {
    const [lunch, dinner] = week!.cells;
    expect(lunch?.[0]).toEqual([
      {
        groups: '',
        dishes: [
          { name: 'Bolognaise', note: '', allergens: 'Allergènes : Gluten' },
          { name: 'Pain', note: '', allergens: 'Allergènes : Gluten, Sésame' },
        ],
      },
    ]);
    // Two meals on Wednesday lunch: each says whose it is.
    expect(lunch?.[1]).toEqual([
      {
        groups: 'Louveteaux',
        dishes: [{ name: 'Bolognaise', note: '', allergens: 'Allergènes : Gluten' }],
      },
      {
        groups: 'Scouts',
        dishes: [
          { name: 'Œufs', note: '', allergens: 'Allergènes : Œufs' },
          { name: 'Pain', note: '', allergens: 'Allergènes : Gluten, Sésame' },
        ],
      },
    ]);
    expect(dinner?.[0]).toEqual([
      {
        groups: '',
        dishes: [
          { name: 'Tomates', note: '', allergens: '' },
          { name: 'Riz au lait', note: '', allergens: 'Allergènes : Lait' },
        ],
      },
    ]);
    expect(dinner?.[1]).toEqual([]);
  });

  it('makes a page per week', () => {
    const pages = planMenuPoster(posterInput([0, 1, 8])).pages;
    expect(pages.map((p) => p.days)).toEqual([['Lundi 7 juillet', 'Mardi 8 juillet']]);
    expect(posterAllergens([])).toBe('');
  });
});

describe('the menu poster PDF', () => {
  it('holds each dish with its allergens, the stay and the week', async () => {
    const pages = readPdfPages(await buildMenuPosterPdf({ ...posterInput(), format: 'a4' }));
    expect(pages).toHaveLength(1);
    const texts = pages[0]!;
    expect(texts).toEqual(
      expect.arrayContaining([
        'Menus - Camp d’été',
        'Du lundi 7 juillet 2025 au vendredi 11 juillet 2025',
        // Each day's head: its weekday over its date.
        'Lundi',
        '7 juillet',
        'Mercredi',
        '9 juillet',
        'Vendredi',
        '11 juillet',
        'Midi',
        'Dîner',
        'Louveteaux',
        'Scouts',
        'Tomates',
        'Riz au lait',
        'Allergènes : Lait',
        'Œufs',
        'Allergènes : Œufs',
        'page 1 / 1',
      ]),
    );
    // Each dish is followed by its allergens.
    const after = (dish: string) => texts.filter((_, i) => texts[i - 1] === dish);
    expect(after('Bolognaise')).toEqual(Array(3).fill('Allergènes : Gluten'));
    expect(after('Pain')).toEqual(Array(2).fill('Allergènes : Gluten, Sésame'));
    expect(texts.join(' ')).toContain('14 à déclarer');
  });

  it('is larger on A3, its type too', async () => {
    const size = async (format: 'a4' | 'a3') => {
      const bytes = await buildMenuPosterPdf({ ...posterInput(), format });
      const text = new TextDecoder('latin1').decode(bytes);
      const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/u.exec(text);
      const items = readPdfPageItems(bytes)[0]!;
      const dish = items.find((i) => i.text === 'Riz au lait');
      return { width: Number(box?.[1]), height: Number(box?.[2]), x: dish?.x ?? 0 };
    };
    const a4 = await size('a4');
    const a3 = await size('a3');
    expect(a4.width).toBeGreaterThan(a4.height);
    expect(Math.round(a4.width)).toBe(842);
    expect(Math.round(a3.width)).toBe(1191);
    expect(a3.x / a4.x).toBeCloseTo(Math.SQRT2, 1);
  });

  it('keeps a full week on one page, no dish name cut', async () => {
    const input = posterInput([0, 1, 2, 3, 4, 5, 6]);
    let id = 500;
    input.meals = [0, 1, 2, 3, 4, 5, 6].flatMap((day) =>
      ([0, 1, 2, 3] as const).map((slot) => ({
        id: id++,
        stayId: 1,
        owner: 1,
        menuId: [40, 41, 43][(day + slot) % 3]!,
        day,
        slot,
        additionalPeople: 0,
        groupIds: [20],
      })),
    );
    for (const format of ['a4', 'a3'] as const) {
      const pages = readPdfPages(await buildMenuPosterPdf({ ...input, format }));
      expect(pages).toHaveLength(1);
      const texts = pages[0]!;
      expect(texts.filter((t) => t === 'Bolognaise')).toHaveLength(10);
      expect(texts.filter((t) => t === 'Riz au lait')).toHaveLength(9);
      expect(texts).toEqual(expect.arrayContaining(['Dimanche', '13 juillet', 'Dîner']));
    }
  });

  it('says when nothing is served', async () => {
    const pages = readPdfPages(await buildMenuPosterPdf({ ...posterInput([6]), format: 'a4' }));
    expect(pages[0]).toContain('Aucun plat pour les jours choisis.');
    expect(menuPosterFileName('Camp d’été')).toBe('Camp d’été Affiche des menus.pdf');
  });
});
