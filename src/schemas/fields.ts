import { z } from 'zod';

/**
 * Field builders shared by the entity schemas. Every builder takes its messages from the
 * entity, so each schema reads with its own wording.
 *
 * Conventions:
 * - Text is trimmed; missing, null, '' and blanks all give the field's "required" message.
 * - Optional text accepts missing, null and ''.
 * - Numbers from forms may arrive as numbers, numeric strings, '' or null. '' and null
 *   count as missing, so they give the field's message instead of silently becoming 0.
 * - Ids are the database's positive integers.
 * - Nothing here transforms after validation, so every schema converts to JSON Schema.
 */

/** Phone numbers are exactly 10 digits. */
export const PHONE_PATTERN = /^\d{10}$/;
/** Login names: letters, digits and . _ - @, no spaces. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]+$/;
export const USERNAME_MAX = 50;
/** Semester up to 5 characters, batch up to 10. */
export const SEMESTER_MAX = 5;
export const BATCH_MAX = 10;

const NUMERIC = /^-?\d+(\.\d+)?$/;

const nullToUndefined = (value: unknown): unknown => (value === null ? undefined : value);

/** '' and null become undefined, numeric strings become numbers; anything else is left for the schema to reject. */
export function toNumberInput(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return NUMERIC.test(text) ? Number(text) : value;
}

/** A required, trimmed text; chain `.max()`, `.regex()` for the field's other rules. */
export const requiredText = (required: string) =>
  z.string({ error: required }).trim().min(1, { error: required, abort: true });

/** An optional, trimmed text of at most `max` characters, named `label` in its messages. */
export const optionalText = (label: string, max: number) =>
  z.preprocess(
    nullToUndefined,
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} should not exceed ${max} characters`)
      .optional(),
  );

/** A required e-mail address: `required` when empty, `invalid` when malformed. */
export const emailField = (required: string, invalid: string) =>
  requiredText(required).max(254, invalid).check(z.email({ error: invalid }));

/** A required phone number of exactly 10 digits. */
export const phoneField = (required: string, invalid: string) => requiredText(required).regex(PHONE_PATTERN, invalid);

/** A required login name (letters, digits, . _ - @; at most `max` characters). */
export const usernameField = (
  messages: { required: string; invalid: string; tooLong?: string },
  max: number = USERNAME_MAX,
) =>
  requiredText(messages.required)
    .max(max, messages.tooLong ?? `Username should not exceed ${max} characters`)
    .regex(USERNAME_PATTERN, messages.invalid);

/** Semester: required, at most 5 characters (students, student upload, subjects). */
export const semesterField = () =>
  requiredText('Semester is required').max(SEMESTER_MAX, 'Semester should not exceed 5 characters');

/** Batch: required, at most 10 characters (students, student upload). */
export const batchField = () => requiredText('Batch is required').max(BATCH_MAX, 'Batch should not exceed 10 characters');

/** A number from a form: see toNumberInput. */
export const numberInput = <T extends z.ZodType>(schema: T) => z.preprocess(toNumberInput, schema);

const positiveInt = (message: string) => z.number({ error: message }).int(message).positive(message);

/** A required reference to one record: `message` when missing or not an id. */
export const idRef = (message: string) => numberInput(positiveInt(message));

/** An optional reference: missing, null and '' mean none. */
export const optionalIdRef = (message: string) => numberInput(positiveInt(message).optional());

/** A list of at least one reference: `atLeastOne` when missing or empty, `invalidItem` for a bad id. */
export const idList = (atLeastOne: string, invalidItem: string) =>
  z.array(idRef(invalidItem), { error: atLeastOne }).min(1, atLeastOne);

/** A whole number from a form within [min, max]: `required` when missing, `invalid` otherwise. */
export const intInRange = (required: string, invalid: string, min: number, max?: number) => {
  const base = z
    .number({ error: (issue) => (issue.input === undefined ? required : invalid) })
    .int(invalid)
    .min(min, invalid);
  return numberInput(max === undefined ? base : base.max(max, invalid));
};

/**
 * ISO 8601 date-time with an explicit zone (Z or ±hh:mm); a zone-less time would name
 * different instants in the browser and on the server.
 */
const ZONED_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)$/i;

/** A zoned ISO date-time naming a real calendar day (Date would turn 30 February into 2 March). */
function parseZoned(text: string): Date | undefined {
  const match = ZONED_DATE_TIME.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return undefined;
  return new Date(text);
}

/**
 * Dates travel as ISO 8601 strings in UTC with milliseconds ('2025-01-31T09:30:00.000Z').
 * Accepted on input: such strings with any zone, epoch milliseconds, and Date objects;
 * all are normalised to the UTC form. '' and null count as missing.
 */
export function toIsoDateTime(value: unknown): unknown {
  if (value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
  let date: Date | undefined;
  if (value instanceof Date) date = value;
  else if (typeof value === 'number' && Number.isFinite(value)) date = new Date(value);
  else if (typeof value === 'string') date = parseZoned(value.trim());
  if (date === undefined) return value;
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** A required date-time (see toIsoDateTime): `required` when missing, `invalid` otherwise. */
export const dateTimeField = (required: string, invalid: string) =>
  z.preprocess(
    toIsoDateTime,
    z.iso.datetime({ error: (issue) => (issue.input === undefined ? required : invalid) }),
  );

const isoDateTime = z.iso.datetime();

/**
 * Milliseconds of a value dateTimeField accepted, or NaN for anything else, so a cross-field
 * rule stays quiet about a date that already has its own error.
 */
export const timeOf = (value: unknown): number =>
  isoDateTime.safeParse(value).success ? Date.parse(value as string) : Number.NaN;
