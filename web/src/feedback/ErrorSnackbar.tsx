import { useEffect, useState } from 'react';
import { Notification, Text } from '@mantine/core';
import { FEEDBACK } from '../strings';
import { dismissError } from './feedback';
import { useFeedback } from './useFeedback';

type Sanitize = (html: string) => string;

let sanitizer: Promise<Sanitize> | null = null;

/**
 * DOMPurify is loaded with the first error, or a few seconds after the start, not with the
 * first paint (issue 36); the service worker precaches it like every chunk.
 */
function loadSanitizer(): Promise<Sanitize> {
  sanitizer ??= import('./sanitizeHtml').then((m) => m.sanitizeHtml);
  return sanitizer;
}

const WARM_UP_MS = 3000;

/** The text of an HTML body, never its markup (DOMParser runs no script). */
const textOf = (html: string): string =>
  new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';

/** The red error snackbar (spec 2.9): a title and a sanitised HTML body. */
export function ErrorSnackbar() {
  const { error } = useFeedback();
  // The sanitiser once loaded; 'failed' when its chunk cannot be had (the body shows as text).
  const [sanitize, setSanitize] = useState<Sanitize | 'failed' | null>(null);
  const wanted = error !== null;
  useEffect(() => {
    let cancelled = false;
    const load = () =>
      loadSanitizer().then(
        (f) => !cancelled && setSanitize(() => f),
        () => !cancelled && setSanitize('failed'),
      );
    if (wanted) {
      void load();
      return () => {
        cancelled = true;
      };
    }
    const timer = setTimeout(() => void load(), WARM_UP_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [wanted]);
  // Shown with its body, once the sanitiser is known (a few ms after the first error).
  if (error === null || sanitize === null) return null;
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
      {typeof sanitize === 'function' ? (
        <Text
          component="div"
          size="sm"
          data-testid="error-snackbar-body"
          dangerouslySetInnerHTML={{ __html: sanitize(error.html) }}
        />
      ) : (
        <Text component="div" size="sm" data-testid="error-snackbar-body">
          {textOf(error.html)}
        </Text>
      )}
    </Notification>
  );
}
