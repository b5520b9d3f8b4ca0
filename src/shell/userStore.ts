import { localStorageStore, type Store } from 'react-admin';
import { getStoredRole, getStoredUsername, preferencesKeyOf } from '../auth/session';

/**
 * react-admin's store for the signed-in user: each list's filters, sort and page size
 * (`<resource>.listParams`) and its shown columns (`<resource>.datatable`), kept in localStorage
 * under the user's own key (PREFERENCES_KEY_PREFIX, role and username). The store is made when an
 * area mounts, i.e. after sign-in, so each account reads and writes only its own preferences.
 *
 * react-admin resets the store on logout; this one keeps the preferences then (they belong to the
 * user, not to the session) and forgets only the list selections.
 */

/** Bumping it drops every user's stored preferences (react-admin does that when a store's version differs). */
export const USER_STORE_VERSION = '1';

/** react-admin's localStorageStore puts `RaStore` before its app key. */
const RA_STORE = 'RaStore';

/** The app key of a user's store: react-admin's prefix plus it is the user's preferences key. */
export function userStoreAppKey(role: string | null | undefined, username: string | null | undefined): string {
  return preferencesKeyOf(role, username).slice(RA_STORE.length);
}

/** The store of the given user (by default the signed-in one). */
export function userStore(role: string | null | undefined = getStoredRole(), username: string | null | undefined = getStoredUsername()): Store {
  const store = localStorageStore(USER_STORE_VERSION, userStoreAppKey(role, username));
  return {
    ...store,
    reset() {
      // Selections are the only session state in the store.
      for (const key of Object.keys(store.listItems?.() ?? {})) {
        if (key.endsWith('.selectedIds')) store.removeItem(key);
      }
    },
  };
}
