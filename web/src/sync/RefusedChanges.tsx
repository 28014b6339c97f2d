/**
 * 'Modifications refusées': every change the server refused, with its reason and everything
 * the user had typed, to copy before dismissing it. Nothing typed is ever lost silently.
 */
import { Button, Card, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { formatDateTime } from '@popote/domain';
import { notifySuccess } from '../feedback/feedback';
import { MUTATION_LABELS, SYNC } from '../strings';
import { useSync } from './SyncProvider';

export function RefusedChangesDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const { db } = useSync();
  const refused = useLiveQuery(() => db.rejected.orderBy('mutationId').toArray(), [db]) ?? [];

  return (
    <Modal opened={opened} onClose={onClose} title={SYNC.refusedTitle} size="lg">
      <Stack>
        <Text size="sm">{SYNC.refusedIntro}</Text>
        {refused.length === 0 && <Text c="dimmed">{SYNC.refusedEmpty}</Text>}
        {refused.map((r) => {
          const content = JSON.stringify(r.args, null, 2);
          return (
            <Card key={r.mutationId} withBorder data-testid="refused-change">
              <Stack gap="xs">
                <Group justify="space-between">
                  <Text fw={600}>{MUTATION_LABELS[r.name] ?? r.name}</Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(r.at)}
                  </Text>
                </Group>
                <Text size="sm">
                  <strong>{SYNC.refusedReason} :</strong> {r.message}
                </Text>
                <Text size="sm" fw={600}>
                  {SYNC.refusedContent}
                </Text>
                <Code block>{content}</Code>
                <Group justify="flex-end">
                  <Button
                    variant="default"
                    size="xs"
                    onClick={() => {
                      void navigator.clipboard
                        ?.writeText(`${r.message}\n${content}`)
                        .then(() => notifySuccess(SYNC.copied));
                    }}
                  >
                    {SYNC.copy}
                  </Button>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    onClick={() => void db.rejected.delete(r.mutationId)}
                  >
                    {SYNC.dismiss}
                  </Button>
                </Group>
              </Stack>
            </Card>
          );
        })}
      </Stack>
    </Modal>
  );
}
