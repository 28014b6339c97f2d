import { beforeEach, describe, expect, it } from 'vitest';
import { describeMutation } from './describe-mutation.js';
import { MemoryStore } from './memory-store.js';
import { World } from '../test/mutators-world.js';

const ME = 1;
const NOW = '2024-05-01T10:00:00.000Z';
const q = (val: number, unite: 0 | 1 | 2 | 3 | 4, forPeople: number) => ({ val, unite, forPeople });

let store: MemoryStore;
const say = (name: string, args: unknown) => describeMutation(store, name, args);

beforeEach(async () => {
  store = new MemoryStore();
  // A stay starting on Monday 3 July 2023, with a group and two meals.
  await store.put('stays', {
    id: 10,
    owner: ME,
    name: 'Colo des Glénans',
    start: '2023-07-03',
    profileId: null,
    exportSecret: null,
  });
  await store.put('groups', {
    id: 20,
    stayId: 10,
    owner: ME,
    name: 'Grands',
    color: '#ff0000',
    size: 12,
  });
  await store.put('ingredients', { id: 30, name: 'Tomates', kind: 1, owner: ME });
  await store.put('ingredients', { id: 31, name: 'Pain', kind: 6, owner: null });
  await store.put('recipes', {
    id: 40,
    owner: ME,
    name: 'Lasagnes',
    plat: 2,
    description: '',
    isPublished: false,
    updated: NOW,
    ingredients: [{ ingredientId: 30, quantity: q(1, 1, 10) }],
  });
  // The private menu of Monday's dinner, and a favourite menu.
  await store.put('menus', {
    id: 50,
    owner: ME,
    isFavorite: false,
    isPublished: false,
    updated: NOW,
    ingredients: [{ ingredientId: 30, quantity: q(2, 1, 10), plat: 3 }],
    recipeIds: [],
  });
  await store.put('menus', {
    id: 51,
    owner: ME,
    isFavorite: true,
    isPublished: false,
    updated: NOW,
    ingredients: [{ ingredientId: 31, quantity: q(1, 0, 4), plat: 0 }],
    recipeIds: [40],
  });
  await store.put('meals', {
    id: 60,
    stayId: 10,
    owner: ME,
    menuId: 50,
    day: 0,
    slot: 3,
    additionalPeople: 0,
    groupIds: [20],
  });
  await store.put('meals', {
    id: 61,
    stayId: 10,
    owner: ME,
    menuId: 52,
    day: 1,
    slot: 1,
    additionalPeople: 2,
    groupIds: [],
  });
  await store.put('profiles', {
    id: 70,
    owner: ME,
    name: 'Intermarché',
    ingredientLinks: [],
    kindLinks: [],
  });
  await store.put('suppliers', { id: 80, profileId: 70, owner: ME, name: 'Boulangerie Martin' });
});

