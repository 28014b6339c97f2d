import { describe, expect, it } from 'vitest';
import {
  ingredientDraggableId,
  ingredientsDroppableId,
  kindDraggableId,
  kindsDroppableId,
  moveOfDrop,
} from './mapping-dnd';

describe('moveOfDrop', () => {
  it('reads a category dropped on another supplier', () => {
    expect(moveOfDrop(kindDraggableId(1), kindsDroppableId(-1), kindsDroppableId(42))).toEqual({
      type: 'kind',
      kind: 1,
      supplierId: 42,
    });
  });

  it('reads an ingredient dropped on Sans fournisseur', () => {
    expect(
      moveOfDrop(ingredientDraggableId(7), ingredientsDroppableId(42), ingredientsDroppableId(-1)),
    ).toEqual({ type: 'ingredient', ingredientId: 7, supplierId: -1 });
  });

  it('ignores drops outside, in the same column, or on the other kind of list', () => {
    expect(moveOfDrop(kindDraggableId(1), kindsDroppableId(-1), null)).toBeNull();
    expect(moveOfDrop(kindDraggableId(1), kindsDroppableId(3), kindsDroppableId(3))).toBeNull();
    expect(
      moveOfDrop(kindDraggableId(1), kindsDroppableId(3), ingredientsDroppableId(4)),
    ).toBeNull();
    expect(moveOfDrop('kind:9', kindsDroppableId(3), kindsDroppableId(4))).toBeNull();
  });
});
