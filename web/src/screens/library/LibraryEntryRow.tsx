/**
 * One line of the library list: a favourite menu or a recipe.
 *
 * A search keystroke replaces the twelve rows of a page within one frame (issue 13, 16 ms over
 * 5,000 recipes). Each Mantine component costs its props, theme and style resolution on every
 * mount, about nine per row, so the row is drawn with plain elements: its layout from a CSS
 * module, its controls and badges wearing Mantine's own classes and colour variables (the same
 * look, and the `mantine-*-root` names that theme/touch.css grows to touch targets), the
 * variables resolved once per colour by Mantine's own resolvers. Rows are memoised (a row
 * whose entry did not change is not drawn again) and keyed by their place in the page (a new
 * page of results updates the rows' elements rather than replacing them).
 */
import { memo, type CSSProperties, type ReactNode } from 'react';
import {
  ActionIcon,
  Badge,
  Text,
  UnstyledButton,
  useMantineTheme,
  type MantineColor,
  type MantineTheme,
} from '@mantine/core';
import { IconBook, IconToolsKitchen2, IconTrash } from '@tabler/icons-react';
import { PLAT_LABELS, type LibraryEntry } from '@popote/domain';
import { PLAT_COLORS } from '../../theme/colors';
import { OwnerLock } from '../../components/OwnerLock';
import { LIBRARY } from '../../strings';
import classes from './LibraryEntryRow.module.css';

/** The title shown for an entry: an empty menu has none of its own. */
export const entryTitle = (entry: Pick<LibraryEntry, 'title'>): string =>
  entry.title || LIBRARY.emptyMenuTitle;

const cx = (...names: string[]): string => names.join(' ');

const ROW_CLASS = classes.row!;
const OPEN_CLASS = cx(
  'mantine-focus-auto',
  UnstyledButton.classes.root!,
  'mantine-UnstyledButton-root',
  classes.open!,
);
const CONTENT_CLASS = classes.content!;
const TITLE_CLASS = cx(
  'mantine-focus-auto',
  Text.classes.root!,
  'mantine-Text-root',
  classes.title!,
);
const UNTITLED_CLASS = cx(TITLE_CLASS, classes.untitled!);
const BADGE_CLASS = cx(Badge.classes.root!, 'mantine-Badge-root', classes.badge!);
const BADGE_LABEL_CLASS = cx(Badge.classes.label!, 'mantine-Badge-label');
const DELETE_CLASS = cx(
  'mantine-focus-auto',
  'mantine-active',
  ActionIcon.classes.root!,
  'mantine-ActionIcon-root',
  UnstyledButton.classes.root!,
  'mantine-UnstyledButton-root',
);
const DELETE_ICON_CLASS = cx(ActionIcon.classes.icon!, 'mantine-ActionIcon-icon');

/*
 * The rows' icons are drawn once, in LibraryIcons, and each row points at them (<use>): an
 * icon is then two elements instead of six.
 */
const ICON_IDS = {
  menu: 'popote-library-icon-menu',
  recipe: 'popote-library-icon-recipe',
  trash: 'popote-library-icon-trash',
} as const;

/** The icons the rows use, once per list; rendered hidden. */
export function LibraryIcons() {
  return (
    <svg width={0} height={0} aria-hidden style={{ position: 'absolute' }}>
      <symbol id={ICON_IDS.menu} viewBox="0 0 24 24">
        <IconToolsKitchen2 />
      </symbol>
      <symbol id={ICON_IDS.recipe} viewBox="0 0 24 24">
        <IconBook />
      </symbol>
      <symbol id={ICON_IDS.trash} viewBox="0 0 24 24">
        <IconTrash />
      </symbol>
    </svg>
  );
}

function RowIcon({ id, className, label }: { id: string; className?: string; label?: string }) {
  return (
    <svg width={18} height={18} className={className} aria-label={label} aria-hidden={!label}>
      <use href={`#${id}`} />
    </svg>
  );
}

