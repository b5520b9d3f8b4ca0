import { createTheme, type ThemeOptions } from '@mui/material/styles';
import type { ThemeMode } from './themePreference';

/**
 * What the portal changes in MUI's look, in one place for both kinds of screen. Buttons and tabs
 * keep the case of their text (MUI's default writes them in capitals): a button or tab often
 * carries a name someone typed (a quiz name among the student's results, the exam link's quiz in
 * the bar), and it must read as typed. The portal's own labels are written in sentence case.
 */
export function withPortalLook(base: ThemeOptions = {}): ThemeOptions {
  const typography = typeof base.typography === 'object' ? base.typography : {};
  return {
    ...base,
    typography: { ...typography, button: { ...typography.button, textTransform: 'none' } },
    components: {
      ...base.components,
      ...ACCESSIBLE_DEFAULTS,
      MuiButtonBase: {
        ...base.components?.MuiButtonBase,
        styleOverrides: { ...base.components?.MuiButtonBase?.styleOverrides, root: KEYBOARD_FOCUS_RING },
      },
    },
  };
}

/**
 * A visible ring on whatever the keyboard focused: every button, icon button, checkbox, tab, menu
 * item and list row is a ButtonBase, which MUI leaves without an outline (it shows a faint ripple
 * only). The ring follows the text colour, so it shows on light and dark backgrounds alike; a
 * mouse click does not set focus-visible, so it draws no ring.
 */
export const KEYBOARD_FOCUS_RING = {
  '&.Mui-focusVisible': { outline: '2px solid currentColor', outlineOffset: 2 },
} as const;

/**
 * Names that MUI's components lack by default, for every screen (axe-core, WCAG 2.2 AA):
 * - a progress indicator is named "Loading" unless its screen names it;
 * - a checkbox named by `aria-label` (react-admin's "Select this row") carries the name on its
 *   input, the checkbox itself, not on the span around it (where ARIA does not allow it, and the
 *   input is left unnamed).
 */
const ACCESSIBLE_DEFAULTS: ThemeOptions['components'] = {
  MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
  // A list's sortable column heading is a click target: at least 24 px high (WCAG 2.2's target size).
  MuiTableSortLabel: { styleOverrides: { root: { minHeight: 24 } } },
  // The helper text of a disabled field still tells something (why it is disabled): it keeps 4.5:1.
  MuiFormHelperText: { styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) } },
  MuiLinearProgress: { defaultProps: { 'aria-label': 'Loading' } },
  MuiCheckbox: {
    defaultProps: {
      slotProps: {
        root: (ownerState: Record<string, unknown>) => (ownerState['aria-label'] ? { 'aria-label': undefined } : {}),
        // A default slotProps.input would win over a checkbox's own inputProps: they are kept here.
        input: (ownerState: Record<string, unknown>) => ({
          ...(ownerState.inputProps as object | undefined),
          ...(ownerState['aria-label'] ? { 'aria-label': ownerState['aria-label'] as string } : {}),
        }),
      },
    },
  },
};

/**
 * Colours that keep WCAG's 4.5:1 on the light backgrounds (white, react-admin's #fafafb, a filled
 * field's #f0f0f0): MUI's blue #1976d2 reaches 4.4:1 on #fafafb, its red #d32f2f 4.4:1 on a filled
 * field, white on its info blue #0288d1 3.9:1, on its warning orange #ed6c02 3.1:1.
 */
export const LIGHT_PALETTE_FIXES = {
  primary: { main: '#1565c0' },
  error: { main: '#c62828' },
  info: { main: '#0277bd' },
  warning: { main: '#b45309', contrastText: '#fff' },
} as const;

/**
 * Colours that keep WCAG's 4.5:1 on the dark backgrounds (react-admin's #313131, MUI's #121212 and
 * their raised papers): MUI's dark error red (#f44336) reaches only 3.5:1 on #313131.
 */
export const DARK_PALETTE_FIXES = { error: { main: '#ff8a80' } } as const;

/** The themes of the pages outside react-admin (sign-in, the student area, SEB and camera pages); the staff areas apply withPortalLook to react-admin's. */
export const appLightTheme = createTheme(withPortalLook({ palette: { mode: 'light', ...LIGHT_PALETTE_FIXES } }));
export const appDarkTheme = createTheme(withPortalLook({ palette: { mode: 'dark', ...DARK_PALETTE_FIXES } }));
/** The light one, for code that needs a theme outside the app's provider. */
export const appTheme = appLightTheme;

export const appThemeFor = (mode: ThemeMode) => (mode === 'dark' ? appDarkTheme : appLightTheme);
