/**
 * Issue 30, case 3: an undo puts back only what its user could write at that moment. Each
 * table's restore follows the rules of the mutators that make the same change (ownership, the
 * shared ingredient's freeze, unique names and tokens, limits, other users' rows), refusing
 * what they refuse or mending it as restore.ts says (a lost or foreign reference dropped).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Ingredient, Stay } from '../entities.js';
import { IngredientKind, Plat, Unite } from '../enums.js';
import { MAX_ITEMS_PER_MENU } from '../limits.js';
import { INGREDIENT_SHARED, runMutation } from './index.js';
import { RESTORE_MOVES } from './restore.js';
import { refusalChecker } from '../../test/refusal-checker.js';
import { ALICE, BOB, FRESH, World, shopLine } from '../../test/mutators-world.js';

const quantity = { val: 100, unite: Unite.G, forPeople: 1 };

let w: World;
const expectRefusal = refusalChecker(() => w);

/** The undo of one row, as a device would push it. */
const restoreOf = (table: string, row: object) => ({ put: [{ table, row }], remove: [] });
/** Runs an undo that must be accepted (its rows forged by the test, hence not typed). */
const restore = (userId: number, args: unknown) =>
  runMutation(w.as(userId), 'restoreSnapshot', args);

beforeEach(async () => {
  w = await World.create();
});

describe("restoring an ingredient another user's recipe or menu uses (the freeze)", () => {
  let sel: Ingredient;
  beforeEach(async () => {
    // Bob's ingredient, with its facts; Alice's recipe uses it: its name and category froze.
    sel = await w.ingredient(BOB, { name: 'Sel de Guérande', kind: 0, allergens: [6], diet: [1] });
    await w.recipe(ALICE, { ingredients: [{ ingredientId: sel.id, quantity }] });
  });

  it('refuses a new name or category, as updateIngredient does', async () => {
    for (const row of [
      { ...sel, name: 'Mort-aux-rats' },
      { ...sel, kind: IngredientKind.Laitages },
      { ...sel, name: 'Mort-aux-rats', kind: IngredientKind.Laitages, allergens: [], diet: [] },
    ]) {
      await expectRefusal(
        BOB,
        'restoreSnapshot',
        restoreOf('ingredients', row),
        'conflict',
        INGREDIENT_SHARED,
      );
    }
  });

  it("refuses it when another user's menu uses it", async () => {
    const poivre = await w.ingredient(BOB, { name: 'Poivre' });
    await w.menu(ALICE, { ingredients: [{ ingredientId: poivre.id, quantity, plat: Plat.Autre }] });
    await expectRefusal(
      BOB,
      'restoreSnapshot',
      restoreOf('ingredients', { ...poivre, name: 'Mort-aux-rats' }),
      'conflict',
      INGREDIENT_SHARED,
    );
  });

  it('lets its facts and freshness change, as updateIngredient does, stored as it stores them', async () => {
    await restore(
      BOB,
      restoreOf('ingredients', { ...sel, allergens: [6, 2], diet: [], fresh: true }),
    );
    expect(await w.get('ingredients', sel.id)).toEqual({
      id: sel.id,
      name: 'Sel de Guérande',
      kind: 0,
      owner: BOB,
      fresh: true,
      allergens: [2, 6],
    });
  });

  it('lets its owner rename it while only they use it, the name trimmed and free', async () => {
    const farine = await w.ingredient(BOB, { name: 'Farine' });
    await w.recipe(BOB, { ingredients: [{ ingredientId: farine.id, quantity }] });
    await restore(BOB, restoreOf('ingredients', { ...farine, name: ' Farine de riz ', kind: 1 }));
    expect(await w.get('ingredients', farine.id)).toMatchObject({ name: 'Farine de riz', kind: 1 });
    await expectRefusal(
      BOB,
      'restoreSnapshot',
      restoreOf('ingredients', { ...farine, name: 'sel de guerande' }),
      'conflict',
      "L'ingrédient « sel de guerande » existe déjà.",
    );
    await expectRefusal(
      BOB,
      'restoreSnapshot',
      restoreOf('ingredients', { ...farine, name: '   ' }),
      'invalid',
      "Le nom de l'ingrédient ne peut pas être vide.",
    );
  });

  it("refuses another user's ingredient, and the catalogue's", async () => {
    const catalogue = await w.ingredient(null, { name: 'Beurre' });
    await expectRefusal(
      ALICE,
      'restoreSnapshot',
      restoreOf('ingredients', { ...sel, name: 'Mort-aux-rats' }),
      'forbidden',
      'Seul son propriétaire peut modifier cet ingrédient.',
    );
    await expectRefusal(
      ALICE,
      'restoreSnapshot',
      restoreOf('ingredients', { ...sel, owner: ALICE, name: 'Mort-aux-rats' }),
      'forbidden',
      'Seul son propriétaire peut modifier cet ingrédient.',
    );
    await expectRefusal(
      ALICE,
      'restoreSnapshot',
      restoreOf('ingredients', { ...catalogue, owner: ALICE }),
      'forbidden',
      'Seul son propriétaire peut modifier cet ingrédient.',
    );
  });

  it('brings a deleted ingredient back under the rules of createIngredient', async () => {
    const row = { id: FRESH, name: 'Sel de guérande', kind: 0, owner: BOB };
    await expectRefusal(
      BOB,
      'restoreSnapshot',
      restoreOf('ingredients', row),
      'conflict',
      "L'ingrédient « Sel de guérande » existe déjà.",
    );
    await restore(BOB, restoreOf('ingredients', { ...row, name: 'Gros sel' }));
    expect(await w.get('ingredients', FRESH)).toEqual({ ...row, name: 'Gros sel' });
  });
});

