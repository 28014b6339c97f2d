import { describe, expect, it } from 'vitest';
import type { Meal, Menu, Recipe } from '@popote/domain';
import { readPdfPages } from '../test/pdf-text-reader.js';
import { cookbookInput, STAY } from '../test/camp-stay.js';
import { buildWeekPlanPdf } from './week-plan-pdf.js';
import { NO_MEAL, planWeeks } from './week-plan.js';

describe('planWeeks', () => {
  it('lays a week out as days × slots with the menu titles, each meal of a shared slot named by its groups', () => {
    expect(planWeeks(cookbookInput())).toEqual([
      {
        period: 'Du lundi 7 juillet 2025 au vendredi 11 juillet 2025',
        days: ['Lundi 7 juillet 2025', 'Mercredi 9 juillet 2025', 'Vendredi 11 juillet 2025'],
        slots: ['Midi', 'Dîner'],
        cells: [
          ['Bolognaise, Pain', 'Bolognaise (Louveteaux)\nŒufs, Pain (Scouts)', ''],
          ['Tomates, Riz au lait', 'Menu vide', 'Bolognaise'],
        ],
      },
    ]);
  });

  it('has a page per week of 7 days from the stay’s start, and none for a week without meals', () => {
    const input = cookbookInput(Array.from({ length: 21 }, (_, day) => day));
    const later: Meal = { ...input.meals[0]!, id: 90, day: 15, slot: 0 };
    input.meals.push(later);
    const weeks = planWeeks(input);
    expect(weeks.map((w) => w.period)).toEqual([
      'Du lundi 7 juillet 2025 au dimanche 13 juillet 2025',
      'Du lundi 21 juillet 2025 au dimanche 27 juillet 2025',
    ]);
    expect(weeks[0]?.days.length).toBe(7);
    expect(weeks[1]?.slots).toEqual(['Petit déjeuner']);
    expect(weeks[1]?.cells).toEqual([['', 'Bolognaise', '', '', '', '', '']]);
  });
});

describe('buildWeekPlanPdf', () => {
  it('writes one page per week with the stay, the week and the menus', async () => {
    const progress: number[] = [];
    const pages = readPdfPages(await buildWeekPlanPdf(cookbookInput(), (d) => progress.push(d)));
    expect(pages.length).toBe(1);
    expect(pages[0]).toEqual(
      expect.arrayContaining([
        STAY.name,
        'Planning des repas : Du lundi 7 juillet 2025 au vendredi 11 juillet 2025',
        'Lundi 7 juillet 2025',
        'Mercredi 9 juillet 2025',
        'Midi',
        'Dîner',
        'Bolognaise, Pain',
        'Bolognaise (Louveteaux)',
        'Œufs, Pain (Scouts)',
        'Menu vide',
        'page 1 / 1',
      ]),
    );
    expect(progress).toEqual([1]);
  });

  it('keeps a full week of long menus on one page', async () => {
    const input = cookbookInput(Array.from({ length: 7 }, (_, day) => day));
    const recipes: Recipe[] = Array.from({ length: 6 }, (_, i) => ({
      ...input.recipes[0]!,
      id: 300 + i,
      name: `Recette numéro ${i + 1} aux légumes de saison du jardin`,
    }));
    const menu: Menu = { ...input.menus[0]!, id: 400, recipeIds: recipes.map((r) => r.id) };
    input.recipes.push(...recipes);
    input.menus.push(menu);
    input.meals = Array.from({ length: 35 }, (_, i) => ({
      ...input.meals[0]!,
      id: 500 + i,
      day: Math.floor(i / 5),
      slot: (i % 5) as Meal['slot'],
      menuId: menu.id,
    }));
    const pages = readPdfPages(await buildWeekPlanPdf(input));
    expect(pages.length).toBe(1);
    expect(pages[0]).toContain('Dimanche 13 juillet 2025');
    expect(pages[0]).toContain('page 1 / 1');
  });

  it('says so when the days have no meal', async () => {
    const pages = readPdfPages(await buildWeekPlanPdf(cookbookInput([5, 6])));
    expect(pages).toEqual([[STAY.name, 'Planning des repas', NO_MEAL, 'page 1 / 1']]);
  });
});
