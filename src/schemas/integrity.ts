import { z } from 'zod';

/** What the exam page reports about an attempt (the server adds `seb-refused` itself). */
export const INTEGRITY_EVENT_TYPES = [
  'tab-hidden',
  'window-blur',
  'fullscreen-exit',
  'copy',
  'paste',
  'context-menu',
  'reload',
  'offline',
  'no-face',
  'multiple-faces',
  'camera-off',
  'seb-refused',
] as const;
export type IntegrityEventType = (typeof INTEGRITY_EVENT_TYPES)[number];

/** Events of these types have a duration: the time the student was away, offline or not seen alone. */
export const AWAY_TYPES: readonly IntegrityEventType[] = ['tab-hidden', 'window-blur', 'fullscreen-exit', 'offline'];

export const EVENTS_PER_ATTEMPT_MAX = 5000;
export const EVENTS_PER_BATCH_MAX = 200;
/** Extra fields of an event are kept as they are, up to this many characters of JSON. */
export const EVENT_DETAIL_MAX = 500;
const DAY_MS = 86_400_000;

/** One event as the browser sends it: `{ id, type, at, durationMs?, ...detail }`. */
export const integrityEventSchema = z
  .looseObject({
    id: z
      .string({ error: 'id is required (the browser’s own id of the event)' })
      .min(1, 'id is required (the browser’s own id of the event)')
      .max(64, 'id is at most 64 characters')
      .regex(/^[\w.:-]+$/, 'id may hold only letters, digits and . : _ -'),
    type: z.enum(INTEGRITY_EVENT_TYPES, { error: `type must be one of ${INTEGRITY_EVENT_TYPES.join(', ')}` }),
    at: z.number({ error: 'at must be a time in epoch milliseconds' }).int('at must be whole milliseconds').min(0, 'at must be a time in epoch milliseconds'),
    durationMs: z.number({ error: 'durationMs must be a number' }).int('durationMs must be whole milliseconds').min(0, 'durationMs cannot be negative').max(DAY_MS, 'durationMs is at most a day').optional(),
  })
  .refine((e) => JSON.stringify(detailOf(e)).length <= EVENT_DETAIL_MAX, { message: `The extra fields of an event are at most ${EVENT_DETAIL_MAX} characters`, path: ['detail'] });
export type IntegrityEvent = z.infer<typeof integrityEventSchema>;

export const integrityBatchSchema = z.object({
  events: z
    .array(integrityEventSchema, { error: 'events must be a list' })
    .min(1, 'Send at least one event')
    .max(EVENTS_PER_BATCH_MAX, `At most ${EVENTS_PER_BATCH_MAX} events a request`),
});

/** The fields of an event beyond id, type, at and durationMs. */
export function detailOf(event: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, type: _type, at: _at, durationMs: _d, ...rest } = event;
  return rest;
}

/** One attempt's row of the teacher's integrity table (GET /api/quizzes/{quizId}/integrity). */
export type CameraStatus = 'not_required' | 'consented' | 'waived' | 'none';
export type SebStatus = 'not_required' | 'verified' | 'not_verified';

export interface IntegrityRow {
  attemptId: number;
  /** The student's attempt number (1, 2, ...): a student with several attempts has a row for each. */
  attemptNo: number;
  studentId: number;
  username: string;
  fullname: string;
  status: string;
  startedAt: number;
  submittedAt: number | null;
  counts: Record<IntegrityEventType, number>;
  totalEvents: number;
  awayMs: number;
  noFaceMs: number;
  camera: CameraStatus;
  cameraConsentAt: number | null;
  seb: SebStatus;
  flagged: boolean;
  flagReasons: string[];
}
