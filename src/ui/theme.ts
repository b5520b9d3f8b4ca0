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
  return { ...base, typography: { ...typography, button: { ...typography.button, textTransform: 'none' } } };
}

/** The themes of the pages outside react-admin (sign-in, the student area, SEB and camera pages); the staff areas apply withPortalLook to react-admin's. */
export const appLightTheme = createTheme(withPortalLook({ palette: { mode: 'light' } }));
export const appDarkTheme = createTheme(withPortalLook({ palette: { mode: 'dark' } }));
/** The light one, for code that needs a theme outside the app's provider. */
export const appTheme = appLightTheme;

export const appThemeFor = (mode: ThemeMode) => (mode === 'dark' ? appDarkTheme : appLightTheme);
