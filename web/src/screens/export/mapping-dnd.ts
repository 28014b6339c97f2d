/** Names of the drag-and-drop pieces of the profile mapping, and reading them back. */
import type { Id, IngredientKind } from '@popote/domain';
import { INGREDIENT_KIND_NAMES, isIngredientKind } from '@popote/domain';
import type { DragNames } from '../../components/dragAnnouncements';
import { DRAG } from '../../strings';

export const kindDraggableId = (kind: IngredientKind): string => `kind:${kind}`;
export const ingredientDraggableId = (id: Id): string => `ingredient:${id}`;
export const kindsDroppableId = (supplierId: Id): string => `kinds:${supplierId}`;
export const ingredientsDroppableId = (supplierId: Id): string => `ingredients:${supplierId}`;

export type MappingMove =
  | { type: 'kind'; kind: IngredientKind; supplierId: Id }
  | { type: 'ingredient'; ingredientId: Id; supplierId: Id };

/**
 * The change a drop asks for, or null when nothing changes (dropped outside a column, in its
 * own column, or on a list of the other type).
 */
export function moveOfDrop(
  draggableId: string,
  sourceDroppableId: string,
  destinationDroppableId: string | null,
): MappingMove | null {
  if (destinationDroppableId === null || destinationDroppableId === sourceDroppableId) return null;
  const [dragType, dragValue] = draggableId.split(':');
  const [dropType, dropValue] = destinationDroppableId.split(':');
  const supplierId = Number(dropValue);
  const value = Number(dragValue);
  if (!Number.isSafeInteger(supplierId) || !Number.isSafeInteger(value)) return null;
  if (dragType === 'kind' && dropType === 'kinds' && isIngredientKind(value)) {
    return { type: 'kind', kind: value, supplierId };
  }
  if (dragType === 'ingredient' && dropType === 'ingredients') {
    return { type: 'ingredient', ingredientId: value, supplierId };
  }
  return null;
}

/** What the screen reader says for the mapping's ids: categories, ingredients, columns. */
export function mappingDragNames(
  columns: readonly { id: Id; name: string }[],
  ingredients: readonly { id: Id; name: string }[],
): DragNames {
  const ingredientNames = new Map(ingredients.map((i) => [i.id, i.name]));
  const columnNames = new Map(columns.map((c) => [c.id, c.name]));
  return {
    item: (draggableId) => {
      const [type, value] = draggableId.split(':');
      const n = Number(value);
      if (type === 'kind' && isIngredientKind(n)) return DRAG.category(INGREDIENT_KIND_NAMES[n]);
      const name = ingredientNames.get(n);
      return type === 'ingredient' && name !== undefined ? DRAG.ingredient(name) : DRAG.unknown;
    },
    place: (droppableId) => {
      const name = columnNames.get(Number(droppableId.split(':')[1]));
      return name === undefined ? DRAG.unknownPlace : DRAG.supplier(name);
    },
  };
}