describe("restoring another user's row, of every table", () => {
  it('is refused, whether the row names its owner or the user', async () => {
    const stay = await w.stay(BOB);
    const profile = await w.profile(BOB);
    const ingredient = await w.ingredient(BOB);
    const meal = await w.meal(stay);
    const rows: [string, { owner: number | null }, string][] = [
      ['stays', stay, 'ce séjour'],
      ['groups', await w.group(stay), 'ce groupe'],
      ['meals', meal, 'ce repas'],
      ['menus', (await w.get('menus', meal.menuId))!, 'ce menu'],
      ['recipes', await w.recipe(BOB), 'cette recette'],
      ['ingredients', ingredient, 'cet ingrédient'],
      ['profiles', profile, 'ce profil'],
      ['suppliers', await w.supplier(profile), 'ce fournisseur'],
      ['stock', await w.stock(stay, ingredient), 'cette réserve'],
      ['shopLists', await w.shopList(stay), 'cette liste de courses'],
    ];
    for (const [table, row, what] of rows) {
      const owner = `Seul son propriétaire peut modifier ${what}.`;
      await expectRefusal(ALICE, 'restoreSnapshot', restoreOf(table, row), 'forbidden', owner);
      // Claimed as hers: what she may read is Bob's (forbidden); the rest is not there for her.
      const { error, before, after } = await w.refusal(
        ALICE,
        'restoreSnapshot',
        restoreOf(table, { ...row, owner: ALICE }),
      );
      expect(error.code, table).toBe(
        ['ingredients', 'profiles', 'suppliers'].includes(table) ? 'forbidden' : 'not_found',
      );
      expect(after, table).toEqual(before);
    }
  });

  it('refuses a purchase row: an undo never puts prices back', async () => {
    const purchase = await w.purchase(ALICE, await w.ingredient(ALICE));
    await expectRefusal(
      ALICE,
      'restoreSnapshot',
      restoreOf('purchases', { ...purchase, prices: [] }),
      'invalid',
      'Modification invalide : le champ « put.0 » est manquant ou mal formé.',
    );
  });
});

