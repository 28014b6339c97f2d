/** Names of the drag-and-drop pieces of the profile mapping, and reading them back. */
import type { Id, IngredientKind } from '@popote/domain';
import { isIngredientKind } from '@popote/domain';

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
