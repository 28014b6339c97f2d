/** One line of the library list: a favourite menu or a recipe. */
import { ActionIcon, Badge, Group, Text, UnstyledButton } from '@mantine/core';
import { IconBook, IconToolsKitchen2, IconTrash } from '@tabler/icons-react';
import { PLAT_COLORS, PLAT_LABELS, type LibraryEntry } from '@popote/domain';
import { OwnerLock } from '../../components/OwnerLock';
import { LIBRARY } from '../../strings';

/** The title shown for an entry: an empty menu has none of its own. */
export const entryTitle = (entry: Pick<LibraryEntry, 'title'>): string =>
  entry.title || LIBRARY.emptyMenuTitle;

export function LibraryEntryRow({
  entry,
  isOwner,
  onOpen,
  onDelete,
}: {
  entry: LibraryEntry;
  isOwner: boolean;
  onOpen: () => void;
  onDelete: () => void;
}) {
  const title = entryTitle(entry);
  const KindIcon = entry.kind === 'menu' ? IconToolsKitchen2 : IconBook;
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      px="xs"
      py={6}
      data-testid="library-entry"
      data-kind={entry.kind}
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <UnstyledButton onClick={onOpen} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="sm" wrap="nowrap">
          <KindIcon
            size={18}
            style={{ flexShrink: 0 }}
            aria-label={entry.kind === 'menu' ? LIBRARY.menuKind : LIBRARY.recipeKind}
          />
          <Text
            lineClamp={2}
            style={{ minWidth: 0 }}
            fs={entry.title ? undefined : 'italic'}
            data-testid="library-entry-title"
          >
            {title}
          </Text>
          {entry.kind === 'receipe' && (
            <Badge color={PLAT_COLORS[entry.plat]} variant="light" style={{ flexShrink: 0 }}>
              {PLAT_LABELS[entry.plat]}
            </Badge>
          )}
          {entry.isPublished && (
            <Badge color="blue" variant="outline" style={{ flexShrink: 0 }}>
              {LIBRARY.published}
            </Badge>
          )}
        </Group>
      </UnstyledButton>
      {isOwner ? (
        // A plain title, not a Tooltip: twelve tooltips cost a search keystroke its frame, and
        // a finger never hovers.
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={LIBRARY.deleteItem(title)}
          title={LIBRARY.deleteItem(title)}
          onClick={onDelete}
        >
          <IconTrash size={18} />
        </ActionIcon>
      ) : (
        <OwnerLock ownerId={entry.owner} />
      )}
    </Group>
  );
}
