// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { scopeFor, updateSchemaOf } from '../../../src/schemas/entity';
import { DEFAULT_REVIEW, quizEntity, quizSchema } from '../../../src/schemas/quizzes';
import { expectIssue, messagesAt, parseOk, repeat, without } from './expectIssue';

const options = { face_detection: true, safe_exam_browser: false, guest_flag: false, negative_marking: true };
// A two-hour window: 09:00 to 11:00 UTC, visible from the day before.
const valid = {
  name: 'Mid-term: Data Structures',
  subjects: ['4', '7'],
  visible_from: '2030-03-01T09:00:00.000Z',
  valid_from: '2030-03-02T09:00:00.000Z',
  valid_to: '2030-03-02T11:00:00.000Z',
  duration: 90,
  group_id: 3,
  options,
};

describe('quiz schema', () => {
  it('parses a valid quiz', () => {
    expect(parseOk(quizSchema, valid)).toEqual({
      ...valid,
      questions: [],
      random_rules: [],
      shuffle_questions: false,
      shuffle_options: false,
      negative_penalty: 0.25,
      balance_papers: false,
      balance_tolerance: 0.25,
      attempts_allowed: 1,
      grading_method: 'highest',
      attempt_delay1_minutes: 0,
      attempt_delay2_minutes: 0,
      builds_on_last: false,
      review: DEFAULT_REVIEW,
      published: false,
      attainment_target: 60,
      attainment_levels: { level3: 70, level2: 60, level1: 50 },
      seb_browser_exam_keys: [],
      require_fullscreen: false,
      block_clipboard: false,
      integrity_thresholds: { away_seconds: 60, events: 20, no_face_seconds: 5, multiple_faces_seconds: 3 },
    });
  });

  it('bounds the balancing tolerance at 0.05 to 2 logits, 0.25 by default', () => {
    const message = 'Tolerance must be between 0.05 and 2 logits';
    for (const bad of [0.04, 2.01, -1, 'wide']) {
      const result = quizSchema.safeParse({ ...valid, balance_tolerance: bad });
      expect(result.success, String(bad)).toBe(false);
      expect(result.error!.issues.find((i) => i.path[0] === 'balance_tolerance')?.message).toBe(message);
    }
    expect(parseOk(quizSchema, { ...valid, balance_papers: true, balance_tolerance: '0.5' })).toMatchObject({ balance_papers: true, balance_tolerance: 0.5 });
    expect(parseOk(quizSchema, { ...valid, balance_tolerance: 0.05 }).balance_tolerance).toBe(0.05);
    expect(parseOk(quizSchema, { ...valid, balance_tolerance: 2 }).balance_tolerance).toBe(2);
  });

  it('checks the attainment rule: percents, and levels that do not increase from 3 to 1', () => {
    expect(parseOk(quizSchema, { ...valid, attainment_target: '75', attainment_levels: { level3: 80, level2: 80, level1: 0 } })).toMatchObject({
      attainment_target: 75,
      attainment_levels: { level3: 80, level2: 80, level1: 0 },
    });
    expect(quizSchema.safeParse({ ...valid, attainment_target: 101 }).error?.issues[0]).toMatchObject({ path: ['attainment_target'], message: 'Attainment target must be between 0 and 100' });
    expect(quizSchema.safeParse({ ...valid, attainment_levels: { level3: 50, level2: 60, level1: 40 } }).error?.issues[0]).toMatchObject({
      path: ['attainment_levels', 'level2'],
      message: 'Levels must not increase from level 3 to level 1',
    });
  });

  it('bounds the attempts and names the grading methods and review options it accepts', () => {
    expect(parseOk(quizSchema, { ...valid, attempts_allowed: '0', grading_method: 'average' })).toMatchObject({ attempts_allowed: 0, grading_method: 'average' });
    expectIssue(quizSchema, { ...valid, attempts_allowed: 11 }, 'attempts_allowed', 'Attempts allowed must be a whole number from 0 (unlimited) to 10');
    expectIssue(quizSchema, { ...valid, attempts_allowed: 1.5 }, 'attempts_allowed', 'Attempts allowed must be a whole number from 0 (unlimited) to 10');
    expectIssue(quizSchema, { ...valid, grading_method: 'best' }, 'grading_method', 'Grading method must be highest, average, first or last');
    expectIssue(quizSchema, { ...valid, attempt_delay1_minutes: -1 }, 'attempt_delay1_minutes', 'Delay before the 2nd attempt (minutes) must be a whole number from 0 to 10080');
    expectIssue(quizSchema, { ...valid, review: { ...DEFAULT_REVIEW, open: { ...DEFAULT_REVIEW.open, marks: 'yes' } } }, 'review.open.marks', 'Later, while the quiz is still open: Marks must be on or off');
  });

  it('keeps Browser Exam Keys in lower case and names a malformed one', () => {
    const key = 'AB'.repeat(32);
    expect(parseOk(quizSchema, { ...valid, seb_browser_exam_keys: [key] }).seb_browser_exam_keys).toEqual([key.toLowerCase()]);
    expectIssue(quizSchema, { ...valid, seb_browser_exam_keys: ['abc'] }, 'seb_browser_exam_keys.0', 'A Browser Exam Key is 64 hexadecimal characters');
  });

  it('bounds the integrity thresholds', () => {
    expectIssue(quizSchema, { ...valid, integrity_thresholds: { no_face_seconds: 1 } }, 'integrity_thresholds.no_face_seconds', 'No face recorded after (seconds): at least 2');
  });

  it('normalises dates to ISO 8601 UTC strings from zoned strings, epoch milliseconds and Dates', () => {
    const parsed = parseOk(quizSchema, {
      ...valid,
      visible_from: Date.parse(valid.visible_from),
      valid_from: '2030-03-02T14:30:00+05:30',
      valid_to: new Date(valid.valid_to),
    });
    expect(parsed).toMatchObject({
      visible_from: valid.visible_from,
      valid_from: valid.valid_from,
      valid_to: valid.valid_to,
    });
  });

  it('accepts a zoned time without seconds and a leap day', () => {
    expect(parseOk(quizSchema, { ...valid, visible_from: '2028-02-29T09:00Z' }).visible_from).toBe('2028-02-29T09:00:00.000Z');
  });

  it('accepts form numbers as strings and subject ids as numbers', () => {
    expect(parseOk(quizSchema, { ...valid, duration: '90', group_id: '3', subjects: [4, '7'] })).toMatchObject(valid);
  });

  it('requires the name, up to 255 characters', () => {
    expectIssue(quizSchema, { ...valid, name: '' }, 'name', 'Name is required');
    expectIssue(quizSchema, { ...valid, name: repeat(256) }, 'name', 'Name cannot exceed 255 characters');
    expect(quizSchema.safeParse({ ...valid, name: repeat(255) }).success).toBe(true);
  });

  it.each([
    ['missing', undefined],
    ['empty', []],
  ])('requires at least one subject (%s)', (_, subjects) => {
    expectIssue(quizSchema, { ...valid, subjects }, 'subjects', 'At least one subject is required');
  });

  it('rejects an empty subject id', () => {
    expectIssue(quizSchema, { ...valid, subjects: ['4', ''] }, 'subjects.1', 'Please select a valid subject');
  });

  it.each([
    ['visible_from', 'Visible from'],
    ['valid_from', 'Valid from'],
    ['valid_to', 'Valid to'],
  ] as const)('requires %s', (field, label) => {
    expectIssue(quizSchema, without(valid, field), field, `${label} is required`);
    expectIssue(quizSchema, { ...valid, [field]: ' ' }, field, `${label} is required`);
    expectIssue(quizSchema, { ...valid, [field]: null }, field, `${label} is required`);
  });

  it.each([
    'next monday',
    '2030-03-02',
    '2030-03-02T09:00',
    '2030-02-30T09:00:00Z',
    '2030-03-02T24:00:00Z',
    Number.NaN,
    new Date('nonsense'),
    true,
  ])(
    'rejects the date %s (no time zone, not a date)',
    (visible_from) => {
      expectIssue(quizSchema, { ...valid, visible_from }, 'visible_from', 'Visible from must be a valid date and time');
    },
  );

  it('requires visible from strictly before valid from', () => {
    expectIssue(quizSchema, { ...valid, visible_from: valid.valid_from }, 'visible_from', 'Visible from must be before valid from');
    expectIssue(
      quizSchema,
      { ...valid, visible_from: '2030-03-02T10:00:00.000Z' },
      'visible_from',
      'Visible from must be before valid from',
    );
  });

  it('requires valid to strictly after valid from', () => {
    expectIssue(quizSchema, { ...valid, valid_to: valid.valid_from }, 'valid_to', 'Valid to must be after valid from');
    expectIssue(quizSchema, { ...valid, valid_to: '2030-03-02T08:00:00.000Z' }, 'valid_to', 'Valid to must be after valid from');
  });

  it.each([undefined, '', null])('requires the duration (%s)', (duration) => {
    expectIssue(quizSchema, { ...valid, duration }, 'duration', 'Duration is required');
  });

  it.each([0, -5, '0'])('requires a duration of at least 1 minute (%s)', (duration) => {
    expectIssue(quizSchema, { ...valid, duration }, 'duration', 'Duration must be at least 1 minute');
  });

  it.each([1.5, 'an hour'])('requires whole minutes (%s)', (duration) => {
    expectIssue(quizSchema, { ...valid, duration }, 'duration', 'Duration must be a whole number of minutes');
  });

  it('requires the duration strictly shorter than the window from valid from to valid to', () => {
    const message = 'Duration entered does not match valid from and valid to date';
    expectIssue(quizSchema, { ...valid, duration: 120 }, 'duration', message);
    expectIssue(quizSchema, { ...valid, duration: 500 }, 'duration', message);
    expect(quizSchema.safeParse({ ...valid, duration: 119 }).success).toBe(true);
  });

  it('says nothing about the duration while the window itself is wrong', () => {
    expect(messagesAt(quizSchema, { ...valid, valid_to: valid.valid_from }, 'duration')).toEqual([]);
    expect(messagesAt(quizSchema, { ...valid, valid_to: 'soon' }, 'duration')).toEqual([]);
  });

  it.each([undefined, '', 'group-a'])('requires the group (%s)', (group_id) => {
    expectIssue(quizSchema, { ...valid, group_id }, 'group_id', 'Group is required');
  });

  it('requires the options and each flag as a boolean', () => {
    expectIssue(quizSchema, without(valid, 'options'), 'options', 'Quiz options are required');
    expectIssue(quizSchema, { ...valid, options: without(options, 'face_detection') }, 'options.face_detection', 'Face detection must be on or off');
    expectIssue(quizSchema, { ...valid, options: { ...options, safe_exam_browser: 'yes' } }, 'options.safe_exam_browser', 'Safe exam browser must be on or off');
    expectIssue(quizSchema, { ...valid, options: { ...options, guest_flag: null } }, 'options.guest_flag', 'Guest access must be on or off');
    expectIssue(quizSchema, { ...valid, options: { ...options, negative_marking: 1 } }, 'options.negative_marking', 'Negative marking must be on or off');
  });

  it('reports the date order together with errors in other fields', () => {
    const input = { ...without(valid, 'group_id'), valid_to: valid.valid_from };
    expectIssue(quizSchema, input, 'group_id', 'Group is required');
    expectIssue(quizSchema, input, 'valid_to', 'Valid to must be after valid from');
  });
});

