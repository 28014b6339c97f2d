import { describe, expect, it } from 'vitest';
import {
  ingredientDraggableId,
  ingredientsDroppableId,
  kindDraggableId,
  kindsDroppableId,
  mappingDragNames,
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

describe('mappingDragNames', () => {
  it('says categories, ingredients and columns in words for the screen reader', () => {
    const names = mappingDragNames(
      [
        { id: 0, name: 'Sans fournisseur' },
        { id: 7, name: 'Metro' },
      ],
      [{ id: 42, name: 'Tomate' }],
    );
    expect(names.item(ingredientDraggableId(42))).toBe("l'ingrédient « Tomate »");
    expect(names.item(kindDraggableId(1))).toBe('la catégorie « Fruits et légumes »');
    expect(names.place(ingredientsDroppableId(7))).toBe('la colonne du fournisseur « Metro »');
    expect(names.place(kindsDroppableId(0))).toBe('la colonne du fournisseur « Sans fournisseur »');
    expect(names.item('ingredient:9')).toBe("l'élément");
  });
});
