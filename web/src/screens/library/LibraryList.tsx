/** The library list (spec 2.6): favourite menus, then recipes, 12 per page, with a search. */
import { useEffect, useMemo, useState } from 'react';
import {
  Button,
  Card,
  Center,
  Group,
  Loader,
  Menu,
  Pagination,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconChevronDown,
  IconFileExport,
  IconFileImport,
  IconList,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import {
  LIBRARY_PAGE_SIZE,
  Plat,
  SEARCH_DEBOUNCE_MS,
  filterLibraryEntries,
  libraryEntries,
  pageCount,
  pageItems,
  uniqueName,
  type LibraryEntry,
} from '@popote/domain';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { COMMON, LIBRARY, UNDO } from '../../strings';
import { FirstSyncLoader, useFirstSyncDone } from '../../sync/FirstSync';
import { useMutate, useMutateUndoable } from '../../sync/useMutate';
import { useSync } from '../../sync/SyncProvider';
import { ExportDialog } from './ExportDialog';
import { ImportDialog } from './import/ImportDialog';
import { IngredientListDialog } from './IngredientListDialog';
import { LibraryEntryRow, entryTitle } from './LibraryEntryRow';
import { initialListState, saveListState, useLibraryNavigation } from './navigation';
import { useLibraryRows } from './useLibraryRows';

type Dialog = 'ingredients' | 'import' | 'export' | null;

export function LibraryList() {
  const { userId } = useSync();
  const mutate = useMutate();
  const mutateUndoable = useMutateUndoable();
  const nav = useLibraryNavigation();
  const rows = useLibraryRows(userId);
  const firstSyncDone = useFirstSyncDone();
  // The search and page ride in the address, so that 'Retour' from an item finds them again.
  const [initial] = useState(initialListState);
  const [search, setSearch] = useState(initial.search);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(initial.page);
  useEffect(() => saveListState(debounced, page), [debounced, page]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [toDelete, setToDelete] = useState<LibraryEntry | null>(null);

  const entries = useMemo(
    () => (rows ? libraryEntries(userId, rows.menus, rows.recipes, rows.ingredients) : []),
    [rows, userId],
  );
  const found = useMemo(() => filterLibraryEntries(entries, debounced), [entries, debounced]);
  const pages = pageCount(found.length, LIBRARY_PAGE_SIZE);
  const current = Math.min(page, pages);
  const shown = pageItems(found, current, LIBRARY_PAGE_SIZE);

  const ownRecipeNames = useMemo(
    () => (rows?.recipes ?? []).filter((r) => r.owner === userId).map((r) => r.name),
    [rows, userId],
  );

  const addRecipe = async () => {
    const name = uniqueName(LIBRARY.newRecipeName, ownRecipeNames);
    const done = await mutate('createRecipe', (ids) => ({
      id: ids.next(),
      name,
      plat: Plat.PlatPrincipal,
      now: new Date().toISOString(),
    }));
    if (done) nav.openRecipe(done.id);
  };
  const addMenu = async () => {
    const done = await mutate('createFavoriteMenu', (ids) => ({
      id: ids.next(),
      now: new Date().toISOString(),
    }));
    if (done) nav.openMenu(done.id);
  };
  const remove = async (entry: LibraryEntry) => {
    if (entry.kind === 'menu')
      await mutateUndoable('deleteMenu', { id: entry.id }, UNDO.menuDeleted);
    else await mutateUndoable('deleteRecipe', { id: entry.id }, UNDO.recipeDeleted);
  };

  const firstRecipe = shown.findIndex((e) => e.kind === 'receipe');
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{LIBRARY.listTitle}</Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconList size={18} />}
            onClick={() => setDialog('ingredients')}
          >
            {LIBRARY.ingredientsButton}
          </Button>
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="default" rightSection={<IconChevronDown size={16} />}>
                {LIBRARY.importExportButton}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconFileImport size={16} />}
                onClick={() => setDialog('import')}
              >
                {LIBRARY.importRecipes}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconFileExport size={16} />}
                onClick={() => setDialog('export')}
              >
                {LIBRARY.exportRecipes}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <Menu position="bottom-end">
            <Menu.Target>
              <Button leftSection={<IconPlus size={18} />}>{LIBRARY.addButton}</Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => void addRecipe()}>{LIBRARY.addRecipe}</Menu.Item>
              <Menu.Item onClick={() => void addMenu()}>{LIBRARY.addMenu}</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>

      <TextInput
        label={LIBRARY.searchLabel}
        placeholder={LIBRARY.searchPlaceholder}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />

      {rows === undefined ? (
        <Center py="xl">
          <Loader aria-label={LIBRARY.loading} />
        </Center>
      ) : entries.length === 0 && !firstSyncDone ? (
        <FirstSyncLoader />
      ) : found.length === 0 ? (
        <Text c="dimmed" fs="italic" data-testid="library-empty">
          {entries.length === 0 ? LIBRARY.emptyLibrary : LIBRARY.noResult}
        </Text>
      ) : (
        <Card withBorder padding="xs">
          <Stack gap={4} data-testid="library-list">
            {shown.map((entry, index) => (
              <div key={`${entry.kind}-${entry.id}`}>
                {index === 0 && entry.kind === 'menu' && (
                  <SectionTitle>{LIBRARY.menusHeading}</SectionTitle>
                )}
                {index === firstRecipe && <SectionTitle>{LIBRARY.recipesHeading}</SectionTitle>}
                <LibraryEntryRow
                  entry={entry}
                  isOwner={entry.owner === userId}
                  onOpen={() =>
                    entry.kind === 'menu' ? nav.openMenu(entry.id) : nav.openRecipe(entry.id)
                  }
                  onDelete={() => setToDelete(entry)}
                />
              </div>
            ))}
          </Stack>
        </Card>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={current}
          onChange={setPage}
          aria-label={LIBRARY.pagesLabel}
        />
      )}

      <ConfirmDialog
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) void remove(toDelete);
        }}
      >
        <Text>
          {toDelete &&
            (toDelete.kind === 'menu'
              ? LIBRARY.confirmDeleteMenu(entryTitle(toDelete))
              : LIBRARY.confirmDeleteRecipe(toDelete.title))}{' '}
          {COMMON.irreversible}
        </Text>
      </ConfirmDialog>
      <IngredientListDialog opened={dialog === 'ingredients'} onClose={() => setDialog(null)} />
      {dialog === 'import' && <ImportDialog onClose={() => setDialog(null)} />}
      {dialog === 'export' && rows && <ExportDialog rows={rows} onClose={() => setDialog(null)} />}
    </Stack>
  );
}

function SectionTitle({ children }: { children: string }) {
  return (
    <Title order={3} size="h5" c="dimmed" mt="xs" mb={4} px="xs">
      {children}
    </Title>
  );
}
