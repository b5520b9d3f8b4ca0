import { afterEach, describe, expect, it } from 'vitest';
import {
  MEMORY_KEYS,
  REMEMBERED_LIST_MAX_AGE_MS,
  forgetRemembered,
  groupMemory,
  isFresh,
  subjectModuleMemory,
} from '../../../src/resources/memory/rememberedLists';
import {
  DEFAULT_QUIZ_CREATOR,
  defaultQuestionFilter,
  defaultQuizFilter,
  questionFilterMemory,
  quizFilterMemory,
} from '../../../src/resources/memory/rememberedFilters';

const NOW = 1_700_000_000_000;

function signIn(role: string, username: string) {
  localStorage.setItem('role', role);
  localStorage.setItem('username', username);
}

afterEach(() => sessionStorage.clear());

describe('remembered list expiry', () => {
  it('is five minutes', () => {
    expect(REMEMBERED_LIST_MAX_AGE_MS).toBe(5 * 60 * 1000);
  });

  it('keeps a list fresh for five minutes after it was fetched, no longer', () => {
    expect(isFresh(NOW, NOW)).toBe(true);
    expect(isFresh(NOW - REMEMBERED_LIST_MAX_AGE_MS + 1, NOW)).toBe(true);
    expect(isFresh(NOW - REMEMBERED_LIST_MAX_AGE_MS, NOW)).toBe(false);
    expect(isFresh(NOW - 60 * 60 * 1000, NOW)).toBe(false);
  });

  it('never trusts a list that was not fetched, or fetched "in the future"', () => {
    expect(isFresh(null, NOW)).toBe(false);
    expect(isFresh(undefined, NOW)).toBe(false);
    expect(isFresh(NOW + 1000, NOW)).toBe(false);
    expect(isFresh(Number.NaN, NOW)).toBe(false);
  });
});

describe('remembered lists in sessionStorage', () => {
  it('keeps subjectModule under its sessionStorage key and shape', () => {
    signIn('TEACHER', 'tara');
    subjectModuleMemory.update((memory) => ({
      ...memory,
      subjects: [{ id: 1, subjectname: 'Maths', code: 'M1', semester: '1' }],
      modules: { 1: { data: [{ id: 5, course_outcome_name: 'Algebra', subject_id: 1 }], lastFetched: NOW } },
      subjectId: 1,
      lastFetched: NOW,
    }));

    const stored = JSON.parse(sessionStorage.getItem(MEMORY_KEYS.subjectModule)!);
    expect(stored).toMatchObject({ subjectId: 1, moduleId: null, lastFetched: NOW, modules: { 1: { lastFetched: NOW } } });
    expect(subjectModuleMemory.get().subjects).toHaveLength(1);
  });

  it("does not show one account's lists to another signing in in the same tab", () => {
    signIn('TEACHER', 'tara');
    groupMemory.set({ groups: [{ id: 2, groupName: 'A', students: [1] }], groupId: 2, lastFetched: NOW });
    signIn('TEACHER', 'tom');

    expect(groupMemory.get()).toEqual({ groups: [], groupId: null, lastFetched: null });
  });

  it('reads a damaged value as empty', () => {
    signIn('TEACHER', 'tara');
    sessionStorage.setItem(MEMORY_KEYS.group, '{not json');

    expect(groupMemory.get().groups).toEqual([]);
  });

  it('forgets the lists a saved record belongs to, keeping the last choices', () => {
    signIn('TEACHER', 'tara');
    subjectModuleMemory.set({
      subjects: [{ id: 1, subjectname: 'Maths', code: 'M1', semester: '1' }],
      modules: { 1: { data: [], lastFetched: NOW } },
      subjectId: 1,
      moduleId: 5,
      lastFetched: NOW,
    });

    forgetRemembered('modules');
    expect(subjectModuleMemory.get()).toMatchObject({ modules: {}, lastFetched: NOW, subjectId: 1, moduleId: 5 });
    forgetRemembered('subjects');
    expect(subjectModuleMemory.get()).toMatchObject({ subjects: [], lastFetched: null, subjectId: 1 });
  });

  it('notifies subscribers of a change', () => {
    let calls = 0;
    const unsubscribe = groupMemory.subscribe(() => calls++);
    groupMemory.update((memory) => ({ ...memory, groupId: 3 }));
    unsubscribe();
    groupMemory.reset();

    expect(calls).toBe(1);
  });
});

describe('remembered filters', () => {
  it("default to empty, the quiz list to the caller's own quizzes", () => {
    expect(defaultQuestionFilter()).toEqual({
      moduleIds: [],
      difficulty: [],
      type: [],
      createdBy: null,
      marks: null,
      startDate: null,
      endDate: null,
      measured: null,
    });
    expect(defaultQuizFilter()).toEqual({ subjectIds: [], createdBy: 'ME', startDate: null, endDate: null });
    expect(DEFAULT_QUIZ_CREATOR).toBe('ME');
    expect(questionFilterMemory.get()).toEqual(defaultQuestionFilter());
    expect(quizFilterMemory.key).toBe('quizFilter');
  });
});