describe('describeMutation', () => {
  it('names the ingredient, the meal, its day and its stay', async () => {
    expect(
      await say('addMenuIngredient', { menuId: 50, ingredientId: 31, stayId: 10, now: NOW }),
    ).toBe(
      "Ajout de l'ingrédient « Pain » au menu du dîner du lundi 3 juillet 2023 (séjour « Colo des Glénans »)",
    );
    expect(
      await say('updateMenuIngredient', {
        menuId: 50,
        ingredientId: 30,
        quantity: q(0.5, 1, 10),
        plat: 3,
        now: NOW,
      }),
    ).toBe(
      "Modification de l'ingrédient « Tomates » dans le menu du dîner du lundi 3 juillet 2023 (séjour « Colo des Glénans ») : 500 gr pour 10 personnes",
    );
    // A fixed quantity (issue 21) is said as such, not for a number of people.
    expect(
      await say('updateMenuIngredient', {
        menuId: 50,
        ingredientId: 30,
        quantity: { ...q(0.5, 1, 10), fixed: true },
        plat: 3,
        now: NOW,
      }),
    ).toBe(
      "Modification de l'ingrédient « Tomates » dans le menu du dîner du lundi 3 juillet 2023 (séjour « Colo des Glénans ») : 500 gr (quantité fixe)",
    );
    expect(await say('removeMenuItem', { menuId: 51, itemId: 40, isRecipe: true, now: NOW })).toBe(
      'Retrait de la recette « Lasagnes » du menu favori « Lasagnes, Pain »',
    );
  });

  it('describes meals by slot and French date', async () => {
    expect(
      await say('createMeal', { id: 62, menuId: 53, stayId: 10, day: 2, slot: 0, now: NOW }),
    ).toBe('Ajout du petit déjeuner du mercredi 5 juillet 2023 (séjour « Colo des Glénans »)');
    expect(await say('deleteMeal', { id: 61 })).toBe(
      'Suppression du repas de midi du mardi 4 juillet 2023 (séjour « Colo des Glénans »)',
    );
    expect(await say('updateMeal', { id: 60, day: 1, slot: 2 })).toBe(
      'Modification du dîner du lundi 3 juillet 2023 (séjour « Colo des Glénans ») : déplacé au goûter du mardi 4 juillet 2023',
    );
    expect(await say('updateMeal', { id: 61, additionalPeople: -3 })).toBe(
      'Modification du repas de midi du mardi 4 juillet 2023 (séjour « Colo des Glénans ») : -3 personnes en plus des groupes',
    );
    expect(await say('moveMealGroup', { groupId: 20, fromMealId: 60, toMealId: 61 })).toBe(
      'Déplacement du groupe « Grands » du dîner du lundi 3 juillet 2023 (séjour « Colo des Glénans ») vers le repas de midi du mardi 4 juillet 2023 (séjour « Colo des Glénans »)',
    );
    expect(await say('swapMealMenus', { mealId1: 60, mealId2: 61 })).toBe(
      'Permutation des menus du dîner du lundi 3 juillet 2023 (séjour « Colo des Glénans ») et du repas de midi du mardi 4 juillet 2023 (séjour « Colo des Glénans »)',
    );
    expect(await say('setMealMenu', { mealId: 60, menuId: 51 })).toBe(
      'Choix du menu favori « Lasagnes, Pain » pour le dîner du lundi 3 juillet 2023 (séjour « Colo des Glénans »)',
    );
  });

  it('says what an update changes', async () => {
    expect(await say('updateStay', { id: 10, name: 'Colo 2024', start: '2024-07-01' })).toBe(
      'Modification du séjour « Colo des Glénans » : nouveau nom « Colo 2024 », début le lundi 1er juillet 2024',
    );
    expect(await say('updateGroup', { id: 20, size: 1 })).toBe(
      'Modification du groupe « Grands » du séjour « Colo des Glénans » : taille 1 personne',
    );
    expect(await say('updateIngredient', { id: 30, kind: 4 })).toBe(
      "Modification de l'ingrédient « Tomates » : catégorie « Épicerie »",
    );
    expect(await say('renameSupplier', { id: 80, name: 'Fournil' })).toBe(
      'Renommage du fournisseur « Boulangerie Martin » en « Fournil »',
    );
  });

  it('names what a creation would have made, from its arguments', async () => {
    expect(await say('createStay', { id: 11, name: 'Camp de ski', start: '2024-02-01' })).toBe(
      'Création du séjour « Camp de ski » : début le jeudi 1er février 2024',
    );
    expect(await say('createIngredient', { id: 32, name: 'Courgettes', kind: 1 })).toBe(
      "Création de l'ingrédient « Courgettes » (Fruits et légumes)",
    );
    expect(
      await say('createGroup', {
        id: 21,
        stayId: 10,
        name: 'Petits',
        color: '#00ff00',
        size: 8,
      }),
    ).toBe('Ajout du groupe « Petits » (8 personnes) au séjour « Colo des Glénans »');
    expect(
      await say('importRecipes', {
        newIngredients: [{ id: 33, name: 'Basilic', kind: 1 }],
        recipes: ['Pesto', 'Soupe', 'Tarte', 'Gratin'].map((name, i) => ({
          id: 90 + i,
          name,
          plat: 2,
          ingredients: [],
        })),
        now: NOW,
      }),
    ).toBe(
      'Import de 4 recettes (« Pesto », « Soupe », « Tarte » et 1 autre), avec 1 nouvel ingrédient',
    );
  });

  it('maps ingredients and categories to a supplier, with « Sans fournisseur »', async () => {
    expect(
      await say('mapProfileIngredients', {
        profileId: 70,
        ingredientIds: [30, 31],
        supplierId: 80,
      }),
    ).toBe(
      'Association des ingrédients « Tomates » et « Pain » au fournisseur « Boulangerie Martin » dans le profil de fournisseurs « Intermarché »',
    );
    expect(await say('mapProfileKinds', { profileId: 70, kinds: [6], supplierId: -1 })).toBe(
      'Association de la catégorie « Boulangerie » à « Sans fournisseur » dans le profil de fournisseurs « Intermarché »',
    );
  });

  it('degrades gracefully for rows that are gone', async () => {
    expect(await say('deleteIngredient', { id: 999 })).toBe("Suppression d'un ingrédient supprimé");
    expect(await say('addMenuRecipe', { menuId: 998, recipeId: 997, now: NOW })).toBe(
      "Ajout d'une recette qui n'est plus disponible à un menu qui n'est plus disponible",
    );
    expect(await say('deleteMeal', { id: 996 })).toBe("Suppression d'un repas supprimé");
    expect(
      await say('mapProfileIngredients', {
        profileId: 70,
        ingredientIds: [30, 995, 994],
        supplierId: 80,
      }),
    ).toBe(
      'Association des ingrédients « Tomates » et 2 ingrédients supprimés au fournisseur « Boulangerie Martin » dans le profil de fournisseurs « Intermarché »',
    );
    // A meal whose menu row is known but whose meal is gone.
    await store.delete('meals', 60);
    expect(await say('addMenuIngredient', { menuId: 50, ingredientId: 30, now: NOW })).toBe(
      "Ajout de l'ingrédient « Tomates » au menu d'un repas supprimé",
    );
  });

  it('never throws on malformed arguments or unknown names', async () => {
    expect(await say('deleteStay', null)).toBe("Suppression d'un séjour supprimé");
    expect(await say('updateMeal', { id: 'x', day: 'y' })).toBe("Modification d'un repas supprimé");
    expect(await say('restoreEverything', { id: 1 })).toBe(
      'Modification non décrite (restoreEverything)',
    );
    expect(await say('__proto__', {})).toBe('Modification non décrite (__proto__)');
  });
});

