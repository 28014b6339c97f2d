/**
 * One favourite menu (spec 2.6, ?id-menu=): its recipes and ingredients, editable by its owner
 * (or, for a meal's own menu, by whoever may plan its stay: menuEditor, issue 32).
 */
import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Badge,
  Card,
  Group,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconPencil, IconX } from '@tabler/icons-react';
import {
  PLAT_LABELS,
  addableKey,
  commonPeople,
  formatQuantity,
  menuItems,
  menuTitle,
  type AddableItem,
  type Id,
  type Ingredient,
  type Menu,
  type MenuItem,
} from '@popote/domain';
import { PLAT_COLORS } from '../../theme/colors';
import { notifySuccess } from '../../feedback/feedback';
import { titleWithUnreadable, unreadableRecipeIds } from '../../components/unreadable';
import { COMMON, LIBRARY, SUCCESS } from '../../strings';
import { useFirstSyncDone } from '../../sync/FirstSync';
import { useLocalQuery } from '../../sync/useLocal';
import { useMutate } from '../../sync/useMutate';
import { useSync } from '../../sync/SyncProvider';
import { useMayRun } from '../../data/team';
import { DetailHeader } from './DetailHeader';
import { ItemSearchSelect, type ItemSearchSelectProps } from './ItemSearchSelect';
import { DishAllergens } from '../../components/DishAllergens';
import { ChangedBy } from '../../components/ChangedBy';
import { LoadedItem } from './MissingItem';
import { QuantityDialog, type QuantityTarget } from './QuantityDialog';
import { useCreateIngredient } from './useCreateIngredient';
import { useLibraryNavigation } from './navigation';
import { useAddableItems } from './useLibraryRows';

export function MenuView({ menuId }: { menuId: Id }) {
  const data = useLocalQuery(
    async (store) => {
      const menu = await store.get('menus', menuId);
      if (!menu) return null;
      const [recipes, ingredients] = await Promise.all([
        store.getMany('recipes', menu.recipeIds),
        store.getMany(
          'ingredients',
          menu.ingredients.map((i) => i.ingredientId),
        ),
      ]);
      // Every ingredient of the menu, its recipes' too, for its allergens (issue 20).
      const inRecipes = await store.getMany(
        'ingredients',
        recipes.flatMap((r) => r.ingredients.map((i) => i.ingredientId)),
      );
      return { menu, recipes, ingredients, allIngredients: [...ingredients, ...inRecipes] };
    },
    [menuId],
  );
  return (
    <LoadedItem data={data} table="menus">
      {(loaded) => <MenuDetails {...loaded} />}
    </LoadedItem>
  );
}