describe("restoring a row under another user's row, or against a mutator's rule", () => {
  let stay: Stay;
  let bobStay: Stay;
  beforeEach(async () => {
    stay = await w.stay(ALICE);
    bobStay = await w.stay(BOB);
  });
  const gone = (what: string) => `${what} n'existe pas ou n'est plus disponible.`;

  it("stays: a malformed export link is refused; another user's profile kept, as setStayProfile does", async () => {
    const bobProfile = await w.profile(BOB);
    await expectRefusal(
      ALICE,
      'restoreSnapshot',
      restoreOf('stays', { ...stay, exportSecret: 'a'.repeat(43) }),
      'invalid',
      "Le lien d'export est mal formé.",
    );
    await restore(ALICE, restoreOf('stays', { ...stay, name: ' Camp ', profileId: bobProfile.id }));
    expect(await w.get('stays', stay.id)).toEqual({ ...stay, profileId: bobProfile.id });
  });

  it("groups: not in another user's stay, not moved to another stay; needs stored tidy", async () => {
    const group = await w.group(stay);
    const other = await w.stay(ALICE);
    for (const [row, code, message] of [
      [{ ...group, stayId: bobStay.id }, 'invalid', gone('Ce séjour')],
      [{ ...group, stayId: other.id }, 'invalid', RESTORE_MOVES],
    ] as const) {
      await expectRefusal(ALICE, 'restoreSnapshot', restoreOf('groups', row), code, message);
    }
    const needs = { diets: { 1: 2, 2: 0 }, allergies: { 0: 0 }, notes: '  ' };
    await restore(ALICE, restoreOf('groups', { ...group, needs }));
    expect(await w.get('groups', group.id)).toEqual({
      ...group,
      needs: { diets: { 1: 2 }, allergies: {}, notes: '' },
    });
    await restore(
      ALICE,
      restoreOf('groups', { ...group, needs: { diets: {}, allergies: {}, notes: '' } }),
    );
    expect(await w.get('groups', group.id)).toEqual(group);
  });

  it("meals: another user's private menu refused, a published one taken; not moved; other users' recipes dropped", async () => {
    const meal = await w.meal(stay);
    const other = await w.stay(ALICE);
    const bobMeal = await w.meal(bobStay);
    const published = await w.menu(BOB, { isPublished: true });
    const g = await w.group(stay);
    const own = await w.recipe(ALICE);
    const bobs = await w.recipe(BOB, { isPublished: true });
    await expectRefusal(
      ALICE,
      'restoreSnapshot',
      restoreOf('meals', { ...meal, menuId: bobMeal.menuId }),
      'invalid',
      gone('Ce menu'),
    );
    await expectRefusal(
      ALICE,
      'restoreSnapshot',
      restoreOf('meals', { ...meal, stayId: other.id }),
      'invalid',
      RESTORE_MOVES,
    );
    const alternative = { kind: 'diet', code: 1, people: 2 };
    await restore(
      ALICE,
      restoreOf('meals', {
        ...meal,
        menuId: published.id,
        groupIds: [g.id, g.id],
        alternatives: [
          { ...alternative, recipeIds: [bobs.id, own.id] },
          { ...alternative, code: 2, recipeIds: [bobs.id] },
        ],
      }),
    );
    // As setMealMenu (a published menu) and setMealAlternative (one's own recipes only).
    expect(await w.get('meals', meal.id)).toEqual({
      ...meal,
      menuId: published.id,
      groupIds: [g.id],
      alternatives: [{ ...alternative, recipeIds: [own.id] }],
    });
  });

  it('menus: each item once and no more than a menu holds; a favourite stays one', async () => {
    const menu = await w.menu(ALICE, { isFavorite: true });
    const salt = await w.ingredient(ALICE);
    const line = { ingredientId: salt.id, quantity, plat: Plat.Autre };
    const own = await w.recipe(ALICE);
    const items = Array.from({ length: MAX_ITEMS_PER_MENU }, (_, i) => ({
      ...line,
      ingredientId: i + 1,
    }));
    for (const [row, code, message] of [
      [{ ...menu, ingredients: [line, line] }, 'conflict', 'Cet ingrédient est déjà dans le menu.'],
      [
        { ...menu, recipeIds: [own.id, own.id] },
        'conflict',
        'Cette recette est déjà dans le menu.',
      ],
      [
        { ...menu, ingredients: items, recipeIds: [own.id] },
        'invalid',
        `Un menu ne peut pas contenir plus de ${MAX_ITEMS_PER_MENU} éléments.`,
      ],
    ] as const) {
      await expectRefusal(ALICE, 'restoreSnapshot', restoreOf('menus', row), code, message);
    }
    // Bob's private recipe is not Alice's to use (addMenuRecipe): dropped; a published one kept.
    const secret = await w.recipe(BOB);
    const shared = await w.recipe(BOB, { isPublished: true });
    await restore(
      ALICE,
      restoreOf('menus', { ...menu, isFavorite: false, recipeIds: [secret.id, shared.id, own.id] }),
    );
    expect(await w.get('menus', menu.id)).toEqual({ ...menu, recipeIds: [shared.id, own.id] });
  });

  it('recipes: a name, free, and each ingredient once', async () => {
    const recipe = await w.recipe(ALICE, { name: 'Gratin' });
    const salt = await w.ingredient(ALICE);
    const line = { ingredientId: salt.id, quantity };
    for (const [row, code, message] of [
      [
        { ...recipe, ingredients: [line, line] },
        'conflict',
        'Cet ingrédient est déjà dans la recette.',
      ],
      [{ ...recipe, name: ' ' }, 'invalid', 'Le nom de la recette ne peut pas être vide.'],
    ] as const) {
      await expectRefusal(ALICE, 'restoreSnapshot', restoreOf('recipes', row), code, message);
    }
    await restore(
      ALICE,
      restoreOf('recipes', { ...recipe, name: ' Gratin ', ingredients: [line] }),
    );
    expect(await w.get('recipes', recipe.id)).toEqual({ ...recipe, ingredients: [line] });
  });

  it('profiles and suppliers: names, and no supplier in or moved to another profile', async () => {
    const profile = await w.profile(ALICE);
    const supplier = await w.supplier(profile);
    const otherProfile = await w.profile(ALICE);
    const stranger = await w.supplier(otherProfile);
    const bobProfile = await w.profile(BOB);
    const salt = await w.ingredient(ALICE);
    for (const [table, row, code, message] of [
      ['profiles', { ...profile, name: '' }, 'invalid', 'Le nom du profil ne peut pas être vide.'],
      [
        'suppliers',
        { ...supplier, name: ' ' },
        'invalid',
        'Le nom du fournisseur ne peut pas être vide.',
      ],
      ['suppliers', { ...supplier, profileId: bobProfile.id }, 'invalid', gone('Ce profil')],
      ['suppliers', { ...supplier, profileId: otherProfile.id }, 'invalid', RESTORE_MOVES],
    ] as const) {
      await expectRefusal(ALICE, 'restoreSnapshot', restoreOf(table, row), code, message);
    }
    // A link to another profile's supplier is dropped, as the mapping mutators never make one.
    await restore(
      ALICE,
      restoreOf('profiles', {
        ...profile,
        ingredientLinks: [{ ingredientId: salt.id, supplierId: stranger.id }],
        kindLinks: [
          { kind: 0, supplierId: stranger.id },
          { kind: 1, supplierId: supplier.id },
        ],
      }),
    );
    expect(await w.get('profiles', profile.id)).toEqual({
      ...profile,
      kindLinks: [{ kind: 1, supplierId: supplier.id }],
    });
  });

  it("stock and lists: not in another user's stay, not moved; another list's link dropped", async () => {
    const salt = await w.ingredient(ALICE);
    const entry = await w.stock(stay, salt);
    const list = await w.shopList(stay, { items: [shopLine(salt)] });
    const other = await w.stay(ALICE);
    for (const [table, row, message] of [
      ['stock', { ...entry, stayId: bobStay.id }, gone('Ce séjour')],
      ['stock', { ...entry, stayId: other.id }, RESTORE_MOVES],
      ['shopLists', { ...list, stayId: bobStay.id }, gone('Ce séjour')],
      ['shopLists', { ...list, stayId: null }, RESTORE_MOVES],
      ['shopLists', { ...list, name: ' ' }, 'Le nom de la liste ne peut pas être vide.'],
    ] as const) {
      await expectRefusal(ALICE, 'restoreSnapshot', restoreOf(table, row), 'invalid', message);
    }
    // Bob's list's link stays his (shareShopList refuses it): Alice's list comes back unshared.
    const share = { token: 'Zm9vYmFyLWJhei1xdXV4LTEyMzQ1Njc4', created: list.created };
    await w.shopList(bobStay, { share });
    await restore(ALICE, restoreOf('shopLists', { ...list, share }));
    expect((await w.get('shopLists', list.id))?.share).toBeNull();
  });
});
