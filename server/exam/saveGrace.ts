/** Saves arriving up to this long after the deadline are still taken (a slow network at the last second). */
export const SAVE_GRACE_MS = 30_000;
