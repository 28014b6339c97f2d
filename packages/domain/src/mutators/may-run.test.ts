import { beforeEach, describe, expect, it } from 'vitest';
import type { Meal, Menu, ShopList, Stay, StockItem } from '../entities.js';
import { ALICE, BOB, CAROL, FRESH, World, shopLine } from '../../test/mutators-world.js';
import { mayEditMenu, rightsOf } from './access.js';
import { mayRun, mayRunAs, MUTATORS, type MutationName } from './index.js';

/**
 * What screens mirror of the rules (issue 32): mayRun answers as runMutation's access check
 * does, without running anything; mayRunAs answers from a role in the stay alone.
 */
let w: World;
let stay: Stay;
let meal: Meal;
let favourite: Menu;
let list: ShopList;
let standalone: ShopList;
let stock: StockItem;

beforeEach(async () => {
  w = await World.create();
  stay = await w.stay(ALICE);
  meal = await w.meal(stay);
  favourite = await w.menu(ALICE);
  const flour = await w.ingredient(null, { name: 'Farine' });
  list = await w.shopList(stay, { items: [shopLine(flour)] });
  standalone = await w.shopList(stay, { stayId: null, owner: BOB });
  stock = await w.stock(stay, flour);
});

const join = (role: 'plan' | 'keep' | 'read') => w.member(stay, BOB, role, FRESH);

/** What Bob may run, by mayRun, for each role. */
async function bobMay() {
  const may = <N extends MutationName>(name: N, args: Parameters<typeof mayRun<N>>[3]) =>
    mayRun(w.store, BOB, name, args);
  return {
    updateMeal: await may('updateMeal', { id: meal.id }),
    createMeal: await may('createMeal', { stayId: stay.id }),
    addMenuIngredient: await may('addMenuIngredient', { menuId: meal.menuId }),
    favouriteMenu: await may('addMenuIngredient', { menuId: favourite.id }),
    tickShopItem: await may('tickShopItem', { id: list.id }),
    deleteShopList: await may('deleteShopList', { id: list.id }),
    ownList: await may('deleteShopList', { id: standalone.id }),
    updateStock: await may('updateStock', { id: stock.id }),
    deleteStay: await may('deleteStay', { id: stay.id }),
    createRecipe: await may('createRecipe', {}),
  };
}

describe('mayRun', () => {
  it('follows the role, live, as the rules do', async () => {
    const none = {
      updateMeal: false,
      createMeal: false,
      addMenuIngredient: false,
      favouriteMenu: false,
      tickShopItem: false,
      deleteShopList: false,
      ownList: true,
      updateStock: false,
      deleteStay: false,
      createRecipe: true,
    };
    expect(await bobMay()).toEqual(none);
    await join('read');
    expect(await bobMay()).toEqual(none);
    await w.run(ALICE, 'setStayMemberRole', { id: FRESH, role: 'keep' });
    expect(await bobMay()).toEqual({ ...none, tickShopItem: true, updateStock: true });
    await w.run(ALICE, 'setStayMemberRole', { id: FRESH, role: 'plan' });
    expect(await bobMay()).toEqual({
      ...none,
      updateMeal: true,
      createMeal: true,
      addMenuIngredient: true,
      tickShopItem: true,
      deleteShopList: true,
      updateStock: true,
    });
  });

  it('agrees with runMutation', async () => {
    await join('keep');
    expect(await mayRun(w.store, BOB, 'deleteMeal', { id: meal.id })).toBe(false);
    await w.refusal(BOB, 'deleteMeal', { id: meal.id });
    expect(await mayRun(w.store, BOB, 'deleteStock', { id: stock.id })).toBe(true);
    await w.run(BOB, 'deleteStock', { id: stock.id });
    // A row gone, or never readable, is not one to change.
    expect(await mayRun(w.store, BOB, 'deleteStock', { id: stock.id })).toBe(false);
    expect(await mayRun(w.store, CAROL, 'tickShopItem', { id: list.id })).toBe(false);
  });
});

describe('mayEditMenu', () => {
  it("is the menu's owner, or who plans the stay of the meal whose own menu it is", async () => {
    const own = (await w.store.get('menus', meal.menuId))!;
    expect(await mayEditMenu(w.store, ALICE, own)).toBe(true);
    expect(await mayEditMenu(w.store, ALICE, favourite)).toBe(true);
    await join('keep');
    expect(await mayEditMenu(w.store, BOB, own)).toBe(false);
    await w.run(ALICE, 'setStayMemberRole', { id: FRESH, role: 'plan' });
    expect(await mayEditMenu(w.store, BOB, own)).toBe(true);
    // A favourite stays its owner's, used by a meal or not.
    expect(await mayEditMenu(w.store, BOB, favourite)).toBe(false);
  });
});

describe('mayRunAs', () => {
  it('reads the right each mutation declares from the role', () => {
    expect(rightsOf('owner')).toEqual(['manage', 'plan', 'keep']);
    expect(rightsOf(null)).toEqual([]);
    const table = (name: MutationName) =>
      (['owner', 'plan', 'keep', 'read', null] as const).map((role) => mayRunAs(role, name));
    expect(table('createMeal')).toEqual([true, true, false, false, false]);
    expect(table('addMenuRecipe')).toEqual([true, true, false, false, false]);
    expect(table('tickShopItem')).toEqual([true, true, true, false, false]);
    expect(table('addStock')).toEqual([true, true, true, false, false]);
    expect(table('deleteStay')).toEqual([true, false, false, false, false]);
    expect(table('setPurchase')).toEqual([true, true, true, true, true]);
    // A library row's owner is not known from a role.
    expect(table('renameProfile')).toEqual([false, false, false, false, false]);
  });

  it('answers for every mutation', () => {
    for (const name of Object.keys(MUTATORS) as MutationName[]) {
      expect(typeof mayRunAs('owner', name)).toBe('boolean');
    }
  });
});
