import { describe, expect, it } from 'vitest';
import { dragId, dropId, readDragId, readDropId } from './dnd-ids';

describe('dnd ids', () => {
  it('reads back every piece it names', () => {
    expect(readDragId(dragId.meal(12))).toEqual({ kind: 'meal', mealId: 12 });
    expect(readDragId(dragId.menu(7))).toEqual({ kind: 'menu', menuId: 7 });
    expect(readDragId(dragId.group(12, 3))).toEqual({ kind: 'group', mealId: 12, groupId: 3 });
    expect(readDragId(dragId.resource('receipe', 9))).toEqual({
      kind: 'resource',
      resource: 'receipe',
      id: 9,
    });
    expect(readDropId(dropId.meal(4))).toEqual({ kind: 'meal', mealId: 4 });
    expect(readDropId(dropId.groups(4))).toEqual({ kind: 'groups', mealId: 4 });
    expect(readDropId(dropId.items(4))).toEqual({ kind: 'items', mealId: 4 });
  });

  it('refuses source lists and malformed names', () => {
    expect(readDropId(dropId.source('resources'))).toBeNull();
    expect(readDragId('resource:recette:3')).toBeNull();
    expect(readDragId('group:3')).toBeNull();
    expect(readDragId('meal:abc')).toBeNull();
  });
});
