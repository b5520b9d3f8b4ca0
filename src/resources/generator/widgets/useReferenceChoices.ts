import { useEffect, useMemo, useState } from 'react';
import { useDebounced } from '../../../ui/useDebounced';
import { useGetList, useGetMany, type RaRecord } from 'react-admin';
import type { ReferenceMeta } from '../../../schemas';
import { useRememberedGroups, useRememberedSubjects, type RememberedList } from '../../memory/useRememberedLists';

/** How many options a server-searched select offers at once; typing narrows them. */
export const REFERENCE_PAGE_SIZE = 50;
const SEARCH_DELAY_MS = 300;

export interface ReferenceChoices {
  options: RaRecord[];
  /** Records of the given ids, from the options or fetched by id. */
  selected: RaRecord[];
  isLoading: boolean;
  /** True when the options hold the whole list, so the select filters them itself. */
  complete: boolean;
}


const noList: RememberedList<RaRecord> = { data: [], isLoading: false, error: undefined };

/**
 * The options of a reference select. Subjects and groups come from the remembered lists
 * in sessionStorage, fetched once per session and filtered here; other resources are
 * searched on the server with its free-text filter `q`.
 */
export function useReferenceChoices(reference: ReferenceMeta, search: string, ids: readonly unknown[]): ReferenceChoices {
  const subjects = useRememberedSubjects(reference.resource === 'subjects');
  const groups = useRememberedGroups(reference.resource === 'groups');
  const remembered =
    reference.resource === 'subjects'
      ? (subjects as unknown as RememberedList<RaRecord>)
      : reference.resource === 'groups'
        ? (groups as unknown as RememberedList<RaRecord>)
        : undefined;

  const q = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const searched = useGetList(
    reference.resource,
    {
      pagination: { page: 1, perPage: REFERENCE_PAGE_SIZE },
      sort: { field: reference.display, order: 'ASC' },
      filter: q ? { q } : {},
    },
    { enabled: remembered === undefined, placeholderData: (previous) => previous },
  );

  const list = remembered ?? noList;
  const options = remembered ? list.data : (searched.data ?? []);
  const known = useMemo(() => new Map(options.map((record) => [String(record.id), record])), [options]);
  const missing = ids.filter((id) => !known.has(String(id)));
  const optionsPending = remembered ? list.isLoading : searched.isPending;
  const fetched = useGetMany(reference.resource, { ids: missing as RaRecord['id'][] }, { enabled: missing.length > 0 && !optionsPending });

  const selected = ids.map(
    (id) =>
      known.get(String(id)) ??
      fetched.data?.find((record) => String(record.id) === String(id)) ?? { id: id as RaRecord['id'], [reference.display]: `#${String(id)}` },
  );
  return {
    options,
    selected,
    isLoading: remembered ? list.isLoading : searched.isPending || searched.isFetching,
    complete: remembered !== undefined,
  };
}
