import type { z } from 'zod';
import { getStoredRole, getStoredUsername, preferencesKeyOf } from '../../auth/session';

/**
 * One JSON value kept in sessionStorage under a fixed key (or, kept 'user', in localStorage under
 * the signed-in user's preferences key and that key), readable as a snapshot and observable,
 * so React screens (useSyncExternalStore) and plain code share it. A value written by another
 * signed-in user of the same tab, an unreadable value or unavailable storage reads as the defaults:
 * the slot is a cache, never a source of truth.
 */
export interface SessionSlot<T> {
  readonly key: string;
  get(): T;
  set(value: T): void;
  update(change: (current: T) => T): void;
  reset(): void;
  subscribe(listener: () => void): () => void;
}

/** Who the stored value belongs to: another account in the same tab must not see this one's lists. */
const currentOwner = (): string => `${getStoredRole() ?? ''}:${getStoredUsername() ?? ''}`;

/**
 * Where a slot lives: 'session' (sessionStorage, the tab's cache, under its key) or 'user'
 * (localStorage under the signed-in user's preferences key, kept across sign-outs and visits:
 * a list's remembered filter).
 */
export type SlotKeeping = 'session' | 'user';

function placeOf(key: string, keeping: SlotKeeping): { storage: Storage; key: string } {
  return keeping === 'user'
    ? { storage: localStorage, key: `${preferencesKeyOf(getStoredRole(), getStoredUsername())}${key}` }
    : { storage: sessionStorage, key };
}

function readRaw(key: string, keeping: SlotKeeping): string | null {
  try {
    const place = placeOf(key, keeping);
    return place.storage.getItem(place.key);
  } catch {
    return null;
  }
}

function writeRaw(key: string, raw: string | null, keeping: SlotKeeping): void {
  try {
    const place = placeOf(key, keeping);
    if (raw === null) place.storage.removeItem(place.key);
    else place.storage.setItem(place.key, raw);
  } catch {
    // Full or blocked storage: the value lives only until the next read, which is acceptable for a cache.
  }
}

/** The value is stored as is, plus an `owner` field; `schema` must strip unknown keys (z.object does). */
export function createSessionSlot<T extends object>(key: string, schema: z.ZodType<T>, defaults: () => T, keeping: SlotKeeping = 'session'): SessionSlot<T> {
  const listeners = new Set<() => void>();
  // useSyncExternalStore needs the same object for the same stored text.
  let cache: { raw: string | null; owner: string; value: T } | undefined;

  const get = (): T => {
    const raw = readRaw(key, keeping);
    const owner = currentOwner();
    if (cache && cache.raw === raw && cache.owner === owner) return cache.value;
    let value = defaults();
    if (raw !== null) {
      try {
        const parsed = JSON.parse(raw) as { owner?: unknown } | null;
        const checked = parsed?.owner === owner ? schema.safeParse(parsed) : undefined;
        if (checked?.success) value = checked.data;
      } catch {
        // Not JSON: keep the defaults.
      }
    }
    cache = { raw, owner, value };
    return value;
  };

  const notify = () => listeners.forEach((listener) => listener());

  const set = (value: T) => {
    writeRaw(key, JSON.stringify({ ...value, owner: currentOwner() }), keeping);
    notify();
  };

  return {
    key,
    get,
    set,
    update: (change) => set(change(get())),
    reset: () => {
      writeRaw(key, null, keeping);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
