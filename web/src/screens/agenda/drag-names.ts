/**
 * What the screen reader says for the agenda's drag-and-drop ids (see dnd-ids.ts): the meal
 * by its slot and date, a group, a recipe, an ingredient or a favourite menu by its name.
 */
import type { Id } from '@popote/domain';
import type { DragNames } from '../../components/dragAnnouncements';
import { AGENDA, DRAG } from '../../strings';
import { readDragId, readDropId } from './dnd-ids';

export interface AgendaNames {
  /** 'Dîner', 'Lun. 7-07' of a meal shown. */
  meal: (mealId: Id) => { slot: string; date: string } | undefined;
  group: (groupId: Id) => string | undefined;
  /** A search result's name, by its drag id. */
  resource: (draggableId: string) => string | undefined;
}

export function agendaDragNames(names: AgendaNames): DragNames {
  const meal = (mealId: Id): string => {
    const found = names.meal(mealId);
    return found ? DRAG.meal(found.slot, found.date) : DRAG.unknownPlace;
  };
  return {
    item: (draggableId) => {
      const piece = readDragId(draggableId);
      if (piece === null) return DRAG.unknown;
      switch (piece.kind) {
        case 'meal':
          return meal(piece.mealId);
        case 'group': {
          const name = names.group(piece.groupId);
          return name === undefined ? DRAG.unknown : DRAG.group(name);
        }
        case 'menu': {
          const title = names.resource(draggableId);
          return title === undefined ? DRAG.unknown : DRAG.menu(title);
        }
        case 'resource': {
          const name = names.resource(draggableId);
          if (name === undefined) return DRAG.unknown;
          if (piece.resource === 'ingredient') return DRAG.ingredient(name);
          return piece.resource === 'receipe' ? DRAG.recipe(name) : DRAG.menu(name);
        }
      }
    },
    place: (droppableId) => {
      const target = readDropId(droppableId);
      if (target === null) return AGENDA.searchResultsPlace;
      const where = meal(target.mealId);
      if (target.kind === 'groups') return AGENDA.groupsPlace(where);
      if (target.kind === 'items') return AGENDA.menuPlace(where);
      return where;
    },
  };
}
