/**
 * 'Modifications refusées': every change the server refused, described in words (what, which
 * ingredient, which meal, which day: describeMutation of the domain), with its reason, and
 * everything the user had typed behind 'Détails', to copy before dismissing it. Nothing typed
 * is ever lost silently.
 */
import { useState } from 'react';
import { Button, Card, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { describeMutation, formatDateTime, mutationLabel } from '@popote/domain';
import type { Rejection } from '@popote/sync-protocol';
import { notifySuccess } from '../feedback/feedback';
import { SYNC } from '../strings';
import { useSync } from './SyncProvider';
import { useLocalQuery } from './useLocal';

export function RefusedChangesDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const { db } = useSync();
  // Descriptions read the device's rows, so they follow renames and deletions live.
  const refused =
    useLocalQuery(async (store, tables) => {
      const rows = await tables.rejected.orderBy('mutationId').toArray();
      return Promise.all(
        rows.map(async (r) => ({ ...r, words: await describeMutation(store, r.name, r.args) })),
      );
    }, []) ?? [];

  return (
    <Modal opened={opened} onClose={onClose} title={SYNC.refusedTitle} size="lg">
      <Stack>
        <Text size="sm">{SYNC.refusedIntro}</Text>
        {refused.length === 0 && <Text c="dimmed">{SYNC.refusedEmpty}</Text>}
        {refused.map((r) => (
          <RefusedChange
            key={r.mutationId}
            refusal={r}
            words={r.words}
            onDismiss={() => void db.rejected.delete(r.mutationId)}
          />
        ))}
      </Stack>
    </Modal>
  );
}

function RefusedChange({
  refusal,
  words,
  onDismiss,
}: {
  refusal: Rejection;
  words: string;
  onDismiss: () => void;
}) {
  const [details, setDetails] = useState(false);
  const content = JSON.stringify(refusal.args, null, 2);
  const label = mutationLabel(refusal.name);
  return (
    <Card withBorder data-testid="refused-change">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={600} data-testid="refused-change-words">
            {words}
          </Text>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {formatDateTime(refusal.at)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text size="sm">
          <strong>{SYNC.refusedReason} :</strong> {refusal.message}
        </Text>
        {details && (
          <Stack gap="xs" data-testid="refused-change-details">
            <Text size="sm" fw={600}>
              {SYNC.refusedContent}
            </Text>
            <Code block>{content}</Code>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button
            variant="subtle"
            size="xs"
            aria-expanded={details}
            onClick={() => setDetails((shown) => !shown)}
          >
            {details ? SYNC.refusedHideDetails : SYNC.refusedDetails}
          </Button>
          <Button
            variant="default"
            size="xs"
            onClick={() => {
              void navigator.clipboard
                ?.writeText(`${words}\n${refusal.message}\n${content}`)
                .then(() => notifySuccess(SYNC.copied));
            }}
          >
            {SYNC.copy}
          </Button>
          <Button size="xs" color="red" variant="light" onClick={onDismiss}>
            {SYNC.dismiss}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
