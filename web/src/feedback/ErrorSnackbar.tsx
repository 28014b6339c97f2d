import { Notification, Text } from '@mantine/core';
import { FEEDBACK } from '../strings';
import { dismissError } from './feedback';
import { sanitizeHtml } from './sanitizeHtml';
import { useFeedback } from './useFeedback';

/** The red error snackbar (spec 2.9): a title and a sanitised HTML body. */
export function ErrorSnackbar() {
  const { error } = useFeedback();
  if (error === null) return null;
  return (
    <Notification
      key={error.id}
      data-testid="error-snackbar"
      color="red"
      title={error.title}
      onClose={() => dismissError(error.id)}
      closeButtonProps={{ 'aria-label': FEEDBACK.close }}
      pos="fixed"
      bottom={16}
      left="50%"
      w={480}
      maw="calc(100vw - 32px)"
      style={{ transform: 'translateX(-50%)', zIndex: 1001 }}
      styles={{
        root: { backgroundColor: 'var(--mantine-color-red-filled)' },
        title: { color: 'var(--mantine-color-white)' },
        description: { color: 'var(--mantine-color-white)' },
        closeButton: { color: 'var(--mantine-color-white)' },
      }}
    >
      <Text
        component="div"
        size="sm"
        data-testid="error-snackbar-body"
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(error.html) }}
      />
    </Notification>
  );
}
