/** The top of the menu and recipe views: back to the list, title, last change, owner or switch. */
import type { ReactNode } from 'react';
import { Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { formatDateTime, type Id } from '@popote/domain';
import { OwnerLock } from '../../components/OwnerLock';
import { LIBRARY } from '../../strings';

/** 'modifié le' in the browser's time zone. */
export function modifiedOn(updated: string): string {
  const offset = -new Date(updated).getTimezoneOffset();
  return LIBRARY.modifiedOn(formatDateTime(updated, Number.isNaN(offset) ? 0 : offset));
}

export function BackToList({ onBack }: { onBack: () => void }) {
  return (
    <Button
      variant="subtle"
      leftSection={<IconArrowLeft size={18} />}
      onClick={onBack}
      style={{ alignSelf: 'flex-start' }}
    >
      {LIBRARY.backToList}
    </Button>
  );
}

export function DetailHeader({
  title,
  updated,
  owner,
  isOwner,
  isPublished,
  publishHint,
  onPublish,
  onBack,
  subtitle,
}: {
  title: string;
  updated: string;
  owner: Id;
  isOwner: boolean;
  isPublished: boolean;
  publishHint: string;
  onPublish: (published: boolean) => void;
  onBack: () => void;
  subtitle?: ReactNode;
}) {
  return (
    <Stack gap="xs">
      <BackToList onBack={onBack} />
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={2}>{title}</Title>
          <Text size="sm" c="dimmed" data-testid="modified-on">
            {modifiedOn(updated)}
          </Text>
          {subtitle}
        </Stack>
        {isOwner ? (
          <Switch
            label={LIBRARY.publish}
            description={publishHint}
            checked={isPublished}
            onChange={(e) => onPublish(e.currentTarget.checked)}
            maw={320}
          />
        ) : (
          <Stack gap={4} align="flex-end">
            <OwnerLock ownerId={owner} />
            <Text size="xs" c="dimmed">
              {LIBRARY.readOnly}
            </Text>
          </Stack>
        )}
      </Group>
    </Stack>
  );
}
