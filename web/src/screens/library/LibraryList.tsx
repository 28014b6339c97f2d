/** The library list (spec 2.6): favourite menus, then recipes, 12 per page, with a search. */
import { Fragment, memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Button,
  Card,
  Center,
  Group,
  Loader,
  Menu,
  MultiSelect,
  Pagination,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconChevronDown,
  IconFileExport,
  IconClipboardText,
  IconFileImport,
  IconLink,
  IconList,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import {
  ALLERGEN_LABELS,
  ALLERGENS,
  DIET_LABELS,
  DIETS,
  Plat,
  SEARCH_DEBOUNCE_MS,
  filterLibraryEntries,
  filterAvoiding,
  libraryEntries,
  pageCount,
  pageItems,
  uniqueName,
  type Allergen,
  type Avoid,
  type Diet,
  type LibraryEntry,
} from '@popote/domain';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { COMMON, LIBRARY, RECIPE_READING, UNDO } from '../../strings';
import { FirstSyncLoader, useFirstSyncDone } from '../../sync/FirstSync';
import { useMutate, useMutateUndoable } from '../../sync/useMutate';
import { useSync } from '../../sync/SyncProvider';
import { RecipesCsvDialog } from './RecipesCsvDialog';
import { ImportDialog } from './import/ImportDialog';
import { IngredientListDialog } from './IngredientListDialog';
import { LibraryEntryRow, LibraryIcons, entryTitle } from './LibraryEntryRow';
import { initialListState, saveListStateAfterPaint, useLibraryNavigation } from './navigation';
import { useLibraryRows, type LibraryRows } from './useLibraryRows';

/** Items per page of the library list (spec 9). */
const LIBRARY_PAGE_SIZE = 12;

type Dialog = 'ingredients' | 'import' | 'importLink' | 'importText' | 'export' | null;

/** What the list shows: the debounced search and the page, changed together. */
interface ListQuery {
  search: string;
  page: number;
}

/**
 * A search keystroke has one frame (issue 13): when the debounce fires, only the result rows
 * and the pager are drawn again. The toolbar and the search field are parts of their own
 * (memoised), and each row is memoised with callbacks that stay the same.
 */
/** The 'Sans…' filter's choices: the diets, then 'Sans <allergen>' for each allergen. */
const AVOID_OPTIONS = [
  ...DIETS.map((d) => ({ value: `diet:${d}`, label: DIET_LABELS[d] })),
  ...ALLERGENS.map((a) => ({ value: `allergen:${a}`, label: LIBRARY.without(ALLERGEN_LABELS[a]) })),
];

function parseAvoid(values: readonly string[]): Avoid {
  const codes = (kind: string) =>
    values.filter((v) => v.startsWith(`${kind}:`)).map((v) => Number(v.slice(kind.length + 1)));
  return { allergens: codes('allergen') as Allergen[], diets: codes('diet') as Diet[] };
}

export function LibraryList() {
  const { userId } = useSync();
  const nav = useLibraryNavigation();
  const rows = useLibraryRows(userId);
  const firstSyncDone = useFirstSyncDone();
  // The search and page ride in the address, so that 'Retour' from an item finds them again.
  const [initial] = useState(initialListState);
  const [query, setQuery] = useState<ListQuery>(initial);
  useEffect(() => saveListStateAfterPaint(query.search, query.page), [query]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [toDelete, setToDelete] = useState<LibraryEntry | null>(null);

  const entries = useMemo(
    () => (rows ? libraryEntries(userId, rows.menus, rows.recipes, rows.ingredients) : []),
    [rows, userId],
  );
  // 'Sans…' (issue 20): allergens to avoid and diets to suit.
  const [avoid, setAvoid] = useState<string[]>([]);
  const found = useMemo(
    () => filterAvoiding(filterLibraryEntries(entries, query.search), parseAvoid(avoid)),
    [entries, query.search, avoid],
  );
  const pages = pageCount(found.length, LIBRARY_PAGE_SIZE);
  const current = Math.min(query.page, pages);
  const shown = pageItems(found, current, LIBRARY_PAGE_SIZE);

  const ownRecipeNames = useMemo(
    () => (rows?.recipes ?? []).filter((r) => r.owner === userId).map((r) => r.name),
    [rows, userId],
  );
  // Typing goes back to page 1 at once (no render when already there); the debounced text
  // keeps the page chosen since (a page tapped while the search waits).
  const onType = useCallback(() => setQuery((q) => (q.page === 1 ? q : { ...q, page: 1 })), []);
  const onSearch = useCallback(
    (search: string) => setQuery((q) => (q.search === search ? q : { ...q, search })),
    [],
  );
  const onPage = useCallback((page: number) => setQuery((q) => ({ ...q, page })), []);
  const { openMenu, openRecipe } = nav;
  const onOpen = useCallback(
    (entry: LibraryEntry) => (entry.kind === 'menu' ? openMenu(entry.id) : openRecipe(entry.id)),
    [openMenu, openRecipe],
  );

  const closeDialog = useCallback(() => setDialog(null), []);
  const closeDelete = useCallback(() => setToDelete(null), []);

  const firstRecipe = shown.findIndex((e) => e.kind === 'receipe');
  return (
    <Stack>
      <LibraryToolbar ownRecipeNames={ownRecipeNames} onDialog={setDialog} />
      <LibrarySearchField initial={initial.search} onType={onType} onSearch={onSearch} />
      <MultiSelect
        aria-label={LIBRARY.avoidLabel}
        placeholder={avoid.length === 0 ? LIBRARY.avoidLabel : undefined}
        data={AVOID_OPTIONS}
        value={avoid}
        onChange={(value) => {
          setAvoid(value);
          onType();
        }}
        clearable
        searchable
        data-testid="library-avoid"
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
          {ICONS}
          <Stack gap={4} data-testid="library-list">
            {shown.map((entry, index) => (
              // Keyed by place: a search keystroke that changes the page's entries updates
              // twelve rows in place rather than removing twelve and building twelve.
              <Fragment key={index}>
                {index === 0 && entry.kind === 'menu' && MENUS_HEADING}
                {index === firstRecipe && RECIPES_HEADING}
                <LibraryEntryRow
                  entry={entry}
                  isOwner={entry.owner === userId}
                  onOpen={onOpen}
                  onDelete={setToDelete}
                />
              </Fragment>
            ))}
          </Stack>
        </Card>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={current}
          onChange={onPage}
          aria-label={LIBRARY.pagesLabel}
        />
      )}

      <LibraryDialogs
        dialog={dialog}
        toDelete={toDelete}
        rows={rows}
        onCloseDialog={closeDialog}
        onCloseDelete={closeDelete}
      />
    </Stack>
  );
}

