import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { ANY_CREATOR, changedQuizFilters, quizApiFilter, useQuizFilter } from '../../../../src/resources/quizzes/quizFilter';
import { preferencesKeyOf } from '../../../../src/auth/session';

beforeEach(() => {
  localStorage.setItem('role', 'TEACHER');
  localStorage.setItem('username', 'tara');
});

afterEach(() => localStorage.clear());

describe('quizFilter', () => {
  it("shows the teacher's own quizzes by default ('ME')", () => {
    const { result } = renderHook(() => useQuizFilter());
    expect(result.current.filter).toEqual({ subjectIds: [], createdBy: 'ME', startDate: null, endDate: null });
    expect(quizApiFilter(result.current.filter)).toEqual({ createdBy: 'ME' });
    expect(changedQuizFilters(result.current.filter)).toBe(0);
  });

  it('is remembered per user (localStorage, under the user\'s preferences key and quizFilter), and read back by the next screen', () => {
    const first = renderHook(() => useQuizFilter());
    act(() => first.result.current.change({ subjectIds: [2], createdBy: ANY_CREATOR, startDate: '2025-01-01T00:00:00.000Z' }));
    first.unmount();

    expect(JSON.parse(localStorage.getItem(`${preferencesKeyOf('TEACHER', 'tara')}quizFilter`) ?? '{}')).toMatchObject({
      subjectIds: [2],
      createdBy: '',
      startDate: '2025-01-01T00:00:00.000Z',
      endDate: null,
    });
    const next = renderHook(() => useQuizFilter());
    expect(next.result.current.filter).toMatchObject({ subjectIds: [2], createdBy: '' });
    expect(quizApiFilter(next.result.current.filter)).toEqual({ subjects: [2], startDate: '2025-01-01T00:00:00.000Z' });
  });

  it('resets to the defaults', () => {
    const { result } = renderHook(() => useQuizFilter());
    act(() => result.current.change({ createdBy: ANY_CREATOR, endDate: '2025-02-01T23:59:59.999Z' }));
    expect(changedQuizFilters(result.current.filter)).toBe(2);
    act(() => result.current.reset());
    expect(result.current.filter.createdBy).toBe('ME');
  });
});
