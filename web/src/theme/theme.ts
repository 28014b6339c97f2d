import { createTheme, DEFAULT_THEME } from '@mantine/core';
import type {
  CSSVariablesResolver,
  DrawerProps,
  ModalProps,
  NotificationProps,
  PaginationProps,
  PasswordInputProps,
} from '@mantine/core';
import { A11Y, COMMON } from '../strings';
import { darkenToContrast, LUMINANCE_THRESHOLD } from './contrast';

/** Dialog widths (spec 9). */
export const DIALOG_MIN_WIDTH = 600;
export const DIALOG_MAX_WIDTH = 1200;
export const LOGIN_DIALOG_MAX_WIDTH = 600;

/** Spec 9: primary yellow, secondary blue, accent yellow. Mantine knows only a primary. */
export const SECONDARY_COLOR = 'blue';
export const ACCENT_COLOR = 'yellow';

const PAGE_CONTROL = {
  first: A11Y.firstPage,
  previous: A11Y.previousPage,
  next: A11Y.nextPage,
  last: A11Y.lastPage,
} as const;

export const theme = createTheme({
  primaryColor: 'yellow',
  // Dark text on yellow buttons: white on yellow is unreadable. With the threshold where black
  // and white text contrast equally, filled controls of any colour (groups' own colours
  // included) get whichever text reads best.
  autoContrast: true,
  luminanceThreshold: LUMINANCE_THRESHOLD,
  fontFamily: "'Roboto Variable', Roboto, system-ui, sans-serif",
  headings: { fontFamily: "'Roboto Variable', Roboto, system-ui, sans-serif" },
  other: { secondaryColor: SECONDARY_COLOR, accentColor: ACCENT_COLOR },
  // Plain objects rather than `Component.extend(...)` (an identity that only types them): the
  // theme is loaded at the start, and naming a component here would load its code with it,
  // used or not (issue 36: the password field, the pagination, the modal).
  components: {
    PasswordInput: {
      defaultProps: {
        visibilityToggleButtonProps: { 'aria-label': COMMON.togglePasswordVisibility },
      } satisfies Partial<PasswordInputProps>,
    },
    // Icon-only controls get a French name once, here (axe: button-name).
    CloseButton: {
      // CloseButton's props type omits the button's own attributes; Mantine passes them on.
      defaultProps: { 'aria-label': A11Y.close },
    },
    Drawer: {
      defaultProps: {
        closeButtonProps: { 'aria-label': A11Y.close },
      } satisfies Partial<DrawerProps>,
    },
    Notification: {
      defaultProps: {
        closeButtonProps: { 'aria-label': A11Y.close },
      } satisfies Partial<NotificationProps>,
    },
    Pagination: {
      defaultProps: {
        getControlProps: (control) => ({ 'aria-label': PAGE_CONTROL[control] }),
      } satisfies Partial<PaginationProps>,
    },
    Modal: {
      defaultProps: {
        size: 'auto',
        centered: true,
        closeButtonProps: { 'aria-label': A11Y.close },
      } satisfies Partial<ModalProps>,
      styles: {
        content: {
          // Never wider than the screen on phones.
          minWidth: `min(${DIALOG_MIN_WIDTH}px, calc(100vw - 2rem))`,
          maxWidth: `min(${DIALOG_MAX_WIDTH}px, calc(100vw - 2rem))`,
        },
      },
    },
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

/** The page background in the light scheme, against which text colours are checked. */
const WHITE = '#ffffff';

/**
 * Readable text colours (WCAG AA, issue 13), for the light scheme the app uses. Mantine's own
 * choices read at 2.7:1 to 3.3:1: yellow text on light yellow ('light' badges and buttons,
 * 'subtle' buttons), yellow links, grey 'dimmed' text. Each colour's text, light-variant and
 * outline colours become its darkest shade, darkened further until it reads at 5:1 on the
 * colour's light background; dimmed text becomes grey 7; a field's error text, the readable red.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  // Computed once per theme: the provider asks again on each of its renders.
  let variables = resolvedVariables.get(resolved);
  if (!variables) resolvedVariables.set(resolved, (variables = readableVariables(resolved)));
  return variables;
};

const resolvedVariables = new WeakMap<object, ReturnType<CSSVariablesResolver>>();

function readableVariables(resolved: Parameters<CSSVariablesResolver>[0]) {
  const light: Record<string, string> = {};
  const colors = { ...DEFAULT_THEME.colors, ...resolved.colors };
  for (const [name, shades] of Object.entries(colors)) {
    if (name === 'dark') continue;
    if (name === 'gray') {
      light['--mantine-color-gray-text'] = shades[7];
      light['--mantine-color-gray-outline'] = shades[7];
      continue;
    }
    const text = darkenToContrast(shades[9], shades[1]);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-light-color`] = text;
    light[`--mantine-color-${name}-outline`] = darkenToContrast(shades[9], WHITE);
  }
  const primary = colors[resolved.primaryColor] ?? DEFAULT_THEME.colors.yellow;
  light['--mantine-color-anchor'] = darkenToContrast(primary[9], WHITE);
  light['--mantine-color-dimmed'] = colors.gray[7];
  // A field's error text (and its border) is Mantine's red 6, 3.3:1 on white: its readable red.
  light['--mantine-color-error'] = darkenToContrast(colors.red[9], WHITE);
  light['--mantine-color-placeholder'] = colors.gray[6];
  return { variables: {}, light, dark: {} };
}