describe('describeMutation of packs, prices and budgets (issue 21)', () => {
  const day = '2024-06-15';

  it('names the ingredient, its pack and its prices, the suppliers by name', async () => {
    await store.put('ingredients', { id: 34, name: 'Farine', kind: 4, owner: null });
    expect(
      await say('setPurchase', {
        id: 95,
        ingredientId: 34,
        pack: { name: 'sac', size: 5, unite: 1 },
        prices: [
          { supplierId: null, amount: 4.5, per: 'pack', date: day },
          { supplierId: 80, amount: 0.85, per: 1, date: day },
        ],
      }),
    ).toBe(
      "Prix et paquet de l'ingrédient « Farine » : sac de 5 kg, 4,50\u00a0€ par sac, 0,85\u00a0€ par kg chez « Boulangerie Martin »",
    );
    expect(
      await say('setPurchase', {
        id: 95,
        ingredientId: 31,
        pack: null,
        prices: [{ supplierId: 81, amount: 1.2, per: 0, date: day }],
      }),
    ).toBe(
      "Prix et paquet de l'ingrédient « Pain » : sans paquet, 1,20\u00a0€ par pièce chez un fournisseur supprimé",
    );
    expect(
      await say('setPurchase', {
        id: 95,
        ingredientId: 30,
        pack: { name: 'cagette', size: 6, unite: 1 },
        prices: [],
      }),
    ).toBe("Prix et paquet de l'ingrédient « Tomates » : cagette de 6 kg");
    expect(await say('setPurchase', { id: 95, ingredientId: 34, pack: null, prices: [] })).toBe(
      "Retrait des prix et du paquet de l'ingrédient « Farine »",
    );
  });

  it('shows three prices at most', async () => {
    const prices = [null, 80, 81, 82, 83].map((supplierId, i) => ({
      supplierId,
      amount: i + 1,
      per: 3,
      date: day,
    }));
    expect(await say('setPurchase', { id: 95, ingredientId: 30, pack: null, prices })).toBe(
      "Prix et paquet de l'ingrédient « Tomates » : sans paquet, 1,00\u00a0€ par L, 2,00\u00a0€ par L chez « Boulangerie Martin », 3,00\u00a0€ par L chez un fournisseur supprimé, 2 autres prix",
    );
  });

  it('says the budget per person and per day, or its removal', async () => {
    expect(await say('setStayBudget', { stayId: 10, budget: 5 })).toBe(
      'Budget du séjour « Colo des Glénans » : 5,00\u00a0€ par personne et par jour',
    );
    expect(await say('setStayBudget', { stayId: 10, budget: 1234.5 })).toBe(
      'Budget du séjour « Colo des Glénans » : 1\u202f234,50\u00a0€ par personne et par jour',
    );
    expect(await say('setStayBudget', { stayId: 10, budget: null })).toBe(
      'Retrait du budget du séjour « Colo des Glénans »',
    );
    expect(await say('setStayBudget', { stayId: 999, budget: 4.5 })).toBe(
      "Budget d'un séjour supprimé : 4,50\u00a0€ par personne et par jour",
    );
  });

  it('never throws on malformed packs, prices or budgets', async () => {
    expect(await say('setPurchase', { ingredientId: 'x', pack: 'sac', prices: 'tous' })).toBe(
      "Prix et paquet d'un ingrédient supprimé",
    );
    expect(
      await say('setPurchase', {
        ingredientId: 30,
        pack: { name: 'sac', size: Number.NaN, unite: 1 },
        prices: [
          null,
          { amount: 'cher', per: 1 },
          { amount: 2, per: 'kg' },
          { amount: 3, per: 'pack' },
        ],
      }),
    ).toBe("Prix et paquet de l'ingrédient « Tomates » : 3,00\u00a0€ par sac");
    expect(await say('setStayBudget', { stayId: 10, budget: 'beaucoup' })).toBe(
      'Budget du séjour « Colo des Glénans »',
    );
    expect(await say('setStayBudget', null)).toBe("Budget d'un séjour supprimé");
  });
});

