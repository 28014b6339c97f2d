/** One recipe (spec 2.6, ?id-receipe=): editable by its owner, read-only with a lock for others. */
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  ActionIcon,
  Badge,
  Card,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPencil, IconX } from '@tabler/icons-react';
import {
  INGREDIENT_KIND_LABELS,
  PLATS,
  PLAT_LABELS,
  addableKey,
  commonPeople,
  compareFrench,
  formatQuantity,
  type AddableItem,
  type Id,
  type Ingredient,
  type Plat,
  type Quantity,
  type Recipe,
} from '@popote/domain';
import { PLAT_COLORS } from '../../theme/colors';
import { notifySuccess } from '../../feedback/feedback';
import { COMMON, LIBRARY, SUCCESS } from '../../strings';
import { useLocalQuery } from '../../sync/useLocal';
import { useMutate } from '../../sync/useMutate';
import { useSync } from '../../sync/SyncProvider';
import { DetailHeader } from './DetailHeader';
import { ItemSearchSelect, type ItemSearchSelectProps } from './ItemSearchSelect';
import { DishAllergens } from '../../components/DishAllergens';
import { LoadedItem } from './MissingItem';
import { QuantityDialog, type QuantityTarget } from './QuantityDialog';
import { useCreateIngredient } from './useCreateIngredient';
import { useLibraryNavigation } from './navigation';
import { useAddableItems } from './useLibraryRows';

export function RecipeView({ recipeId }: { recipeId: Id }) {
  const data = useLocalQuery(
    async (store) => {
      const recipe = await store.get('recipes', recipeId);
      if (!recipe) return null;
      const ingredients = await store.getMany(
        'ingredients',
        recipe.ingredients.map((i) => i.ingredientId),
      );
      return { recipe, ingredients };
    },
    [recipeId],
  );
  return (
    <LoadedItem data={data} table="recipes">
      {(loaded) => <RecipeDetails {...loaded} />}
    </LoadedItem>
  );
}

interface Line {
  ingredient: Ingredient;
  quantity: Quantity;
}

