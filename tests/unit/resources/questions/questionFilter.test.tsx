import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { defaultQuestionFilter } from '../../../../src/resources/memory/rememberedFilters';
import { activeQuestionFilters, questionApiFilter, useQuestionFilter } from '../../../../src/resources/questions/list/questionFilter';
import { preferencesKeyOf } from '../../../../src/auth/session';

beforeEach(() => {
  localStorage.setItem('role', 'TEACHER');
  localStorage.setItem('username', 'tara');
});

afterEach(() => localStorage.clear());

describe('questionFilter', () => {
  it('starts with every field empty or null', () => {
    const { result } = renderHook(() => useQuestionFilter());
    expect(result.current.filter).toEqual({ moduleIds: [], difficulty: [], type: [], createdBy: null, marks: null, startDate: null, endDate: null, measured: null });
    expect(questionApiFilter(result.current.filter)).toEqual({});
  });

  it('is remembered per user (localStorage, under the user\'s preferences key and questionFilter), and read back by the next screen', () => {
    const first = renderHook(() => useQuestionFilter());
    act(() => first.result.current.change({ moduleIds: [3, 4], type: ['single'], createdBy: 'ME', marks: 2 }));
    first.unmount();

    const stored = JSON.parse(localStorage.getItem(`${preferencesKeyOf('TEACHER', 'tara')}questionFilter`) ?? '{}') as Record<string, unknown>;
    expect(stored).toMatchObject({ moduleIds: [3, 4], difficulty: [], type: ['single'], createdBy: 'ME', marks: 2, startDate: null, endDate: null });

    const next = renderHook(() => useQuestionFilter());
    expect(next.result.current.filter).toMatchObject({ moduleIds: [3, 4], type: ['single'], createdBy: 'ME', marks: 2 });
  });

  it('is not shown to another account signed in later in the same tab', () => {
    const mine = renderHook(() => useQuestionFilter());
    act(() => mine.result.current.change({ difficulty: ['hard'] }));
    mine.unmount();

    localStorage.setItem('username', 'omar');
    const theirs = renderHook(() => useQuestionFilter());
    expect(theirs.result.current.filter).toEqual(defaultQuestionFilter());
  });

  it('clears back to the defaults', () => {
    const { result } = renderHook(() => useQuestionFilter());
    act(() => result.current.change({ difficulty: ['easy', 'hard'], startDate: '2025-01-01T00:00:00.000Z' }));
    expect(activeQuestionFilters(result.current.filter)).toBe(2);
    act(() => result.current.clear());
    expect(result.current.filter).toEqual(defaultQuestionFilter());
  });

  it('becomes the API filter: lists are IN filters, empty parts are left out', () => {
    expect(
      questionApiFilter({
        moduleIds: [3],
        difficulty: ['easy', 'medium'],
        type: [],
        createdBy: 'ME',
        marks: 0,
        startDate: '2025-01-01T00:00:00.000Z',
        endDate: null,
        measured: 'flagged',
      }),
    ).toEqual({ module: [3], difficulty: ['easy', 'medium'], createdBy: 'ME', marks: 0, startDate: '2025-01-01T00:00:00.000Z', measured: 'flagged' });
  });
});
