import { createTheme, Modal, PasswordInput } from '@mantine/core';
import { COMMON } from '../strings';

/** Dialog widths (spec 9). */
export const DIALOG_MIN_WIDTH = 600;
export const DIALOG_MAX_WIDTH = 1200;
export const LOGIN_DIALOG_MAX_WIDTH = 600;

/** Spec 9: primary yellow, secondary blue, accent yellow. Mantine knows only a primary. */
export const SECONDARY_COLOR = 'blue';
export const ACCENT_COLOR = 'yellow';

export const theme = createTheme({
  primaryColor: 'yellow',
  // Dark text on yellow buttons: white on yellow is unreadable.
  autoContrast: true,
  fontFamily: "'Roboto Variable', Roboto, system-ui, sans-serif",
  headings: { fontFamily: "'Roboto Variable', Roboto, system-ui, sans-serif" },
  other: { secondaryColor: SECONDARY_COLOR, accentColor: ACCENT_COLOR },
  components: {
    PasswordInput: PasswordInput.extend({
      defaultProps: {
        visibilityToggleButtonProps: { 'aria-label': COMMON.togglePasswordVisibility },
      },
    }),
    Modal: Modal.extend({
      defaultProps: { size: 'auto', centered: true },
      styles: {
        content: {
          // Never wider than the screen on phones.
          minWidth: `min(${DIALOG_MIN_WIDTH}px, calc(100vw - 2rem))`,
          maxWidth: `${DIALOG_MAX_WIDTH}px`,
        },
      },
    }),
  },
});

/** Styles for the dialogs of the login screen, narrower than the others. */
export const loginDialogStyles = {
  content: {
    minWidth: 'auto',
    width: `min(${LOGIN_DIALOG_MAX_WIDTH}px, calc(100vw - 2rem))`,
    maxWidth: `${LOGIN_DIALOG_MAX_WIDTH}px`,
  },
} as const;