function RecipeDetails({ recipe, ingredients }: { recipe: Recipe; ingredients: Ingredient[] }) {
  const { userId } = useSync();
  const mutate = useMutate();
  const nav = useLibraryNavigation();
  const createIngredient = useCreateIngredient();
  const isOwner = recipe.owner === userId;
  const [editing, setEditing] = useState<(QuantityTarget & { id: Id }) | null>(null);

  const lines = useMemo(() => {
    const byId = new Map(ingredients.map((i) => [i.id, i]));
    const found: Line[] = [];
    for (const item of recipe.ingredients) {
      const ingredient = byId.get(item.ingredientId);
      if (ingredient) found.push({ ingredient, quantity: item.quantity });
    }
    return found.sort(
      (a, b) =>
        compareFrench(a.ingredient.name, b.ingredient.name) || a.ingredient.id - b.ingredient.id,
    );
  }, [recipe, ingredients]);
  const exclude = useMemo(
    () =>
      new Set(
        recipe.ingredients.map((i) => addableKey({ kind: 'ingredient', id: i.ingredientId })),
      ),
    [recipe],
  );

  const now = () => new Date().toISOString();
  const addIngredient = async (ingredientId: Id) => {
    const initialFor = commonPeople(recipe.ingredients.map((i) => i.quantity)) ?? 0;
    await mutate('addRecipeIngredient', {
      recipeId: recipe.id,
      ingredientId,
      initialFor,
      now: now(),
    });
  };

  return (
    <Stack>
      <DetailHeader
        title={LIBRARY.recipeDetails}
        updated={recipe.updated}
        owner={recipe.owner}
        isOwner={isOwner}
        isPublished={recipe.isPublished}
        publishHint={LIBRARY.publishRecipeHint}
        onPublish={(isPublished) =>
          void mutate('setRecipePublished', { id: recipe.id, isPublished, now: now() })
        }
        onBack={nav.backToList}
      />
      {isOwner ? (
        <RecipeForm recipe={recipe} />
      ) : (
        <Stack gap="xs">
          <Group gap="sm">
            <Title order={3} data-testid="recipe-name">
              {recipe.name}
            </Title>
            <Badge color={PLAT_COLORS[recipe.plat]} variant="light">
              {PLAT_LABELS[recipe.plat]}
            </Badge>
          </Group>
          {recipe.description && (
            <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="recipe-description">
              {recipe.description}
            </Text>
          )}
        </Stack>
      )}
      <Title order={3} size="h4">
        {LIBRARY.ingredientsHeading}
      </Title>
      <DishAllergens ingredients={ingredients} />
      {isOwner && (
        <RecipeIngredientSearch
          userId={userId}
          exclude={exclude}
          onPick={(item) => addIngredient(item.id)}
          onCreateIngredient={async (name, kind) => {
            const id = await createIngredient(name, kind);
            if (id === null) return false;
            await addIngredient(id);
            return true;
          }}
        />
      )}
      <Card withBorder padding="xs">
        {lines.length === 0 ? (
          <Text c="dimmed" fs="italic" p="xs">
            {LIBRARY.recipeEmpty}
          </Text>
        ) : (
          <Stack gap={4} data-testid="recipe-ingredients">
            {lines.map(({ ingredient, quantity }) => (
              <Group
                key={ingredient.id}
                justify="space-between"
                wrap="nowrap"
                px="xs"
                py={4}
                data-testid="recipe-ingredient"
              >
                <Group gap="sm" style={{ minWidth: 0, flex: 1, rowGap: 2 }}>
                  <Text truncate>{ingredient.name}</Text>
                  {INGREDIENT_KIND_LABELS[ingredient.kind] && (
                    <Badge variant="outline" color="gray" style={{ flexShrink: 0 }}>
                      {INGREDIENT_KIND_LABELS[ingredient.kind]}
                    </Badge>
                  )}
                  <Text size="sm" c="dimmed" style={{ flexShrink: 0 }} data-testid="quantity">
                    {LIBRARY.quantityFor(
                      formatQuantity(quantity.val, quantity.unite),
                      quantity.forPeople,
                      quantity.fixed,
                    )}
                  </Text>
                </Group>
                {isOwner && (
                  <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                    <Tooltip label={LIBRARY.editQuantity(ingredient.name)}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={LIBRARY.editQuantity(ingredient.name)}
                        onClick={() =>
                          setEditing({ id: ingredient.id, name: ingredient.name, quantity })
                        }
                      >
                        <IconPencil size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={LIBRARY.removeItem(ingredient.name)}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={LIBRARY.removeItem(ingredient.name)}
                        onClick={() =>
                          void mutate('removeRecipeIngredient', {
                            recipeId: recipe.id,
                            ingredientId: ingredient.id,
                            now: now(),
                          })
                        }
                      >
                        <IconX size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Card>
      <QuantityDialog
        target={editing}
        onClose={() => setEditing(null)}
        onSave={(quantity) => {
          if (!editing) return;
          void mutate('updateRecipeIngredient', {
            recipeId: recipe.id,
            ingredientId: editing.id,
            quantity,
            now: now(),
          }).then((done) => {
            if (done) notifySuccess(SUCCESS.ingredientUpdated);
          });
        }}
      />
    </Stack>
  );
}

/** Name, course and description; text fields are saved when they lose the focus. */
function RecipeForm({ recipe }: { recipe: Recipe }) {
  const mutate = useMutate();
  const [name, setName] = useState(recipe.name);
  const [description, setDescription] = useState(recipe.description);
  // Changes from elsewhere (another tab, a sync) show up unless the user is typing here.
  const focused = useRef<'name' | 'description' | null>(null);
  useEffect(() => {
    if (focused.current !== 'name') setName(recipe.name);
  }, [recipe.name]);
  useEffect(() => {
    if (focused.current !== 'description') setDescription(recipe.description);
  }, [recipe.description]);

  const now = () => new Date().toISOString();
  const saveName = async () => {
    focused.current = null;
    if (name.trim() === recipe.name) return setName(recipe.name);
    const done = await mutate('updateRecipe', { id: recipe.id, name, now: now() });
    if (!done) setName(recipe.name);
  };
  const saveDescription = async () => {
    focused.current = null;
    if (description === recipe.description) return;
    const done = await mutate('updateRecipe', { id: recipe.id, description, now: now() });
    if (!done) setDescription(recipe.description);
  };

  return (
    <Stack gap="sm">
      <Group grow align="flex-start">
        <TextInput
          label={LIBRARY.recipeName}
          value={name}
          onFocus={() => (focused.current = 'name')}
          onChange={(e) => setName(e.currentTarget.value)}
          onBlur={() => void saveName()}
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.currentTarget.blur();
          }}
        />
        <Select
          label={COMMON.courseType}
          data={[...PLATS].reverse().map((p) => ({ value: String(p), label: PLAT_LABELS[p] }))}
          value={String(recipe.plat)}
          allowDeselect={false}
          onChange={(v) => {
            if (v !== null && Number(v) !== recipe.plat) {
              void mutate('updateRecipe', { id: recipe.id, plat: Number(v) as Plat, now: now() });
            }
          }}
        />
      </Group>
      <Textarea
        label={LIBRARY.recipeDescription}
        placeholder={LIBRARY.recipeDescriptionPlaceholder}
        autosize
        minRows={2}
        value={description}
        onFocus={() => (focused.current = 'description')}
        onChange={(e) => setDescription(e.currentTarget.value)}
        onBlur={() => void saveDescription()}
      />
    </Stack>
  );
}

function RecipeIngredientSearch({
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
  const addable = useAddableItems(userId, 'ingredients');
  return (
    <ItemSearchSelect
      label={LIBRARY.addToRecipeLabel}
      items={addable?.items ?? []}
      exclude={exclude}
      onPick={onPick}
      onCreateIngredient={onCreateIngredient}
    />
  );
}
