/**
 * The tap path of a drag: after tapping a piece (a search result, a group chip), the user
 * picks where it goes from a list of big buttons. Works with a finger, a mouse and a keyboard.
 */
import { Button, Modal, Stack, Text } from '@mantine/core';
import type { Id } from '@popote/domain';

export interface PlaceOption {
  id: Id;
  label: string;
  /** Why it cannot take the piece (a favourite menu, the piece's own meal), if it cannot. */
  disabledReason?: string;
}

export function PlaceDialog({
  title,
  options,
  emptyText,
  onChoose,
  onClose,
}: {
  /** Null: closed. */
  title: string | null;
  options: readonly PlaceOption[];
  emptyText: string;
  onChoose: (id: Id) => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={title !== null} onClose={onClose} title={title ?? ''} size={600}>
      <Stack gap="xs" data-testid="place-dialog">
        {options.length === 0 && <Text c="dimmed">{emptyText}</Text>}
        {options.map((option) => (
          <Button
            key={option.id}
            variant="light"
            size="md"
            fullWidth
            justify="flex-start"
            disabled={option.disabledReason !== undefined}
            onClick={() => {
              onClose();
              onChoose(option.id);
            }}
            data-testid="place-option"
            styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
            h="auto"
            mih={44}
            py={6}
          >
            {option.label}
            {option.disabledReason ? ` (${option.disabledReason})` : ''}
          </Button>
        ))}
      </Stack>
    </Modal>
  );
}
