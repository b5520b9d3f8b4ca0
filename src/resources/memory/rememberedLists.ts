import { z } from 'zod';
import type { GroupRecord, ModuleRecord, SubjectRecord } from '../../schemas';
import { createSessionSlot } from './sessionSlot';

/**
 * The remembered lists: subjects with their modules, and groups, kept in
 * sessionStorage so moving between screens does not fetch again what was fetched a moment ago.
 * A list is fresh for REMEMBERED_LIST_MAX_AGE_MS after its lastFetched; older lists are shown
 * while a new copy is fetched. Saving a subject, module or group forgets the affected list.
 */

/** How long a remembered list is used without asking the server again (our choice: nothing in the product fixes it). */
export const REMEMBERED_LIST_MAX_AGE_MS = 5 * 60 * 1000;

/** The storage keys, as the product names them (sessionStorage; the two filters below the user's preferences key in localStorage). */
export const MEMORY_KEYS = {
  subjectModule: 'subjectModule',
  group: 'group',
  questionFilter: 'questionFilter',
  quizFilter: 'quizFilter',
} as const;

/** Is a list fetched at `lastFetched` (epoch ms) still usable at `now`? A time in the future is not trusted. */
export function isFresh(lastFetched: number | null | undefined, now: number = Date.now()): boolean {
  if (lastFetched === null || lastFetched === undefined || !Number.isFinite(lastFetched)) return false;
  const age = now - lastFetched;
  return age >= 0 && age < REMEMBERED_LIST_MAX_AGE_MS;
}

export interface FetchedList<T> {
  data: T[];
  lastFetched: number | null;
}

export interface SubjectModuleMemory {
  subjects: SubjectRecord[];
  /** Modules of each subject, keyed by the subject's id. */
  modules: Record<string, FetchedList<ModuleRecord>>;
  /** The subject and module last chosen in a form, offered again by the next one. */
  subjectId: number | null;
  moduleId: number | null;
  /** When `subjects` was fetched. */
  lastFetched: number | null;
}

export interface GroupMemory {
  groups: GroupRecord[];
  groupId: number | null;
  lastFetched: number | null;
}

const record = z.looseObject({ id: z.number() });
const timestamp = z.number().nullable();
const id = z.number().nullable();

const subjectModuleSchema = z.object({
  subjects: z.array(record),
  modules: z.record(z.string(), z.object({ data: z.array(record), lastFetched: timestamp })),
  subjectId: id,
  moduleId: id,
  lastFetched: timestamp,
}) as unknown as z.ZodType<SubjectModuleMemory>;

const groupSchema = z.object({
  groups: z.array(record),
  groupId: id,
  lastFetched: timestamp,
}) as unknown as z.ZodType<GroupMemory>;

export const emptySubjectModule = (): SubjectModuleMemory => ({
  subjects: [],
  modules: {},
  subjectId: null,
  moduleId: null,
  lastFetched: null,
});

export const emptyGroup = (): GroupMemory => ({ groups: [], groupId: null, lastFetched: null });

export const subjectModuleMemory = createSessionSlot(MEMORY_KEYS.subjectModule, subjectModuleSchema, emptySubjectModule);
export const groupMemory = createSessionSlot(MEMORY_KEYS.group, groupSchema, emptyGroup);

/**
 * Called after a create, update or delete of `resource` (an API resource name): the lists that
 * show such records are fetched again next time. The last choices (subjectId, moduleId, groupId)
 * are kept; a choice that no longer exists is simply not among the options.
 */
export function forgetRemembered(resource: string): void {
  if (resource === 'subjects') {
    subjectModuleMemory.update((memory) => ({ ...memory, subjects: [], modules: {}, lastFetched: null }));
  } else if (resource === 'modules') {
    subjectModuleMemory.update((memory) => ({ ...memory, modules: {} }));
  } else if (resource === 'groups') {
    groupMemory.update((memory) => ({ ...memory, groups: [], lastFetched: null }));
  }
}
