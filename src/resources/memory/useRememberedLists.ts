import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useDataProvider, type DataProvider, type RaRecord } from 'react-admin';
import type { GroupRecord, ModuleRecord, SubjectRecord } from '../../schemas';
import { groupMemory, isFresh, subjectModuleMemory, type FetchedList } from './rememberedLists';
import type { SessionSlot } from './sessionSlot';

/** The server answers at most 1000 rows a page; a choice list longer than that needs a search instead. */
export const REMEMBERED_LIST_LIMIT = 1000;

export interface RememberedList<T> {
  data: T[];
  /** True only while nothing is known yet; a stale list stays visible while it is fetched again. */
  isLoading: boolean;
  error: unknown;
}

/** One request per list at a time, however many widgets ask for it together. */
const inFlight = new Map<string, Promise<void>>();

function fetchOnce(key: string, load: () => Promise<void>): Promise<void> {
  const running = inFlight.get(key);
  if (running) return running;
  const request = load().finally(() => inFlight.delete(key));
  inFlight.set(key, request);
  return request;
}

async function fetchAll<T>(dataProvider: DataProvider, resource: string, sortField: string, filter: object = {}): Promise<T[]> {
  const { data } = await dataProvider.getList<RaRecord>(resource, {
    pagination: { page: 1, perPage: REMEMBERED_LIST_LIMIT },
    sort: { field: sortField, order: 'ASC' },
    filter,
  });
  return data as unknown as T[];
}

function useRememberedList<M extends object, T>(
  slot: SessionSlot<M>,
  key: string | undefined,
  pick: (memory: M) => FetchedList<T> | undefined,
  load: (dataProvider: DataProvider) => Promise<T[]>,
  store: (memory: M, data: T[], now: number) => M,
): RememberedList<T> {
  const dataProvider = useDataProvider();
  const memory = useSyncExternalStore(slot.subscribe, slot.get);
  const list = key === undefined ? undefined : pick(memory);
  const fresh = isFresh(list?.lastFetched);
  const [error, setError] = useState<{ key: string; error: unknown }>();

  useEffect(() => {
    if (key === undefined || fresh) return;
    fetchOnce(key, async () => {
      const data = await load(dataProvider);
      slot.update((current) => store(current, data, Date.now()));
    }).then(
      () => setError(undefined),
      (caught: unknown) => setError({ key, error: caught }),
    );
    // load and store are per-call closures over stable values; the key names what they fetch.
  }, [key, fresh, dataProvider, slot]);

  const failed = error !== undefined && error.key === key;
  return {
    data: list?.data ?? [],
    isLoading: key !== undefined && !failed && (list?.lastFetched ?? null) === null,
    error: failed ? error.error : undefined,
  };
}

/** The subjects the caller may see, remembered for the session; `enabled` false asks nothing. */
export function useRememberedSubjects(enabled = true): RememberedList<SubjectRecord> {
  return useRememberedList(
    subjectModuleMemory,
    enabled ? 'subjects' : undefined,
    (memory) => ({ data: memory.subjects, lastFetched: memory.lastFetched }),
    (dataProvider) => fetchAll<SubjectRecord>(dataProvider, 'subjects', 'subjectname'),
    (memory, subjects, now) => ({ ...memory, subjects, lastFetched: now }),
  );
}

/** The modules of one subject, remembered per subject; nothing while no subject is chosen. */
export function useRememberedModules(subjectId: number | null | undefined): RememberedList<ModuleRecord> {
  const key = subjectId ? String(subjectId) : undefined;
  return useRememberedList(
    subjectModuleMemory,
    key === undefined ? undefined : `modules:${key}`,
    (memory) => (key === undefined ? undefined : memory.modules[key]),
    (dataProvider) => fetchAll<ModuleRecord>(dataProvider, 'modules', 'course_outcome_name', { subject_id: subjectId }),
    (memory, data, now) => ({ ...memory, modules: { ...memory.modules, [key!]: { data, lastFetched: now } } }),
  );
}

/**
 * A new form that starts without a subject gets the caller's only subject (a teacher of one
 * subject has nothing to choose), once the list is known. Only once: a subject the user clears
 * afterwards stays cleared, and a form that starts with a subject (editing, the one chosen last)
 * is left alone.
 */
export function usePreselectOnlySubject(subjects: RememberedList<SubjectRecord>, chosen: number | null | undefined, choose: (subjectId: number) => void): void {
  const settled = useRef(chosen !== null && chosen !== undefined);
  useEffect(() => {
    if (settled.current || subjects.isLoading) return;
    settled.current = true;
    const only = subjects.data.length === 1 ? (subjects.data[0] as SubjectRecord & { id: number }).id : undefined;
    if (only !== undefined && (chosen === null || chosen === undefined)) choose(only);
  }, [subjects.isLoading, subjects.data, chosen, choose]);
}

/** The groups the caller may see, remembered for the session; `enabled` false asks nothing. */
export function useRememberedGroups(enabled = true): RememberedList<GroupRecord> {
  return useRememberedList(
    groupMemory,
    enabled ? 'groups' : undefined,
    (memory) => ({ data: memory.groups, lastFetched: memory.lastFetched }),
    (dataProvider) => fetchAll<GroupRecord>(dataProvider, 'groups', 'groupName'),
    (memory, groups, now) => ({ ...memory, groups, lastFetched: now }),
  );
}

/** The last subject, module and group chosen in a form, and how to change them. */
export function useRememberedChoices() {
  const subjectModule = useSyncExternalStore(subjectModuleMemory.subscribe, subjectModuleMemory.get);
  const group = useSyncExternalStore(groupMemory.subscribe, groupMemory.get);
  return {
    subjectId: subjectModule.subjectId,
    moduleId: subjectModule.moduleId,
    groupId: group.groupId,
    rememberSubject: (subjectId: number | null) => subjectModuleMemory.update((memory) => ({ ...memory, subjectId })),
    rememberModule: (moduleId: number | null) => subjectModuleMemory.update((memory) => ({ ...memory, moduleId })),
    rememberGroup: (groupId: number | null) => groupMemory.update((memory) => ({ ...memory, groupId })),
  };
}
