import { useSyncExternalStore } from 'react';
import { DEFAULT_QUIZ_CREATOR, defaultQuizFilter, quizFilterMemory, type QuizFilter } from '../memory/rememberedFilters';

/**
 * The quiz list's filter (subjects, creator, dates), remembered in sessionStorage under
 * `quizFilter` (see memory/rememberedFilters). createdBy is 'ME' by default; '' means anyone.
 */

export const ANY_CREATOR = '';

/** The API filter of a quizFilter: subjects (IN), the creator, and the dates (compared with valid_from). */
export function quizApiFilter(filter: QuizFilter): Record<string, unknown> {
  const api: Record<string, unknown> = {};
  if (filter.subjectIds.length) api.subjects = filter.subjectIds;
  if (filter.createdBy !== ANY_CREATOR) api.createdBy = filter.createdBy;
  if (filter.startDate) api.startDate = filter.startDate;
  if (filter.endDate) api.endDate = filter.endDate;
  return api;
}

/** How many parts differ from the defaults. */
export const changedQuizFilters = (filter: QuizFilter): number =>
  (filter.subjectIds.length ? 1 : 0) +
  (filter.createdBy !== DEFAULT_QUIZ_CREATOR ? 1 : 0) +
  (filter.startDate ? 1 : 0) +
  (filter.endDate ? 1 : 0);

/** The remembered filter, and how to change it. */
export function useQuizFilter() {
  const filter = useSyncExternalStore(quizFilterMemory.subscribe, quizFilterMemory.get);
  return {
    filter,
    change: (patch: Partial<QuizFilter>) => quizFilterMemory.update((current) => ({ ...current, ...patch })),
    reset: () => quizFilterMemory.set(defaultQuizFilter()),
  };
}
