import { useEffect, useState } from 'react';
import { read } from '../api/httpClient';
import { getStoredUsername, getToken } from './session';

/** Who is signed in, as far as these screens need it: rows they wrote may be edited, others only looked at. */
export interface CurrentUser {
  id: number;
  fullname: string;
  username: string;
}

/** One request per session token, shared by every screen that asks. */
let cached: { token: string | null; promise: Promise<CurrentUser | undefined> } | undefined;

const currentUserOf = ({ id, fullname, username }: CurrentUser): CurrentUser => ({ id, fullname, username });

/**
 * The profile the area's password check has just read (GET /api/profile) answers the look-ups of
 * this session too, so that the screens behind it (the dashboard's greeting, the lists' own rows)
 * do not ask the server again.
 */
export function rememberCurrentUser(profile: CurrentUser): void {
  cached = { token: getToken(), promise: Promise.resolve(currentUserOf(profile)) };
}

function loadCurrentUser(): Promise<CurrentUser | undefined> {
  const token = getToken();
  if (cached?.token !== token) {
    const promise = read<CurrentUser>('/profile', { toast: false }).then((result) =>
      result.success && result.data ? currentUserOf(result.data) : undefined,
    );
    cached = { token, promise };
    // A failed look-up is asked again next time rather than remembered.
    promise.then((user) => {
      if (!user && cached?.promise === promise) cached = undefined;
    });
  }
  return cached.promise;
}

/** The signed-in user, and whether the look-up has answered (it may have failed: then no user). */
function useLoadedUser(): { user: CurrentUser | undefined; loaded: boolean } {
  const [state, setState] = useState<{ user: CurrentUser | undefined; loaded: boolean }>({ user: undefined, loaded: false });
  useEffect(() => {
    let live = true;
    void loadCurrentUser().then((user) => live && setState({ user, loaded: true }));
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** The signed-in user (undefined until known, or when the look-up failed: the screens then offer every action and the server decides). */
export const useCurrentUser = (): CurrentUser | undefined => useLoadedUser().user;

/** How a person is named to themselves: their full name, else (an account without one) their username. */
export const displayNameOf = (user: Pick<CurrentUser, 'fullname'> | undefined, username: string | null): string | undefined =>
  user?.fullname?.trim() || username || undefined;

/**
 * The name a dashboard greets the signed-in person by: nothing until the account is known (no
 * username flashing before the full name), the stored username when the look-up failed.
 */
export function useGreetingName(): string | undefined {
  const { user, loaded } = useLoadedUser();
  return loaded ? displayNameOf(user, getStoredUsername()) : undefined;
}

/** May the user change a row created by `createdBy`? Unknown users may try (the server answers). */
export const isOwnedBy = (user: CurrentUser | undefined, createdBy: unknown): boolean =>
  user === undefined || createdBy === undefined || createdBy === null || Number(createdBy) === user.id;
