import { useSyncExternalStore } from 'react';
import { defaultQuestionFilter, questionFilterMemory, type QuestionFilter } from '../../memory/rememberedFilters';

/**
 * The question bank's filter (modules, difficulty, type, creator, marks, dates; all empty by
 * default), remembered per user under `questionFilter` (see
 * memory/rememberedFilters), and how it becomes the list's API filter.
 */

/** The API filter of a questionFilter: empty parts are left out; lists are IN filters. */
export function questionApiFilter(filter: QuestionFilter): Record<string, unknown> {
  const api: Record<string, unknown> = {};
  if (filter.moduleIds.length) api.module = filter.moduleIds;
  if (filter.difficulty.length) api.difficulty = filter.difficulty;
  if (filter.type.length) api.type = filter.type;
  if (filter.createdBy) api.createdBy = filter.createdBy;
  if (filter.marks !== null) api.marks = filter.marks;
  if (filter.startDate) api.startDate = filter.startDate;
  if (filter.endDate) api.endDate = filter.endDate;
  if (filter.measured) api.measured = filter.measured;
  return api;
}

/** How many parts of the filter are set (the date range counts once per end). */
export const activeQuestionFilters = (filter: QuestionFilter): number => Object.keys(questionApiFilter(filter)).length;

/** The remembered filter, and how to change it; every screen using it sees the same value. */
export function useQuestionFilter() {
  const filter = useSyncExternalStore(questionFilterMemory.subscribe, questionFilterMemory.get);
  return {
    filter,
    change: (patch: Partial<QuestionFilter>) => questionFilterMemory.update((current) => ({ ...current, ...patch })),
    clear: () => questionFilterMemory.set(defaultQuestionFilter()),
  };
}
