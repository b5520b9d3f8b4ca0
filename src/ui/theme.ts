import { createTheme, type ThemeOptions } from '@mui/material/styles';

/**
 * What the portal changes in MUI's look, in one place for both kinds of screen. Buttons and tabs
 * keep the case of their text (MUI's default writes them in capitals): a button or tab often
 * carries a name someone typed (a quiz name among the student's results, the exam link's quiz in
 * the bar), and it must read as typed. The portal's own labels are written in sentence case.
 */
export function withPortalLook(base: ThemeOptions = {}): ThemeOptions {
  const typography = typeof base.typography === 'object' ? base.typography : {};
  return { ...base, typography: { ...typography, button: { ...typography.button, textTransform: 'none' } } };
}

/** The theme of the pages outside react-admin (sign-in, the student area); the staff areas apply withPortalLook to react-admin's. */
export const appTheme = createTheme(withPortalLook());
