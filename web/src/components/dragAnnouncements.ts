/**
 * French screen-reader announcements for @hello-pangea/dnd (issue 13). Left alone, the library
 * announces in English and with internal ids ("You have lifted an item in position 1",
 * "draggable ingredient:42"). Each screen says what its ids stand for; this turns every step
 * of a drag into a French sentence that names the item and the place in words.
 */
import type {
  DragStart,
  DragUpdate,
  DropResult,
  OnDragEndResponder,
  OnDragStartResponder,
  OnDragUpdateResponder,
  ResponderProvided,
} from '@hello-pangea/dnd';
import { DRAG } from '../strings';

export interface DragNames {
  /** The dragged item in words, with its article: « l'ingrédient « Tomate » ». */
  item: (draggableId: string) => string;
  /** A drop place in words, with its article: « le fournisseur « Metro » ». */
  place: (droppableId: string) => string;
}

/** The sentences of each step, without the library (unit-tested). */
export const dragMessages = {
  start: (names: DragNames, start: DragStart): string =>
    DRAG.lifted(names.item(start.draggableId), names.place(start.source.droppableId)),
  update: (names: DragNames, update: DragUpdate): string =>
    update.destination
      ? DRAG.over(names.item(update.draggableId), names.place(update.destination.droppableId))
      : DRAG.overNothing(names.item(update.draggableId)),
  end: (names: DragNames, result: DropResult): string => {
    const item = names.item(result.draggableId);
    if (result.reason === 'CANCEL') return DRAG.cancelled(item);
    if (!result.destination) return DRAG.droppedNowhere(item);
    if (result.destination.droppableId === result.source.droppableId) {
      return DRAG.droppedHome(item);
    }
    return DRAG.dropped(item, names.place(result.destination.droppableId));
  },
};

export interface FrenchDragProps {
  onDragStart: OnDragStartResponder;
  onDragUpdate: OnDragUpdateResponder;
  onDragEnd: OnDragEndResponder;
  dragHandleUsageInstructions: string;
}

/**
 * Props for a DragDropContext: announcements in French, then the screen's own responders.
 * Spread them: `<DragDropContext {...frenchDrag(names, { onDragEnd })}>`.
 */
export function frenchDrag(
  names: DragNames,
  responders: {
    onDragStart?: (start: DragStart) => void;
    onDragUpdate?: (update: DragUpdate) => void;
    onDragEnd: (result: DropResult) => void;
  },
): FrenchDragProps {
  return {
    onDragStart: (start: DragStart, provided: ResponderProvided) => {
      provided.announce(dragMessages.start(names, start));
      responders.onDragStart?.(start);
    },
    onDragUpdate: (update: DragUpdate, provided: ResponderProvided) => {
      provided.announce(dragMessages.update(names, update));
      responders.onDragUpdate?.(update);
    },
    onDragEnd: (result: DropResult, provided: ResponderProvided) => {
      provided.announce(dragMessages.end(names, result));
      responders.onDragEnd(result);
    },
    dragHandleUsageInstructions: DRAG.instructions,
  };
}
