import { describe, expect, it } from 'vitest';
import { parseGift } from '../../../server/questions/gift';
import type { ParseResult } from '../../../server/questions/types';
import { validateDrafts, type ImportDefaults } from '../../../server/questions/validate';

/**
 * Runs of spaces and tabs around every GIFT construct (#, =, ~, :, .., ->) read as Moodle reads them:
 * a run inside a text is kept (the preparation holds it through the parse), a run next to the grammar
 * is a separator, and the placeholder that holds runs never reaches the numeric grammar or the result.
 */
const defaults: ImportDefaults = { subject: 1, module: 10, marks: 1, time_required: 1, difficulty: 'medium' };
const check = (parsed: ParseResult) => validateDrafts(parsed.drafts, defaults, 'text', parsed.errors);

const gaps = [
  ['two spaces', '  '],
  ['three spaces', '   '],
  ['a tab', '\t'],
  ['two tabs', '\t\t'],
  ['a space and a tab', ' \t'],
  ['a tab and two spaces', '\t  '],
] as const;

type Case = { name: string; gift: (s: string) => string; expected: Record<string, unknown> };

const cases: Case[] = [
  {
    name: 'numeric value:tolerance, then # feedback',
    gift: (s) => `Q {#\n=1822:0${s}#fb\n}`,
    expected: { type: 'numeric', numeric_answers: [{ value: 1822, tolerance: 0, weight: 100, feedback: 'fb' }] },
  },
  {
    name: 'numeric value : tolerance',
    gift: (s) => `Q {#=3${s}:${s}2${s}#close${s}}`,
    expected: { type: 'numeric', numeric_answers: [{ value: 3, tolerance: 2, weight: 100, feedback: 'close' }] },
  },
  {
    name: 'numeric min..max',
    gift: (s) => `Q {#${s}1${s}..${s}5${s}}`,
    expected: { type: 'numeric', numeric_answers: [{ value: 3, tolerance: 2, weight: 100 }] },
  },
  {
    name: 'numeric = and ~#feedback',
    gift: (s) => `Q {#${s}=${s}5${s}#good${s}~${s}#bad${s}}`,
    expected: {
      type: 'numeric',
      numeric_answers: [
        { value: 5, tolerance: 0, weight: 100, feedback: 'good' },
        { value: '*', tolerance: 0, weight: 0, feedback: 'bad' },
      ],
    },
  },
  {
    name: 'numeric weighted answers',
    gift: (s) => `Q {#${s}=%50%1:1${s}#half${s}=3${s}}`,
    expected: {
      type: 'numeric',
      numeric_answers: [
        { value: 1, tolerance: 1, weight: 50, feedback: 'half' },
        { value: 3, tolerance: 0, weight: 100 },
      ],
    },
  },
  {
    name: 'single choice = and ~ with # feedback',
    gift: (s) => `Q {${s}=right${s}#yes${s}~wrong${s}#no${s}}`,
    expected: { type: 'single', options: [expect.objectContaining({ text: 'right', weight: 100, feedback: 'yes' }), expect.objectContaining({ text: 'wrong', weight: 0, feedback: 'no' })] },
  },
  {
    name: 'short answers with # feedback',
    gift: (s) => `Q {${s}=one${s}#fb${s}=two${s}}`,
    expected: { type: 'short_answer', short_answers: [expect.objectContaining({ text: 'one', weight: 100, feedback: 'fb' }), expect.objectContaining({ text: 'two', weight: 100 })] },
  },
  {
    name: 'matching ->',
    gift: (s) => `Q {${s}=cat${s}->${s}feline${s}=dog${s}->${s}canine${s}=bird${s}->${s}avian${s}}`,
    expected: { type: 'matching', match_pairs: [{ question: 'cat', answer: 'feline' }, { question: 'dog', answer: 'canine' }, { question: 'bird', answer: 'avian' }] },
  },
  {
    name: 'a : in a question text',
    gift: (s) => `Ratio${s}:${s}what? {=one}`,
    expected: { type: 'short_answer' },
  },
];

describe('GIFT: runs of spaces and tabs around the grammar', () => {
  for (const c of cases) {
    for (const [label, s] of gaps) {
      it(`${c.name}, with ${label}`, () => {
        const result = check(parseGift(c.gift(s)));
        expect(result.errors).toEqual([]);
        expect(result.valid).toHaveLength(1);
        expect(result.valid[0].question).toMatchObject(c.expected);
        expect(JSON.stringify(result.valid[0].question)).not.toContain('\\u0002');
      });
    }
  }

  it("the issue's example: 1822 ± 0 at 100% with its feedback after two spaces", () => {
    const result = check(parseGift('Q {#\n=1822:0  #fb\n}'));
    expect(result.errors).toEqual([]);
    expect(result.valid[0].question.numeric_answers).toEqual([{ value: 1822, tolerance: 0, weight: 100, feedback: 'fb' }]);
  });

  it.each([
    ['Q {#=1 2:0}', 7],
    ['Q {#=1  822:0}', 7],
    ['Q {#=- 5:0}', 7],
    ['Q {#=5:1 2}', 9],
    ['Q {#1 ..5 0}', 10],
  ])('a space inside a number (%s) is refused with its column, as Moodle refuses it, never read as another number', (gift, column) => {
    const result = parseGift(gift);
    expect(result.drafts).toEqual([]);
    expect(result.errors).toEqual([expect.objectContaining({ row: 1, field: 'answer', message: expect.stringContaining(`(line 1, column ${column})`) })]);
  });

  it('a run of spaces inside a text, an answer or a feedback is kept, in a numeric feedback too', () => {
    const result = check(parseGift('Say  it {#\n=5  #well  done\n~  #not  quite\n}\n\nQ {=no  one  #good  one}'));
    expect(result.errors).toEqual([]);
    expect(result.valid[0].question.question).toBe('Say  it');
    expect(result.valid[0].question.numeric_answers).toEqual([
      { value: 5, tolerance: 0, weight: 100, feedback: 'well  done' },
      { value: '*', tolerance: 0, weight: 0, feedback: 'not  quite' },
    ]);
    expect(result.valid[1].question.short_answers).toEqual([expect.objectContaining({ text: 'no  one', feedback: 'good  one' })]);
  });
});
