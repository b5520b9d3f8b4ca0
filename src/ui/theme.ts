import { createTheme, type ThemeOptions } from '@mui/material/styles';

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

/** The theme of the pages outside react-admin (sign-in, the student area); the staff areas apply withPortalLook to react-admin's. */
export const appTheme = createTheme(withPortalLook());
