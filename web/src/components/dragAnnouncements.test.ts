import { describe, expect, it } from 'vitest';
import type { DragStart, DragUpdate, DropResult, ResponderProvided } from '@hello-pangea/dnd';
import { DRAG } from '../strings';
import { dragMessages, frenchDrag } from './dragAnnouncements';
import type { DragNames } from './dragAnnouncements';

const names: DragNames = {
  item: (id) => (id === 'ingredient:42' ? DRAG.ingredient('Tomate') : DRAG.unknown),
  place: (id) =>
    id === 'ingredients:7'
      ? DRAG.supplier('Metro')
      : id === 'ingredients:0'
        ? DRAG.supplier('Sans fournisseur')
        : DRAG.unknownPlace,
};

const start: DragStart = {
  draggableId: 'ingredient:42',
  type: 'DEFAULT',
  source: { droppableId: 'ingredients:0', index: 3 },
  mode: 'SNAP',
};
const over: DragUpdate = {
  ...start,
  destination: { droppableId: 'ingredients:7', index: 0 },
  combine: null,
};
const drop = (patch: Partial<DropResult>): DropResult => ({
  ...over,
  reason: 'DROP',
  ...patch,
});

describe('French drag announcements', () => {
  it('names the item and the places in words, never by id', () => {
    const lines = [
      dragMessages.start(names, start),
      dragMessages.update(names, over),
      dragMessages.update(names, { ...over, destination: null }),
      dragMessages.end(names, drop({})),
      dragMessages.end(names, drop({ destination: { droppableId: 'ingredients:0', index: 1 } })),
      dragMessages.end(names, drop({ destination: null })),
      dragMessages.end(names, drop({ reason: 'CANCEL', destination: null })),
    ];
    expect(lines).toEqual([
      "Vous avez saisi l'ingrédient « Tomate », dans la colonne du fournisseur « Sans fournisseur ». Flèches pour le déplacer, Espace pour le déposer, Échap pour annuler.",
      "L'ingrédient « Tomate » : au-dessus de la colonne du fournisseur « Metro ».",
      "L'ingrédient « Tomate » : hors de toute place.",
      "Vous avez déposé l'ingrédient « Tomate » dans la colonne du fournisseur « Metro ».",
      "Vous avez reposé l'ingrédient « Tomate » à sa place : rien ne change.",
      "Vous avez lâché l'ingrédient « Tomate » hors de toute place : rien ne change.",
      "Déplacement annulé : l'ingrédient « Tomate » reste à sa place.",
    ]);
    for (const line of lines) expect(line).not.toMatch(/\d/u);
  });

  it('announces through the library, then runs the screen’s responders', () => {
    const said: string[] = [];
    const provided: ResponderProvided = { announce: (m) => said.push(m) };
    const ended: DropResult[] = [];
    const started: string[] = [];
    const props = frenchDrag(names, {
      onDragStart: (s) => started.push(s.draggableId),
      onDragEnd: (r) => ended.push(r),
    });
    props.onDragStart(start, provided);
    props.onDragUpdate(over, provided);
    props.onDragEnd(drop({}), provided);
    expect(said).toHaveLength(3);
    expect(started).toEqual(['ingredient:42']);
    expect(ended).toHaveLength(1);
    expect(props.dragHandleUsageInstructions).toBe(DRAG.instructions);
  });
});
