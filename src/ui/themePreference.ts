import { useCallback, useSyncExternalStore } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import { getStoredRole, getStoredUsername, IDENTITY_CHANGED_EVENT } from '../auth/session';

/**
 * Light, dark, or whatever the system prefers (`prefers-color-scheme`): the choice of the user
 * menu's Theme items. Each signed-in user has their own, kept in this browser under a key that
 * names the role and username (signing out keeps it); nobody signed in, or a user who never
 * chose, follows the system.
 */
export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type ThemeMode = 'light' | 'dark';

export const THEME_PREFERENCE_LABELS: Readonly<Record<ThemePreference, string>> = { light: 'Light', dark: 'Dark', system: 'System' };

/** The browser-storage keys of the theme choices start with this; signing out keeps them. */
export const THEME_STORAGE_PREFIX = 'theme:';

/** Where the signed-in user's choice is kept, or null when nobody (known by name) is signed in. */
export function themeStorageKey(): string | null {
  const role = getStoredRole();
  const username = getStoredUsername();
  return role && username ? `${THEME_STORAGE_PREFIX}${role}:${username}` : null;
}

const isPreference = (value: unknown): value is ThemePreference => THEME_PREFERENCES.includes(value as ThemePreference);

/** The signed-in user's choice; 'system' when nobody is signed in or they never chose. */
export function readThemePreference(): ThemePreference {
  const key = themeStorageKey();
  const stored = key ? localStorage.getItem(key) : null;
  return isPreference(stored) ? stored : 'system';
}

const CHANGED = 'portal:theme-preference';

/** Keeps the signed-in user's choice (nothing is kept for nobody) and tells every mounted theme. */
export function writeThemePreference(preference: ThemePreference): void {
  const key = themeStorageKey();
  if (!key) return;
  if (preference === 'system') localStorage.removeItem(key);
  else localStorage.setItem(key, preference);
  window.dispatchEvent(new Event(CHANGED));
}

/** The look a choice gives, knowing whether the system prefers dark. */
export const resolveThemeMode = (preference: ThemePreference, systemPrefersDark: boolean): ThemeMode =>
  preference === 'system' ? (systemPrefersDark ? 'dark' : 'light') : preference;

function subscribe(onChange: () => void): () => void {
  // A choice made here, a sign-in or sign-out, and a choice made in another tab (storage event).
  const events = [CHANGED, IDENTITY_CHANGED_EVENT, 'storage'];
  for (const name of events) window.addEventListener(name, onChange);
  return () => {
    for (const name of events) window.removeEventListener(name, onChange);
  };
}

/** The signed-in user's choice, the look it gives now, and the way to change it. */
export function useThemePreference(): { preference: ThemePreference; mode: ThemeMode; setPreference: (preference: ThemePreference) => void } {
  const preference = useSyncExternalStore(subscribe, readThemePreference, () => 'system' as const);
  const systemPrefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const setPreference = useCallback((next: ThemePreference) => writeThemePreference(next), []);
  return { preference, mode: resolveThemeMode(preference, systemPrefersDark), setPreference };
}
