import { describe, expect, it } from 'vitest';
import { dragMessages } from '../../components/dragAnnouncements';
import { agendaDragNames } from './drag-names';
import { dragId, dropId } from './dnd-ids';

const names = agendaDragNames({
  meal: (id) => (id === 7 ? { slot: 'Dîner', date: 'lun. 7-07' } : undefined),
  group: (id) => (id === 3 ? 'Louveteaux' : undefined),
  resource: (id) => (id === dragId.resource('receipe', 9) ? 'Gratin dauphinois' : undefined),
});

describe('agenda drag announcements', () => {
  it('name the item and the meal in words, never an id', () => {
    expect(names.item(dragId.resource('receipe', 9))).toBe('la recette « Gratin dauphinois »');
    expect(names.item(dragId.group(7, 3))).toBe('le groupe « Louveteaux »');
    expect(names.item(dragId.meal(7))).toBe('le repas Dîner du lun. 7-07');
    expect(names.place(dropId.items(7))).toBe('le menu du repas Dîner du lun. 7-07');
    expect(names.place(dropId.groups(7))).toBe('les groupes du repas Dîner du lun. 7-07');
    expect(names.place(dropId.source('resources'))).toBe('la liste des résultats');
    const end = dragMessages.end(names, {
      draggableId: dragId.resource('receipe', 9),
      type: 'RESOURCE',
      source: { droppableId: dropId.source('resources'), index: 0 },
      destination: { droppableId: dropId.items(7), index: 0 },
      reason: 'DROP',
      mode: 'SNAP',
      combine: null,
    });
    expect(end).toBe(
      'Vous avez déposé la recette « Gratin dauphinois » dans le menu du repas Dîner du lun. 7-07.',
    );
    expect(end).not.toMatch(/\d{2,}:|receipe|resource/u);
  });
});
