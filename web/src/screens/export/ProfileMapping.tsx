/**
 * The mapping of a supplier profile, full screen (spec 2.7): 'Sans fournisseur' then one column
 * per supplier; categories and ingredients are dragged between them. Suppliers are added,
 * renamed by clicking their name, deleted; 'Supprimer les redondances' drops ingredient links
 * that their category already implies. Read-only for anyone but the profile's owner.
 */
import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { DragDropContext, type DropResult } from '@hello-pangea/dnd';
import { IconPlus, IconSearch, IconWand } from '@tabler/icons-react';
import {
  matchesSearch,
  supplierColumns,
  type Id,
  type Supplier,
  type SupplierColumn as SupplierColumnData,
} from '@popote/domain';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { OwnerLock } from '../../components/OwnerLock';
import { PlaceDialog } from '../../components/PlaceDialog';
import { notifySuccess } from '../../feedback/feedback';
import { EXPORT_SCREEN, PROFILES, SUCCESS } from '../../strings';
import { useMutate, useMutateUndoable } from '../../sync/useMutate';
import { frenchDrag } from '../../components/dragAnnouncements';
import { mappingDragNames, moveOfDrop, type MappingMove } from './mapping-dnd';
import { SupplierColumn, type PickedPiece } from './SupplierColumn';
import { useAllIngredients, useProfileDetails } from './useExportData';

export interface ProfileMappingProps {
  profileId: Id;
  userId: Id;
  onClose: () => void;
}

