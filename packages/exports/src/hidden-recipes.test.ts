/**
 * Issue 30: a recipe its reader may not read is missing from the rows the files are built
 * from (the server's reader view; a device never holds it). Every file names it
 * 'Recette non publiée', with nothing of it, and says its quantities are not counted.
 */
import { describe, expect, it } from 'vitest';
import { compileIngredients, HIDDEN_RECIPE, hiddenNotCounted } from '@popote/domain';
import { HIDDEN_ALLERGENS, planAllergenTable } from './allergen-table.js';
import { planCookbook } from './cookbook-plan.js';
import { ALL_INGREDIENTS_SHEET, planShopping } from './shopping-plan.js';
import { BOLOGNAISE, cookbookInput } from '../test/camp-stay.js';
import { planWeeks } from './week-plan.js';

/** The test stay as a reader who may not read the bolognaise reads it. */
function withoutBolognaise() {
  const input = cookbookInput([0]);
  return { ...input, recipes: input.recipes.filter((r) => r.id !== BOLOGNAISE.id) };
}

describe('a recipe its reader may not read', () => {
  it("is a dish 'Recette non publiée' on the cook sheet, without content, said not counted", () => {
    const [sheet] = planCookbook(withoutBolognaise()).sheets;
    expect(sheet?.menu).toBe(`Pain, ${HIDDEN_RECIPE}`);
    expect(sheet?.blocks.map((b) => b.title)).toEqual(['Autre', HIDDEN_RECIPE]);
    expect(sheet?.blocks[1]).toEqual({
      title: HIDDEN_RECIPE,
      course: '',
      rows: [],
      comments: '',
      notes: [hiddenNotCounted(1)],
    });
    // The reader who may read it sees the recipe itself.
    const [full] = planCookbook(cookbookInput([0])).sheets;
    expect(full?.blocks.map((b) => b.title)).toContain(BOLOGNAISE.name);
    expect(full?.menu).not.toContain(HIDDEN_RECIPE);
  });

  it('is named by the placeholder in the week plan and the allergen table', () => {
    expect(planWeeks(withoutBolognaise())[0]?.cells[0]?.[0]).toBe(`Pain, ${HIDDEN_RECIPE}`);
    const dishes = planAllergenTable(withoutBolognaise()).meals[0]?.dishes ?? [];
    expect(dishes.find((d) => d.name === HIDDEN_RECIPE)).toEqual({
      name: HIDDEN_RECIPE,
      note: HIDDEN_ALLERGENS,
      allergens: [],
    });
    expect(dishes.map((d) => d.name)).not.toContain(BOLOGNAISE.name);
  });

  it('has the reason under the lines of the spreadsheet', () => {
    const input = withoutBolognaise();
    const [all] = planShopping({
      stay: input.stay,
      compiled: compileIngredients(input),
      profile: null,
      notes: [hiddenNotCounted(1)],
    });
    expect(all?.name).toBe(ALL_INGREDIENTS_SHEET);
    expect(all?.rows.slice(-2)).toEqual([[], [hiddenNotCounted(1)]]);
  });
});
