import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { AdminContext, testDataProvider, type DataProvider } from 'react-admin';
import { REMEMBERED_LIST_MAX_AGE_MS, forgetRemembered } from '../../../src/resources/memory/rememberedLists';
import { usePreselectOnlySubject, useRememberedModules, useRememberedSubjects } from '../../../src/resources/memory/useRememberedLists';

const subjects = [{ id: 1, subjectname: 'Maths', code: 'M1', semester: '1' }];
const modules = [{ id: 5, course_outcome_name: 'Algebra', subject_id: 1 }];

function setup(subjectList: object[] = subjects) {
  const getList = vi.fn(async (resource: string) => ({ data: resource === 'subjects' ? subjectList : modules, total: 1 }));
  const dataProvider = testDataProvider({ getList: getList as DataProvider['getList'] });
  const wrapper = ({ children }: { children: ReactNode }) => <AdminContext dataProvider={dataProvider}>{children}</AdminContext>;
  return { getList, wrapper };
}

beforeEach(() => {
  localStorage.setItem('role', 'TEACHER');
  localStorage.setItem('username', 'tara');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(1_700_000_000_000);
});

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('remembered lists', () => {
  it('fetch the subjects once and serve the next screen from memory while fresh', async () => {
    const { getList, wrapper } = setup();
    const first = renderHook(() => useRememberedSubjects(), { wrapper });
    await waitFor(() => expect(first.result.current.data).toEqual(subjects));
    first.unmount();

    vi.setSystemTime(1_700_000_000_000 + REMEMBERED_LIST_MAX_AGE_MS - 1000);
    const second = renderHook(() => useRememberedSubjects(), { wrapper });

    expect(second.result.current).toMatchObject({ data: subjects, isLoading: false });
    expect(getList).toHaveBeenCalledTimes(1);
  });

  it('fetch again once the list is older than the expiry, showing the old one meanwhile', async () => {
    const { getList, wrapper } = setup();
    const first = renderHook(() => useRememberedSubjects(), { wrapper });
    await waitFor(() => expect(first.result.current.data).toEqual(subjects));
    first.unmount();

    vi.setSystemTime(1_700_000_000_000 + REMEMBERED_LIST_MAX_AGE_MS);
    const second = renderHook(() => useRememberedSubjects(), { wrapper });

    expect(second.result.current.data).toEqual(subjects);
    await waitFor(() => expect(getList).toHaveBeenCalledTimes(2));
  });

  it('fetch again after a subject was saved', async () => {
    const { getList, wrapper } = setup();
    const first = renderHook(() => useRememberedSubjects(), { wrapper });
    await waitFor(() => expect(first.result.current.data).toEqual(subjects));

    forgetRemembered('subjects');

    await waitFor(() => expect(getList).toHaveBeenCalledTimes(2));
  });

  it("keep each subject's modules apart and ask nothing without a subject", async () => {
    const { getList, wrapper } = setup();
    const none = renderHook(() => useRememberedModules(null), { wrapper });
    expect(none.result.current).toEqual({ data: [], isLoading: false, error: undefined });

    const some = renderHook(() => useRememberedModules(1), { wrapper });
    await waitFor(() => expect(some.result.current.data).toEqual(modules));
    expect(getList).toHaveBeenCalledTimes(1);
    expect(getList).toHaveBeenCalledWith('modules', expect.objectContaining({ filter: { subject_id: 1 } }));
    expect(JSON.parse(sessionStorage.getItem('subjectModule')!).modules['1'].lastFetched).toBe(1_700_000_000_000);
  });
});

describe("a new form's subject", () => {
  /** A form's subject as state, starting at `initial`, with the preselection applied. */
  const useFormSubject = (initial: number | null) => {
    const [subject, setSubject] = useState(initial);
    const list = useRememberedSubjects();
    usePreselectOnlySubject(list, subject, setSubject);
    return { subject, setSubject, loaded: !list.isLoading };
  };

  it("is the caller's only subject once the list is known", async () => {
    const { wrapper } = setup();
    const { result } = renderHook(() => useFormSubject(null), { wrapper });

    await waitFor(() => expect(result.current.subject).toBe(1));
  });

  it('stays empty when there are several to choose from', async () => {
    const { wrapper } = setup([...subjects, { id: 2, subjectname: 'Physics', code: 'P1', semester: '1' }]);
    const { result } = renderHook(() => useFormSubject(null), { wrapper });

    await waitFor(() => expect(result.current.loaded).toBe(true));
    expect(result.current.subject).toBeNull();
  });

  it('keeps the subject a form starts with, and stays cleared once the user clears it', async () => {
    const { wrapper } = setup();
    const editing = renderHook(() => useFormSubject(7), { wrapper });
    await waitFor(() => expect(editing.result.current.loaded).toBe(true));
    expect(editing.result.current.subject).toBe(7);

    const adding = renderHook(() => useFormSubject(null), { wrapper });
    await waitFor(() => expect(adding.result.current.subject).toBe(1));
    act(() => adding.result.current.setSubject(null));
    adding.rerender();
    expect(adding.result.current.subject).toBeNull();
  });
});