export function ProfileMapping({ profileId, userId, onClose }: ProfileMappingProps) {
  const details = useProfileDetails(profileId);
  const ingredients = useAllIngredients();
  const mutate = useMutate();
  const mutateUndoable = useMutateUndoable();
  const [filter, setFilter] = useState('');
  const [deleting, setDeleting] = useState<Pick<Supplier, 'id' | 'name'> | null>(null);
  // Escape during a keyboard drag cancels the drag only, not the whole dialog.
  const [dragging, setDragging] = useState(false);
  const [picked, setPicked] = useState<PickedPiece | null>(null);

  const profile = details?.profile ?? null;
  const columns = useMemo(
    () =>
      details && ingredients
        ? supplierColumns(details.profile, details.suppliers, ingredients)
        : [],
    [details, ingredients],
  );
  const ownLinks = useMemo(
    () => new Map((profile?.ingredientLinks ?? []).map((l) => [l.ingredientId, l.supplierId])),
    [profile],
  );
  const readOnly = profile === null || profile.owner !== userId;

  /** A category or an ingredient goes to another column: dropped there, or chosen after a tap. */
  const applyMove = async (move: MappingMove) => {
    if (readOnly) return;
    const applied =
      move.type === 'kind'
        ? await mutate('mapProfileKinds', {
            profileId,
            kinds: [move.kind],
            supplierId: move.supplierId,
          })
        : await mutate('mapProfileIngredients', {
            profileId,
            ingredientIds: [move.ingredientId],
            supplierId: move.supplierId,
          });
    if (applied) notifySuccess(SUCCESS.mappingUpdated);
  };
  const onDragEnd = async (drop: DropResult) => {
    const move = moveOfDrop(
      drop.draggableId,
      drop.source.droppableId,
      drop.destination?.droppableId ?? null,
    );
    if (move !== null) await applyMove(move);
  };
  const onPick = useCallback((piece: PickedPiece) => setPicked(piece), []);
  const choose = (supplierId: Id) => {
    if (picked === null) return;
    void applyMove(
      picked.type === 'kind'
        ? { type: 'kind', kind: picked.kind, supplierId }
        : { type: 'ingredient', ingredientId: picked.ingredientId, supplierId },
    );
  };

  const addSupplier = () => void mutate('createSupplier', (ids) => ({ id: ids.next(), profileId }));
  const tidy = async () => {
    if (await mutate('tidyProfileMapping', { profileId })) notifySuccess(SUCCESS.mappingTidied);
  };
  const renameSupplier = useCallback(
    async (id: Id, name: string) => {
      if (await mutate('renameSupplier', { id, name })) notifySuccess(SUCCESS.supplierUpdated);
    },
    [mutate],
  );
  const onRename = useCallback(
    (id: Id, name: string) => void renameSupplier(id, name),
    [renameSupplier],
  );
  const onDelete = useCallback((column: SupplierColumnData) => setDeleting(column), []);
  const deleteSupplier = async (id: Id) => {
    await mutateUndoable('deleteSupplier', { id }, SUCCESS.supplierDeleted);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      closeOnEscape={!dragging}
      fullScreen
      // No transform on the way in: dragged items are positioned against the viewport.
      transitionProps={{ transition: 'fade', duration: 0 }}
      // The theme caps dialogs at 1200 px (spec 9); this one is the whole screen.
      styles={{ content: { maxWidth: 'none', minWidth: 'auto' } }}
      title={profile ? PROFILES.mappingTitle(profile.name) : PROFILES.title}
    >
      {details === undefined || ingredients === undefined ? (
        <Loader aria-label={EXPORT_SCREEN.loading} />
      ) : profile === null ? (
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {PROFILES.close}
          </Button>
        </Group>
      ) : (
        <Stack>
          <Group justify="space-between">
            <Group>
              {!readOnly && (
                <>
                  <Button leftSection={<IconPlus size={18} />} onClick={addSupplier}>
                    {PROFILES.addSupplier}
                  </Button>
                  <Button
                    variant="light"
                    leftSection={<IconWand size={18} />}
                    onClick={() => void tidy()}
                  >
                    {PROFILES.tidy}
                  </Button>
                </>
              )}
              {readOnly && <OwnerLock ownerId={profile.owner} />}
              <TextInput
                aria-label={PROFILES.filter}
                placeholder={PROFILES.filter}
                leftSection={<IconSearch size={16} />}
                value={filter}
                onChange={(e) => setFilter(e.currentTarget.value)}
              />
            </Group>
            <Button variant="default" onClick={onClose}>
              {PROFILES.close}
            </Button>
          </Group>
          {readOnly ? (
            <Alert color="gray">{PROFILES.readOnly}</Alert>
          ) : (
            <Text size="sm" c="dimmed">
              {PROFILES.tapHint} {PROFILES.dragHint}
            </Text>
          )}
          <DragDropContext
            {...frenchDrag(mappingDragNames(columns, ingredients), {
              onDragStart: () => setDragging(true),
              onDragEnd: (drop) => {
                setDragging(false);
                void onDragEnd(drop);
              },
            })}
          >
            <Group align="flex-start" gap="md" wrap="wrap">
              {columns.map((column) => (
                <SupplierColumn
                  key={column.id}
                  column={column}
                  ingredients={
                    filter.trim() === ''
                      ? column.ingredients
                      : column.ingredients.filter((i) => matchesSearch(i.name, filter))
                  }
                  ownLinks={ownLinks}
                  readOnly={readOnly}
                  onRename={onRename}
                  onDelete={onDelete}
                  onPick={onPick}
                />
              ))}
            </Group>
          </DragDropContext>
        </Stack>
      )}
      <PlaceDialog
        title={picked && PROFILES.placePiece(picked.name)}
        options={columns.map((column) => ({
          id: column.id,
          label: column.name,
          ...(picked?.from === column.id && { disabledReason: PROFILES.placeSame }),
        }))}
        emptyText={PROFILES.placeNone}
        onClose={() => setPicked(null)}
        onChoose={choose}
      />
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void deleteSupplier(deleting.id);
        }}
      >
        <Text>{deleting ? PROFILES.confirmDeleteSupplier(deleting.name) : ''}</Text>
      </ConfirmDialog>
    </Modal>
  );
}
