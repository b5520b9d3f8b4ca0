import { z } from 'zod';
import { numberInput, optionalIdRef, timeOf, toIsoDateTime } from './fields';
import { ATTEMPTS_ALLOWED_MAX } from './quizzes';

/**
 * A quiz override: one student's or one group's own valid from, valid to, duration and attempts
 * allowed. Each setting left out (or null, or '') is as the quiz has it; at least one is given.
 * Extra time granted to a student adds on top of the duration, as it does to the quiz's.
 *
 * The same body creates (POST) and replaces (PUT) an override.
 */

export const CHOOSE_ONE_TARGET = 'Choose a student or a group';
export const CHOOSE_NOT_BOTH = 'Choose a student or a group, not both';
export const GIVE_ONE_SETTING = 'Give at least one setting to override';
export const OVERRIDE_WINDOW_ORDER = 'Valid to must be after valid from';

const optionalDateTime = (invalid: string) => z.preprocess(toIsoDateTime, z.iso.datetime({ error: invalid }).optional());

const OVERRIDE_DURATION = 'Duration must be a whole number of minutes, at least 1';
const OVERRIDE_ATTEMPTS = `Attempts allowed must be a whole number from 0 (unlimited) to ${ATTEMPTS_ALLOWED_MAX}`;

export const overrideFields = {
  studentId: optionalIdRef('Choose a valid student'),
  groupId: optionalIdRef('Choose a valid group'),
  valid_from: optionalDateTime('Valid from must be a valid date and time'),
  valid_to: optionalDateTime('Valid to must be a valid date and time'),
  duration: numberInput(z.number({ error: OVERRIDE_DURATION }).int(OVERRIDE_DURATION).min(1, OVERRIDE_DURATION).max(2 ** 31 - 1, OVERRIDE_DURATION).optional()),
  /** 0: unlimited. */
  attempts_allowed: numberInput(z.number({ error: OVERRIDE_ATTEMPTS }).int(OVERRIDE_ATTEMPTS).min(0, OVERRIDE_ATTEMPTS).max(ATTEMPTS_ALLOWED_MAX, OVERRIDE_ATTEMPTS).optional()),
};

/** The settings an override may change, in the order the screens show them. */
export const OVERRIDE_SETTING_FIELDS = ['valid_from', 'valid_to', 'duration', 'attempts_allowed'] as const;
export type OverrideSettingField = (typeof OVERRIDE_SETTING_FIELDS)[number];

type OverrideShape = { studentId?: unknown; groupId?: unknown } & Partial<Record<OverrideSettingField, unknown>>;

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * The rules between fields: exactly one of student and group; at least one setting; valid to after
 * valid from when both are given (the server also compares a single one with the quiz's other).
 */
export function checkOverride(override: OverrideShape, ctx: z.RefinementCtx): void {
  const student = given(override.studentId);
  const group = given(override.groupId);
  if (student && group) ctx.addIssue({ code: 'custom', path: ['studentId'], message: CHOOSE_NOT_BOTH });
  else if (!student && !group) ctx.addIssue({ code: 'custom', path: ['studentId'], message: CHOOSE_ONE_TARGET });
  if (!OVERRIDE_SETTING_FIELDS.some((field) => given(override[field]))) ctx.addIssue({ code: 'custom', path: [], message: GIVE_ONE_SETTING });
  if (timeOf(override.valid_to) <= timeOf(override.valid_from)) {
    ctx.addIssue({ code: 'custom', path: ['valid_to'], message: OVERRIDE_WINDOW_ORDER });
  }
}

export const overrideSchema = z.object(overrideFields).superRefine(checkOverride, {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
});
export type OverrideInput = z.input<typeof overrideSchema>;
export type OverrideBody = z.infer<typeof overrideSchema>;

/** The labels of the settings, as the quiz form names them. */
export const OVERRIDE_SETTING_LABELS: Record<OverrideSettingField, string> = {
  valid_from: 'Valid from',
  valid_to: 'Valid to',
  duration: 'Duration',
  attempts_allowed: 'Attempts allowed',
};

/** One override as GET /api/quizzes/{id}/overrides lists it: times as ISO strings, null where the quiz's setting applies. */
export interface OverrideRecord {
  id: number;
  studentId: number | null;
  groupId: number | null;
  student: { id: number; fullname: string; username: string } | null;
  group: { id: number; name: string } | null;
  valid_from: string | null;
  valid_to: string | null;
  duration: number | null;
  attempts_allowed: number | null;
}

/** Where a student's setting comes from: the quiz, one of their groups' overrides, or their own override. */
export type SettingSource = 'quiz' | 'student' | `group:${number}`;

/** A student's effective settings (GET /api/quizzes/{id}/effective/{studentId}): times as ISO strings. */
export interface EffectiveRecord {
  valid_from: string | null;
  valid_to: string | null;
  duration: number | null;
  attempts_allowed: number;
  source: Record<OverrideSettingField, SettingSource>;
}
