/**
 * The allergens of a dish (issue 20): the union of its ingredients', in the regulation's order,
 * or 'Aucun allergène connu'. Shown on recipes and menus of the library.
 */
import { Text } from '@mantine/core';
import { ALLERGEN_LABELS, factsOf, sortedAllergens, type Ingredient } from '@popote/domain';
import { LIBRARY } from '../strings';

export function DishAllergens({
  ingredients,
}: {
  ingredients: readonly Pick<Ingredient, 'allergens' | 'diet'>[];
}) {
  const allergens = sortedAllergens(factsOf(ingredients).allergens);
  return allergens.length === 0 ? (
    <Text size="sm" c="dimmed" data-testid="dish-allergens">
      {LIBRARY.noAllergen}
    </Text>
  ) : (
    <Text size="sm" fw={600} c="orange" data-testid="dish-allergens">
      {LIBRARY.dishAllergens(allergens.map((a) => ALLERGEN_LABELS[a]).join(', '))}
    </Text>
  );
}
