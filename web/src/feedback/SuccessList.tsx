import { Button, Group, Notification, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { FEEDBACK } from '../strings';
import { dismissSuccess } from './feedback';
import { useFeedback } from './useFeedback';

// Made when a first message shows: the first Intl object of a page loads the browser's locale
// data, which the first paint does not need (issue 36).
let timeFormat: Intl.DateTimeFormat | undefined;
const formatTime = (at: Date | number): string =>
  (timeFormat ??= new Intl.DateTimeFormat('fr-FR', { timeStyle: 'medium' })).format(at);

/** Success messages at the bottom right (spec 2.9); each one leaves after its lifetime. */
export function SuccessList() {
  const { successes } = useFeedback();
  if (successes.length === 0) return null;
  return (
    <Stack
      role="status"
      aria-label={FEEDBACK.successListLabel}
      data-testid="success-list"
      gap="xs"
      pos="fixed"
      bottom={16}
      right={16}
      w={360}
      maw="calc(100vw - 32px)"
      style={{ zIndex: 1000 }}
    >
      {successes.map((message) => (
        <Notification
          key={message.id}
          role="none"
          icon={<IconCheck size={18} />}
          color="teal"
          withBorder
          onClose={() => dismissSuccess(message.id)}
          closeButtonProps={{ 'aria-label': FEEDBACK.close }}
          data-testid="success-message"
        >
          <Text size="sm">{message.text}</Text>
          <Group justify="space-between" align="center" gap="xs">
            <Text size="xs" c="dimmed">
              {formatTime(message.at)}
            </Text>
            {message.action && (
              <Button
                size="compact-sm"
                variant="light"
                data-testid="success-action"
                onClick={() => {
                  dismissSuccess(message.id);
                  message.action?.run();
                }}
              >
                {message.action.label}
              </Button>
            )}
          </Group>
        </Notification>
      ))}
    </Stack>
  );
}