const MENU_ICON = <RowIcon id={ICON_IDS.menu} className={classes.icon} label={LIBRARY.menuKind} />;
const RECIPE_ICON = (
  <RowIcon id={ICON_IDS.recipe} className={classes.icon} label={LIBRARY.recipeKind} />
);
const TRASH_ICON = <RowIcon id={ICON_IDS.trash} />;

type Variant = 'light' | 'outline' | 'subtle';

/** Mantine's own variables for a badge or an action icon of a colour, once per theme. */
const varsCache = new WeakMap<MantineTheme, Map<string, CSSProperties>>();
function colorVars(
  theme: MantineTheme,
  component: 'badge' | 'action',
  color: MantineColor,
  variant: Variant,
): CSSProperties {
  let cache = varsCache.get(theme);
  if (!cache) varsCache.set(theme, (cache = new Map()));
  const key = `${component}:${color}:${variant}`;
  let vars = cache.get(key);
  if (!vars) {
    const resolved =
      component === 'badge'
        ? Badge.varsResolver(theme, { color, variant }, {}).root
        : ActionIcon.varsResolver(theme, { color, variant }, {}).root;
    vars = Object.fromEntries(
      Object.entries(resolved).filter(([, v]) => v !== undefined),
    ) as CSSProperties;
    cache.set(key, vars);
  }
  return vars;
}

function RowBadge({
  theme,
  color,
  variant,
  children,
}: {
  theme: MantineTheme;
  color: MantineColor;
  variant: Variant;
  children: ReactNode;
}) {
  return (
    <div
      className={BADGE_CLASS}
      data-variant={variant}
      style={colorVars(theme, 'badge', color, variant)}
    >
      <span className={BADGE_LABEL_CLASS}>{children}</span>
    </div>
  );
}

export interface LibraryEntryRowProps {
  entry: LibraryEntry;
  isOwner: boolean;
  /** Stable callbacks (the same for every row), so that unchanged rows are not drawn again. */
  onOpen: (entry: LibraryEntry) => void;
  onDelete: (entry: LibraryEntry) => void;
}

export const LibraryEntryRow = memo(function LibraryEntryRow({
  entry,
  isOwner,
  onOpen,
  onDelete,
}: LibraryEntryRowProps) {
  const theme = useMantineTheme();
  const title = entryTitle(entry);
  const deleteName = isOwner ? LIBRARY.deleteItem(title) : '';
  return (
    <div className={ROW_CLASS} data-testid="library-entry" data-kind={entry.kind}>
      <button type="button" className={OPEN_CLASS} onClick={() => onOpen(entry)}>
        <div className={CONTENT_CLASS}>
          {entry.kind === 'menu' ? MENU_ICON : RECIPE_ICON}
          <p
            className={entry.title ? TITLE_CLASS : UNTITLED_CLASS}
            data-line-clamp="true"
            data-testid="library-entry-title"
          >
            {title}
          </p>
          {entry.kind === 'receipe' && (
            <RowBadge theme={theme} color={PLAT_COLORS[entry.plat]} variant="light">
              {PLAT_LABELS[entry.plat]}
            </RowBadge>
          )}
          {entry.isPublished && (
            <RowBadge theme={theme} color="blue" variant="outline">
              {LIBRARY.published}
            </RowBadge>
          )}
        </div>
      </button>
      {isOwner ? (
        // A plain title, not a Tooltip: twelve tooltips cost a search keystroke its frame, and
        // a finger never hovers.
        <button
          type="button"
          className={DELETE_CLASS}
          data-variant="subtle"
          style={colorVars(theme, 'action', 'red', 'subtle')}
          aria-label={deleteName}
          title={deleteName}
          onClick={() => onDelete(entry)}
        >
          <span className={DELETE_ICON_CLASS}>{TRASH_ICON}</span>
        </button>
      ) : (
        // Keyed by owner: a row updated in place never shows the previous owner's name.
        <OwnerLock key={entry.owner} ownerId={entry.owner} />
      )}
    </div>
  );
});
