/**
 * Names of the drag-and-drop pieces of the agenda. @hello-pangea/dnd identifies draggables and
 * drop targets by strings; these build and read them in one place so that a drop is never
 * misread as another kind.
 */
import type { Id } from '@popote/domain';

/** Droppable types: a draggable can only land in a droppable of its own type. */
export const DND_TYPE = {
  /** Week view: meals and favourite menus, both dropped on a meal. */
  week: 'WEEK',
  /** Day view: group chips, dropped on another meal's groups. */
  group: 'GROUP',
  /** Day view: side-panel resources, dropped on a meal's menu. */
  resource: 'RESOURCE',
} as const;

export type ResourceKind = 'menu' | 'receipe' | 'ingredient';

export type DragPiece =
  | { kind: 'meal'; mealId: Id }
  | { kind: 'menu'; menuId: Id }
  | { kind: 'group'; mealId: Id; groupId: Id }
  | { kind: 'resource'; resource: ResourceKind; id: Id };

export type DropTarget =
  { kind: 'meal'; mealId: Id } | { kind: 'groups'; mealId: Id } | { kind: 'items'; mealId: Id };

export const dragId = {
  meal: (mealId: Id): string => `meal:${mealId}`,
  menu: (menuId: Id): string => `menu:${menuId}`,
  group: (mealId: Id, groupId: Id): string => `group:${mealId}:${groupId}`,
  resource: (resource: ResourceKind, id: Id): string => `resource:${resource}:${id}`,
};

export const dropId = {
  meal: (mealId: Id): string => `meal:${mealId}`,
  groups: (mealId: Id): string => `groups:${mealId}`,
  items: (mealId: Id): string => `items:${mealId}`,
  /** Source-only lists (drops refused there). */
  source: (name: string): string => `source:${name}`,
};

const num = (s: string | undefined): Id | null =>
  s !== undefined && /^\d+$/u.test(s) ? Number(s) : null;

export function readDragId(id: string): DragPiece | null {
  const [kind, a, b] = id.split(':');
  const first = num(a);
  if (kind === 'meal' && first !== null) return { kind: 'meal', mealId: first };
  if (kind === 'menu' && first !== null) return { kind: 'menu', menuId: first };
  if (kind === 'group' && first !== null && num(b) !== null) {
    return { kind: 'group', mealId: first, groupId: num(b)! };
  }
  if (kind === 'resource' && (a === 'menu' || a === 'receipe' || a === 'ingredient')) {
    const second = num(b);
    if (second !== null) return { kind: 'resource', resource: a, id: second };
  }
  return null;
}

export function readDropId(id: string): DropTarget | null {
  const [kind, a] = id.split(':');
  const mealId = num(a);
  if (mealId === null) return null;
  if (kind === 'meal' || kind === 'groups' || kind === 'items') return { kind, mealId };
  return null;
}
