import { describe, expect, it } from 'vitest';
import { effectiveSettings, type OverrideValues } from '../../../server/exam/effective';

const quiz = { valid_from: 1_000, valid_to: 5_000, duration: 30, attempts_allowed: 1 };
const none = { valid_from: null, valid_to: null, duration: null, attempts_allowed: null };
const own = (values: Partial<OverrideValues>): OverrideValues => ({ ...none, student_id: 7, group_id: null, ...values });
const group = (id: number, values: Partial<OverrideValues>): OverrideValues => ({ ...none, student_id: null, group_id: id, ...values });

describe('effectiveSettings', () => {
  it('is the quiz without overrides, every source the quiz', () => {
    expect(effectiveSettings(quiz, [])).toEqual({ ...quiz, source: { valid_from: 'quiz', valid_to: 'quiz', duration: 'quiz', attempts_allowed: 'quiz' } });
  });

  it('takes the student’s own override per setting, over any group’s, and the quiz for the rest', () => {
    const result = effectiveSettings(quiz, [group(3, { duration: 90, valid_to: 9_000 }), own({ duration: 45 })]);
    expect(result).toMatchObject({ valid_from: 1_000, valid_to: 9_000, duration: 45, attempts_allowed: 1 });
    expect(result.source).toEqual({ valid_from: 'quiz', valid_to: 'group:3', duration: 'student', attempts_allowed: 'quiz' });
  });

  it('takes the most lenient of two groups per setting: earliest open, latest close, longest time, most attempts', () => {
    const a = group(4, { valid_to: 8_000, attempts_allowed: 2, duration: 40, valid_from: 900 });
    const b = group(5, { valid_from: 500, valid_to: 7_000, attempts_allowed: 3, duration: 60 });
    const result = effectiveSettings(quiz, [a, b]);
    expect(result).toMatchObject({ valid_from: 500, valid_to: 8_000, duration: 60, attempts_allowed: 3 });
    expect(result.source).toEqual({ valid_from: 'group:5', valid_to: 'group:4', duration: 'group:5', attempts_allowed: 'group:5' });
    // The order of the overrides does not matter.
    expect(effectiveSettings(quiz, [b, a])).toEqual(result);
  });

  it('counts unlimited attempts (0) above any number, whichever group comes first', () => {
    const limited = group(4, { attempts_allowed: 10 });
    const unlimited = group(5, { attempts_allowed: 0 });
    for (const overrides of [[limited, unlimited], [unlimited, limited]]) {
      const result = effectiveSettings(quiz, overrides);
      expect(result.attempts_allowed).toBe(0);
      expect(result.source.attempts_allowed).toBe('group:5');
    }
  });

  it('lets the student’s own override be stricter than a group’s (own wins, not the most lenient)', () => {
    const result = effectiveSettings(quiz, [group(4, { attempts_allowed: 0, valid_to: 9_000 }), own({ attempts_allowed: 1, valid_to: 6_000 })]);
    expect(result).toMatchObject({ attempts_allowed: 1, valid_to: 6_000 });
    expect(result.source).toMatchObject({ attempts_allowed: 'student', valid_to: 'student' });
  });

  it('leaves a setting no override sets as the quiz has it, with unlimited on the quiz kept', () => {
    const result = effectiveSettings({ ...quiz, attempts_allowed: 0 }, [group(4, { attempts_allowed: 5 })]);
    // A group override replaces the quiz's setting (Moodle: the override is the student's setting).
    expect(result.attempts_allowed).toBe(5);
    expect(result.source.valid_from).toBe('quiz');
  });
});