describe('describeMutation of an undo', () => {
  it('names the rows it puts back, from the snapshot itself', async () => {
    await store.delete('meals', 60);
    await store.delete('stays', 10);
    const snapshot = {
      put: [
        {
          table: 'stays',
          row: {
            id: 10,
            owner: ME,
            name: 'Colo rétablie',
            start: '2023-07-03',
            profileId: null,
            exportSecret: null,
          },
        },
        {
          table: 'groups',
          row: { id: 20, stayId: 10, owner: ME, name: 'Grands', color: '#ff0000', size: 12 },
        },
        {
          table: 'meals',
          row: {
            id: 60,
            stayId: 10,
            owner: ME,
            menuId: 50,
            day: 4,
            slot: 2,
            additionalPeople: 0,
            groupIds: [20],
          },
        },
        {
          table: 'menus',
          row: {
            id: 50,
            owner: ME,
            isFavorite: false,
            isPublished: false,
            updated: NOW,
            ingredients: [],
            recipeIds: [],
          },
        },
      ],
      remove: [],
    };
    expect(await say('restoreSnapshot', snapshot)).toBe(
      'Annulation : rétablissement du séjour « Colo rétablie », du groupe « Grands » et du goûter du vendredi 7 juillet 2023 (séjour « Colo rétablie »)',
    );
    expect(await say('restoreSnapshot', { put: [], remove: [{ table: 'meals', id: 61 }] })).toBe(
      "Annulation d'une action : retrait de 1 élément",
    );
  });
});

