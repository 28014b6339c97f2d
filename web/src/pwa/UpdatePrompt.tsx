import { useEffect, useRef, useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { registerSW } from 'virtual:pwa-register';
import { PWA } from '../strings';

/**
 * Registers the service worker and, when a new version is waiting, offers to switch to it
 * (registerType 'prompt': an update never reloads the page behind the user's back).
 */
export function UpdatePrompt() {
  const [needRefresh, setNeedRefresh] = useState(false);
  const updateRef = useRef<((reloadPage?: boolean) => Promise<void>) | null>(null);

  useEffect(() => {
    updateRef.current = registerSW({
      immediate: true,
      onNeedRefresh: () => setNeedRefresh(true),
    });
  }, []);

  if (!needRefresh) return null;
  return (
    <Paper
      role="alertdialog"
      aria-label={PWA.updateAvailable}
      data-testid="update-prompt"
      withBorder
      shadow="md"
      p="sm"
      pos="fixed"
      top={64}
      right={16}
      style={{ zIndex: 1002 }}
    >
      <Group gap="sm" wrap="nowrap">
        <Text size="sm">{PWA.updateAvailable}</Text>
        <Button size="xs" onClick={() => void updateRef.current?.(true)}>
          {PWA.update}
        </Button>
      </Group>
    </Paper>
  );
}
