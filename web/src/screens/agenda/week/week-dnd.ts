// Its own chunk (WeekView.tsx): the drag and drop library and its French announcements, mounted
// on the week once it is shown.
export { DragDropContext, Draggable, Droppable } from '@hello-pangea/dnd';
export { frenchDrag } from '../../../components/dragAnnouncements';