function MenuDetails({
  menu,
  recipes,
  ingredients,
  allIngredients,
}: {
  menu: Menu;
  recipes: { id: Id; name: string; plat: MenuItem['plat'] }[];
  ingredients: { id: Id; name: string }[];
  allIngredients: Ingredient[];
}) {
  const { userId } = useSync();
  const mutate = useMutate();
  const nav = useLibraryNavigation();
  const createIngredient = useCreateIngredient();
  const isOwner = menu.owner === userId;
  // The menu's editors, as its mutations declare them (the owner known at once).
  const mayEdit = useMayRun('addMenuIngredient', { menuId: menu.id }) || isOwner;
  const mayPublish = useMayRun('setMenuPublished', { id: menu.id }) || isOwner;
  const firstSyncDone = useFirstSyncDone();
  const [editing, setEditing] = useState<(QuantityTarget & { id: Id }) | null>(null);

  const recipesById = useMemo(() => new Map(recipes.map((r) => [r.id, r])), [recipes]);
  const ingredientsById = useMemo(() => new Map(ingredients.map((i) => [i.id, i])), [ingredients]);
  const items = menuItems(menu, recipesById, ingredientsById);
  // Another user's unpublished recipe: only its place is shown (ARCHITECTURE.md).
  const unreadable = unreadableRecipeIds(menu, recipesById, firstSyncDone);
  const people = commonPeople(menu.ingredients.map((i) => i.quantity));
  const exclude = useMemo(
    () =>
      new Set([
        ...menu.recipeIds.map((id) => addableKey({ kind: 'receipe', id })),
        ...menu.ingredients.map((i) => addableKey({ kind: 'ingredient', id: i.ingredientId })),
      ]),
    [menu],
  );

  const now = () => new Date().toISOString();
  const changed = (done: unknown) => {
    if (done) notifySuccess(SUCCESS.menuModified);
  };
  const add = async (item: AddableItem) => {
    changed(
      item.kind === 'receipe'
        ? await mutate('addMenuRecipe', { menuId: menu.id, recipeId: item.id, now: now() })
        : await mutate('addMenuIngredient', { menuId: menu.id, ingredientId: item.id, now: now() }),
    );
  };
  const remove = async (item: MenuItem) => {
    changed(
      await mutate('removeMenuItem', {
        menuId: menu.id,
        itemId: item.id,
        isRecipe: item.kind === 'receipe',
        now: now(),
      }),
    );
  };

  return (
    <Stack>
      <DetailHeader
        title={LIBRARY.menuDetails}
        updated={menu.updated}
        owner={menu.owner}
        isOwner={mayPublish}
        isPublished={menu.isPublished}
        publishHint={LIBRARY.publishMenuHint}
        onPublish={async (isPublished) =>
          changed(await mutate('setMenuPublished', { id: menu.id, isPublished, now: now() }))
        }
        onBack={nav.backToList}
        subtitle={
          <>
            <Text fw={500} data-testid="menu-title">
              {titleWithUnreadable(
                menuTitle(menu, recipesById, ingredientsById),
                unreadable.length,
              ) || LIBRARY.emptyMenuTitle}
            </Text>
            {people !== null && (
              <Text size="sm" data-testid="menu-people">
                {LIBRARY.peopleSubtitle(people)}
              </Text>
            )}
            <DishAllergens ingredients={allIngredients} />
            <ChangedBy targets={[{ table: 'menus', id: menu.id }]} />
          </>
        }
      />
      {mayEdit && (
        <MenuItemSearch
          userId={userId}
          exclude={exclude}
          onPick={add}
          onCreateIngredient={async (name, kind) => {
            const id = await createIngredient(name, kind);
            if (id === null) return false;
            changed(
              await mutate('addMenuIngredient', { menuId: menu.id, ingredientId: id, now: now() }),
            );
            return true;
          }}
        />
      )}
      <Card withBorder padding="xs">
        {items.length === 0 && unreadable.length === 0 ? (
          <Text c="dimmed" fs="italic" p="xs">
            {LIBRARY.menuEmpty}
          </Text>
        ) : (
          <Stack gap={4} data-testid="menu-items">
            {items.map((item) => {
              const own = menu.ingredients.find((i) => i.ingredientId === item.id);
              const quantity = item.kind === 'ingredient' ? own?.quantity : undefined;
              return (
                <Group
                  key={`${item.kind}-${item.id}`}
                  justify="space-between"
                  wrap="nowrap"
                  px="xs"
                  py={4}
                  data-testid="menu-item"
                >
                  <Group gap="sm" style={{ minWidth: 0, flex: 1, rowGap: 2 }}>
                    <Badge color={PLAT_COLORS[item.plat]} variant="light" style={{ flexShrink: 0 }}>
                      {PLAT_LABELS[item.plat]}
                    </Badge>
                    {item.kind === 'receipe' ? (
                      <UnstyledButton
                        onClick={() => nav.openRecipe(item.id)}
                        aria-label={LIBRARY.openRecipe(item.name)}
                      >
                        <Text td="underline" truncate>
                          {item.name}
                        </Text>
                      </UnstyledButton>
                    ) : (
                      <Text truncate>{item.name}</Text>
                    )}
                    {quantity && (
                      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                        {LIBRARY.quantityFor(
                          formatQuantity(quantity.val, quantity.unite),
                          quantity.forPeople,
                          quantity.fixed,
                        )}
                      </Text>
                    )}
                  </Group>
                  {mayEdit && (
                    <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                      {quantity && own && (
                        <Tooltip label={LIBRARY.editQuantity(item.name)}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={LIBRARY.editQuantity(item.name)}
                            onClick={() =>
                              setEditing({ id: item.id, name: item.name, quantity, plat: own.plat })
                            }
                          >
                            <IconPencil size={18} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                      <Tooltip label={LIBRARY.removeItem(item.name)}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={LIBRARY.removeItem(item.name)}
                          onClick={() => void remove(item)}
                        >
                          <IconX size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  )}
                </Group>
              );
            })}
            {unreadable.map((id) => (
              <Group
                key={`unreadable-${id}`}
                justify="space-between"
                wrap="nowrap"
                px="xs"
                py={4}
                data-testid="menu-item-unpublished"
              >
                <Text c="dimmed" fs="italic">
                  {COMMON.unpublishedRecipe}
                </Text>
                {mayEdit && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={LIBRARY.removeItem(COMMON.unpublishedRecipe)}
                    title={LIBRARY.removeItem(COMMON.unpublishedRecipe)}
                    onClick={() =>
                      void mutate('removeMenuItem', {
                        menuId: menu.id,
                        itemId: id,
                        isRecipe: true,
                        now: now(),
                      }).then(changed)
                    }
                  >
                    <IconX size={18} />
                  </ActionIcon>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Card>
      <QuantityDialog
        target={editing}
        onClose={() => setEditing(null)}
        onSave={(quantity, plat) => {
          if (!editing) return;
          void mutate('updateMenuIngredient', {
            menuId: menu.id,
            ingredientId: editing.id,
            quantity,
            plat: plat ?? editing.plat ?? 0,
            now: now(),
          }).then(changed);
        }}
      />
    </Stack>
  );
}

function MenuItemSearch({
  userId,
  exclude,
  onPick,
  onCreateIngredient,
}: {
  userId: Id;
  exclude: ReadonlySet<string>;
  onPick: (item: AddableItem) => Promise<void>;
  onCreateIngredient: ItemSearchSelectProps['onCreateIngredient'];
}) {
  const addable = useAddableItems(userId, 'recipes-and-ingredients');
  return (
    <ItemSearchSelect
      label={LIBRARY.addToMenuLabel}
      items={addable?.items ?? []}
      exclude={exclude}
      onPick={onPick}
      onCreateIngredient={onCreateIngredient}
    />
  );
}