describe('describeMutation of shopping lists and the larder', () => {
  const line = (key: string, ingredientId: number, name: string, day: number | null) => ({
    key,
    ingredientId,
    name,
    kind: 1 as const,
    supplier: '',
    day,
    need: { pieces: 0, grams: 2000, centiliters: 0 },
    inStock: { pieces: 0, grams: 0, centiliters: 0 },
    toBuy: { pieces: 0, grams: 2000, centiliters: 0 },
    uses: [],
    checked: false,
    stored: false,
    bought: null,
    tickedAt: null,
  });

  beforeEach(async () => {
    await store.put('ingredients', { id: 32, name: 'Farine', kind: 4, owner: ME });
    await store.put('shopLists', {
      id: 90,
      owner: ME,
      stayId: 10,
      name: 'Courses du 3 juillet',
      created: NOW,
      items: [line('32', 32, 'Farine', null), line('30@1', 30, 'Tomates', 1)],
      share: null,
    });
    await store.put('stock', {
      id: 91,
      stayId: 10,
      owner: ME,
      ingredientId: 32,
      unite: 1,
      val: 2,
    });
  });

  it('names the line and the list of a tick, with the day of a fresh line', async () => {
    expect(await say('tickShopItem', { id: 90, key: '32', checked: true, now: NOW })).toBe(
      'Coche de « Farine » dans la liste « Courses du 3 juillet »',
    );
    expect(await say('tickShopItem', { id: 90, key: '30@1', checked: false, now: NOW })).toBe(
      'Retrait de la coche de « Tomates » pour le mardi 4 juillet 2023 dans la liste « Courses du 3 juillet »',
    );
    expect(
      await say('setShopItemBought', {
        id: 90,
        key: '32',
        bought: { pieces: 0, grams: 2500, centiliters: 0 },
        now: NOW,
      }),
    ).toBe('Quantité achetée de « Farine » dans la liste « Courses du 3 juillet » : 2,50 kg');
    expect(await say('setShopItemBought', { id: 90, key: '32', bought: null, now: NOW })).toBe(
      'Quantité achetée de « Farine » dans la liste « Courses du 3 juillet » : comme prévu',
    );
  });

  it('describes making, sharing, deleting and putting away a list', async () => {
    expect(
      await say('createShopList', {
        id: 92,
        stayId: 10,
        name: 'Marché',
        now: NOW,
        items: [line('31', 31, 'Pain', null), line('30', 30, 'Tomates', null)],
      }),
    ).toBe('Création de la liste « Marché » pour le séjour « Colo des Glénans » (2 lignes)');
    expect(
      await say('createShopList', { id: 92, stayId: null, name: 'Marché', now: NOW, items: [] }),
    ).toBe('Création de la liste « Marché » (0 ligne)');
    expect(await say('shareShopList', { id: 90, token: 'a'.repeat(22), now: NOW })).toBe(
      'Partage de la liste « Courses du 3 juillet » par un lien',
    );
    expect(await say('stopSharingShopList', { id: 90 })).toBe(
      'Fin du partage de la liste « Courses du 3 juillet » par un lien',
    );
    expect(await say('deleteShopList', { id: 90 })).toBe(
      'Suppression de la liste « Courses du 3 juillet »',
    );
    expect(
      await say('addPurchasesToStock', { id: 90, keys: [], ids: { first: 100, count: 6 } }),
    ).toBe(
      'Rangement des achats cochés de la liste « Courses du 3 juillet » dans la réserve du séjour « Colo des Glénans »',
    );
  });

  it('names the quantity, the ingredient and the stay of a larder entry', async () => {
    expect(await say('addStock', { id: 93, stayId: 10, ingredientId: 32, unite: 1, val: 2 })).toBe(
      "Ajout de 2 kg de l'ingrédient « Farine » à la réserve du séjour « Colo des Glénans »",
    );
    expect(await say('updateStock', { id: 91, val: 0.5 })).toBe(
      "Modification de l'ingrédient « Farine » dans la réserve du séjour « Colo des Glénans » : 500 gr",
    );
    expect(await say('deleteStock', { id: 91 })).toBe(
      "Retrait de 2 kg de l'ingrédient « Farine » de la réserve du séjour « Colo des Glénans »",
    );
  });

  it('says when an ingredient becomes a fresh product or goes back to its category', async () => {
    expect(await say('updateIngredient', { id: 32, fresh: true })).toBe(
      "Modification de l'ingrédient « Farine » : produit frais",
    );
    await store.put('ingredients', { id: 32, name: 'Farine', kind: 4, owner: ME, fresh: true });
    expect(await say('updateIngredient', { id: 32, fresh: null })).toBe(
      "Modification de l'ingrédient « Farine » : produit frais selon sa catégorie",
    );
    expect(await say('updateIngredient', { id: 32, fresh: true })).toBe(
      "Modification de l'ingrédient « Farine »",
    );
  });

  it('degrades gracefully for lists, lines and entries that are gone', async () => {
    expect(await say('tickShopItem', { id: 90, key: '999', checked: true, now: NOW })).toBe(
      "Coche d'une ligne supprimée dans la liste « Courses du 3 juillet »",
    );
    await store.delete('shopLists', 90);
    expect(await say('tickShopItem', { id: 90, key: '30@1', checked: true, now: NOW })).toBe(
      'Coche de « Tomates » dans une liste supprimée',
    );
    expect(
      await say('addPurchasesToStock', { id: 90, keys: [], ids: { first: 100, count: 6 } }),
    ).toBe("Rangement des achats cochés d'une liste supprimée dans la réserve");
    await store.delete('stock', 91);
    expect(await say('deleteStock', { id: 91 })).toBe(
      "Retrait d'une entrée supprimée de la réserve",
    );
    expect(await say('updateStock', { id: 91, val: 1 })).toBe(
      "Modification d'une entrée supprimée de la réserve",
    );
    expect(await say('addStock', { id: 93, stayId: 11, ingredientId: 998, unite: 9, val: 2 })).toBe(
      "Ajout d'un ingrédient supprimé à la réserve d'un séjour supprimé",
    );
    expect(await say('setShopItemBought', { id: 'x', key: 3, bought: 'beaucoup' })).toBe(
      "Quantité achetée d'une ligne supprimée dans une liste supprimée",
    );
  });

  it('names the lists and larder entries an undo puts back', async () => {
    await store.delete('stays', 10);
    const snapshot = {
      put: [
        {
          table: 'stays',
          row: {
            id: 10,
            owner: ME,
            name: 'Colo',
            start: '2023-07-03',
            profileId: null,
            exportSecret: null,
          },
        },
        {
          table: 'stock',
          row: { id: 91, stayId: 10, owner: ME, ingredientId: 32, unite: 1, val: 2 },
        },
        {
          table: 'shopLists',
          row: {
            id: 90,
            owner: ME,
            stayId: 10,
            name: 'Marché',
            created: NOW,
            items: [],
            share: null,
          },
        },
      ],
      remove: [],
    };
    expect(await say('restoreSnapshot', snapshot)).toBe(
      "Annulation : rétablissement du séjour « Colo », de l'entrée « Farine » de la réserve et de la liste « Marché »",
    );
  });
});