describe('quiz entity', () => {
  it('keeps the window rules on update', () => {
    expectIssue(updateSchemaOf(quizEntity), { ...valid, duration: 120 }, 'duration', 'Duration entered does not match valid from and valid to date');
  });

  it("lets a teacher see the department's quizzes and change only their own", () => {
    expect(scopeFor(quizEntity, 'TEACHER', 'list')).toBe('department');
    expect(scopeFor(quizEntity, 'TEACHER', 'update')).toBe('own');
    expect(scopeFor(quizEntity, 'STUDENT', 'read')).toBeUndefined();
  });

  it('needs a question or a random rule before it is published', () => {
    expectIssue(quizSchema, { ...valid, published: true }, 'questions', 'Add at least one question or random rule before publishing');
    expect(quizSchema.safeParse({ ...valid, published: true, questions: [5] }).success).toBe(true);
    expect(quizSchema.safeParse({ ...valid, published: true, random_rules: [{ module: 2, count: 3 }] }).success).toBe(true);
  });

  it.each([
    [{ negative_penalty: 1.5 }, 'negative_penalty', 'Penalty must be between 0 and 1'],
    [{ random_rules: [{ count: 0 }] }, 'random_rules.0.count', 'Draw at least 1 question'],
    [{ random_rules: [{ module: 2 }] }, 'random_rules.0.count', 'Enter how many questions to draw'],
  ])('checks the paper settings (%o)', (extra, path, message) => {
    expectIssue(quizSchema, { ...valid, ...extra }, path, message);
  });
});
