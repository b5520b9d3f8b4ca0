import { describe, expect, it } from 'vitest';
import { quizStateOf } from '../../../../src/resources/quizzes/quizState';

const from = '2025-03-10T09:00:00.000Z';
const to = '2025-03-10T11:00:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('quiz state chip', () => {
  it('is draft while not published, whatever the dates', () => {
    expect(quizStateOf({ published: false, valid_from: from, valid_to: to }, at('2025-03-10T10:00:00.000Z'))).toBe('draft');
    expect(quizStateOf({ published: false, valid_from: from, valid_to: to }, at('2026-01-01T00:00:00.000Z'))).toBe('draft');
  });

  it('is upcoming before valid_from', () => {
    expect(quizStateOf({ published: true, valid_from: from, valid_to: to }, at('2025-03-10T08:59:59.999Z'))).toBe('upcoming');
  });

  it('is open from valid_from until just before valid_to', () => {
    expect(quizStateOf({ published: true, valid_from: from, valid_to: to }, at(from))).toBe('open');
    expect(quizStateOf({ published: true, valid_from: from, valid_to: to }, at('2025-03-10T10:59:59.999Z'))).toBe('open');
  });

  it('is closed from valid_to on', () => {
    expect(quizStateOf({ published: true, valid_from: from, valid_to: to }, at(to))).toBe('closed');
    expect(quizStateOf({ published: true, valid_from: from, valid_to: to }, at('2025-04-01T00:00:00.000Z'))).toBe('closed');
  });

  it('counts a published quiz without a valid window as upcoming', () => {
    expect(quizStateOf({ published: true, valid_from: null, valid_to: null }, at(from))).toBe('upcoming');
  });
});