describe("describeMutation of the kitchen's register (issue 35)", () => {
  it('names the meal of a sample, the temperature of a reading, the product of a delivery', async () => {
    await store.put('register', {
      id: 100,
      stayId: 10,
      owner: ME,
      kind: 'sample',
      mealId: 60,
      day: 0,
      slot: 3,
      time: '19:30',
      by: ME,
      dishes: ['Lasagnes'],
      discarded: null,
    });
    await store.put('register', {
      id: 101,
      stayId: 10,
      owner: ME,
      kind: 'reading',
      unit: 'refrigerateur',
      day: 0,
      time: '08:00',
      by: ME,
      value: -18.5,
      note: '',
      action: '',
    });
    expect(await say('takeSample', { id: 100, mealId: 60, time: '19:30', dishes: [] })).toBe(
      'Plat témoin prélevé pour le dîner du lundi 3 juillet 2023 (séjour « Colo des Glénans »)',
    );
    expect(await say('discardSample', { id: 100, at: NOW })).toBe(
      'Le plat témoin du dîner du lundi 3 juillet 2023 (séjour « Colo des Glénans ») est jeté',
    );
    expect(await say('updateReading', { id: 101, value: 2 })).toBe(
      'Modification du relevé de −18,5 °C (séjour « Colo des Glénans »)',
    );
    expect(
      await say('addReading', { id: 102, stayId: 10, unit: 'refrigerateur', value: 3.5 }),
    ).toBe('Relevé de 3,5 °C dans le registre du séjour « Colo des Glénans »');
    expect(
      await say('addDelivery', { id: 103, stayId: 10, ingredientId: 30, accepted: false }),
    ).toBe(
      "Réception de l'ingrédient « Tomates » dans le registre du séjour « Colo des Glénans » (refusée)",
    );
    expect(await say('setColdUnits', { stayId: 10, units: [] })).toBe(
      'Modification des enceintes froides du registre du séjour « Colo des Glénans »',
    );
    expect(await say('deleteRegisterEntry', { id: 999 })).toBe(
      "Suppression d'une entrée supprimée du registre",
    );
    expect(
      await say('restoreSnapshot', {
        put: [{ table: 'register', row: { id: 104, kind: 'delivery', product: 'Lait' } }],
        remove: [],
      }),
    ).toBe('Annulation : rétablissement de la réception « Lait » du registre');
  });
});

describe('describeMutation of a change already applied (a journal entry)', () => {
  it('says the values even when the rows already hold them', async () => {
    const w = await World.create();
    const stay = await w.stay(1, { name: 'Colo' });
    const meal = await w.meal(stay, { additionalPeople: 3 });
    const args = { id: meal.id, additionalPeople: 3 };
    expect(await describeMutation(w.store, 'updateMeal', args)).not.toContain('en plus');
    expect(await describeMutation(w.store, 'updateMeal', args, { applied: true })).toContain(
      '+3 personnes en plus des groupes',
    );
    const rename = { id: stay.id, name: 'Colo' };
    expect(await describeMutation(w.store, 'updateStay', rename, { applied: true })).toContain(
      'nouveau nom « Colo »',
    );
  });
});
