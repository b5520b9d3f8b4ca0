import type { QueueStorage } from './saveQueue';

/**
 * The question the student was on, per attempt, so a reload or reopening the exam (from the
 * instruction page, the list's Resume, or a new tab) comes back to it. Kept in localStorage, like
 * the answers queue, so it outlives a closed tab on this device; removed once the attempt is over.
 * It is the question's id, not its position, so it never points at another question.
 */
export const examPlaceKey = (attemptId: number): string => `examPlace:${attemptId}`;

const defaultStorage = (): QueueStorage | null => (typeof localStorage === 'undefined' ? null : localStorage);

export function rememberPlace(attemptId: number, questionId: number, storage = defaultStorage()): void {
  try {
    storage?.setItem(examPlaceKey(attemptId), String(questionId));
  } catch {
    // A full or blocked storage only costs the place.
  }
}

/** The index of the remembered question in the paper, or 0 (the first question). */
export function rememberedIndex(attemptId: number, questionIds: readonly number[], storage = defaultStorage()): number {
  let stored: string | null | undefined;
  try {
    stored = storage?.getItem(examPlaceKey(attemptId));
  } catch {
    return 0;
  }
  const index = stored ? questionIds.indexOf(Number(stored)) : -1;
  return index >= 0 ? index : 0;
}

export function forgetPlace(attemptId: number, storage = defaultStorage()): void {
  try {
    storage?.removeItem(examPlaceKey(attemptId));
  } catch {
    // ignore
  }
}