/** The dialogs the list opens, not drawn again by a search keystroke. */
const LibraryDialogs = memo(function LibraryDialogs({
  dialog,
  toDelete,
  rows,
  onCloseDialog,
  onCloseDelete,
}: {
  dialog: Dialog;
  toDelete: LibraryEntry | null;
  rows: LibraryRows | undefined;
  onCloseDialog: () => void;
  onCloseDelete: () => void;
}) {
  const mutateUndoable = useMutateUndoable();
  const remove = async (entry: LibraryEntry) => {
    if (entry.kind === 'menu')
      await mutateUndoable('deleteMenu', { id: entry.id }, UNDO.menuDeleted);
    else await mutateUndoable('deleteRecipe', { id: entry.id }, UNDO.recipeDeleted);
  };
  return (
    <>
      <ConfirmDialog
        opened={toDelete !== null}
        onClose={onCloseDelete}
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
      <IngredientListDialog opened={dialog === 'ingredients'} onClose={onCloseDialog} />
      {dialog === 'import' && <ImportDialog onClose={onCloseDialog} />}
      {dialog === 'importLink' && <ImportDialog source="link" onClose={onCloseDialog} />}
      {dialog === 'importText' && <ImportDialog source="text" onClose={onCloseDialog} />}
      {dialog === 'export' && rows && <RecipesCsvDialog rows={rows} onClose={onCloseDialog} />}
    </>
  );
});

/** The title and the buttons above the list, drawn again only when the user's recipes change. */
const LibraryToolbar = memo(function LibraryToolbar({
  ownRecipeNames,
  onDialog,
}: {
  ownRecipeNames: readonly string[];
  onDialog: (dialog: Dialog) => void;
}) {
  const mutate = useMutate();
  const nav = useLibraryNavigation();
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
  return (
    <Group justify="space-between" align="flex-end">
      <Title order={2}>{LIBRARY.listTitle}</Title>
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconList size={18} />}
          onClick={() => onDialog('ingredients')}
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
              onClick={() => onDialog('import')}
            >
              {LIBRARY.importRecipes}
            </Menu.Item>
            <Menu.Item leftSection={<IconLink size={16} />} onClick={() => onDialog('importLink')}>
              {RECIPE_READING.fromLink}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconClipboardText size={16} />}
              onClick={() => onDialog('importText')}
            >
              {RECIPE_READING.fromText}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconFileExport size={16} />}
              onClick={() => onDialog('export')}
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
  );
});

/**
 * The search box: a keystroke draws only the box; the list hears of the text once the typing
 * pauses (SEARCH_DEBOUNCE_MS, spec 5), in the debounce's own timer.
 */
const LibrarySearchField = memo(function LibrarySearchField({
  initial,
  onType,
  onSearch,
}: {
  initial: string;
  onType: () => void;
  onSearch: (search: string) => void;
}) {
  const [search, setSearch] = useState(initial);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return (
    <TextInput
      label={LIBRARY.searchLabel}
      placeholder={LIBRARY.searchPlaceholder}
      leftSection={<IconSearch size={16} />}
      value={search}
      onChange={(e) => {
        const text = e.currentTarget.value;
        setSearch(text);
        onType();
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
      }}
    />
  );
});

function SectionTitle({ children }: { children: string }) {
  return (
    // The list's own gap (4 px) sets it apart from the row below.
    <Title order={3} size="h5" c="dimmed" mt="xs" px="xs">
      {children}
    </Title>
  );
}

// The same elements each time: React does not draw them again.
const ICONS = <LibraryIcons />;
const MENUS_HEADING = <SectionTitle>{LIBRARY.menusHeading}</SectionTitle>;
const RECIPES_HEADING = <SectionTitle>{LIBRARY.recipesHeading}</SectionTitle>;
