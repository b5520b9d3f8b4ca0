// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { gradeResponse, type Graded } from '../../../server/exam/grading';
import { toPaperQuestion, type QuestionRow } from '../../../server/exam/paper';
import { giftProblem, moodleProblem, parseGift, writeGift } from '../../../server/questions/gift';
import { fromStoredRow, toStoredRow } from '../../../server/questions/store';
import { validateDrafts, type ImportDefaults } from '../../../server/questions/validate';

const defaults: ImportDefaults = { subject: 1, module: 10, marks: 1, time_required: 1, difficulty: 'medium' };
const plain = { negativeMarking: false, penalty: 0.25 };
const negative = { negativeMarking: true, penalty: 0.25 };

/** GIFT text -> validated import -> stored row -> frozen paper, as a quiz would use it. */
function importOne(gift: string, marks = 1) {
  const result = validateDrafts(parseGift(gift).drafts, { ...defaults, marks }, 'text', []);
  expect(result.errors).toEqual([]);
  let n = 0;
  const row = toStoredRow(result.valid[0].question, { userId: 1, instituteId: 1, departmentId: 1 }, 0, () => `o${n++}`);
  const paper = toPaperQuestion({ ...row, id: 1, version: 1 } as unknown as QuestionRow, false);
  const idOf = (text: string) => paper.options!.find((o) => o.text === text)!.id;
  return {
    row,
    grade: (texts: string[], marking = plain): Graded =>
      gradeResponse(paper.key, paper.type === 'single' ? idOf(texts[0]) : texts.map(idOf), marking),
  };
}

describe('choice questions are marked as Moodle marks them', () => {
  it('sums the weights: ~%50%yellow ~%-100%red ~%50%off-beige ~%-100%blue', () => {
    const q = importOne("What two people are entombed in Grant's tomb? {~%50%yellow ~%-100%red ~%50%off-beige ~%-100%blue}", 2);
    expect(q.grade(['yellow', 'off-beige', 'red'])).toEqual({ outcome: 'wrong', marks: 0 });
    expect(q.grade(['yellow', 'off-beige'])).toEqual({ outcome: 'correct', marks: 2 });
    expect(q.grade(['yellow'])).toEqual({ outcome: 'partial', marks: 1 });
    expect(q.grade(['yellow', 'red'])).toEqual({ outcome: 'wrong', marks: 0 });
    expect(q.grade(['yellow', 'off-beige', 'red'], negative)).toEqual({ outcome: 'wrong', marks: -0.5 });
  });

  it('~%100%yellow ~%-50%red ~%-50%blue', () => {
    const q = importOne('Colour? {~%100%yellow ~%-50%red ~%-50%blue}', 4);
    expect(q.grade(['yellow'])).toEqual({ outcome: 'correct', marks: 4 });
    expect(q.grade(['yellow', 'red'])).toEqual({ outcome: 'partial', marks: 2 });
    expect(q.grade(['yellow', 'red', 'blue'])).toEqual({ outcome: 'wrong', marks: 0 });
    expect(q.grade(['red'])).toEqual({ outcome: 'wrong', marks: 0 });
  });

  it("~No one ~%50%Grant ~%50%Grant's wife ~Grant's father", () => {
    const q = importOne("Who's buried in Grant's tomb? {~No one ~%50%Grant ~%50%Grant's wife ~Grant's father}", 2);
    expect(q.grade(['Grant', "Grant's wife"])).toEqual({ outcome: 'correct', marks: 2 });
    expect(q.grade(['Grant'])).toEqual({ outcome: 'partial', marks: 1 });
    // Wrong options weigh 0: choosing them costs nothing, as in Moodle.
    expect(q.grade(['Grant', "Grant's wife", 'No one', "Grant's father"])).toEqual({ outcome: 'correct', marks: 2 });
    expect(q.grade(['No one'])).toEqual({ outcome: 'wrong', marks: 0 });
  });

  it("Moodle's own multichoice tests: multi A 50%, B -100%, C 50%, D -100%", () => {
    const q = importOne('Which are odd? {~%50%A ~%-100%B ~%50%C ~%-100%D}');
    expect(q.grade(['A', 'C'])).toEqual({ outcome: 'correct', marks: 1 });
    expect(q.grade(['A'])).toEqual({ outcome: 'partial', marks: 0.5 });
    expect(q.grade(['A', 'B', 'C'])).toEqual({ outcome: 'wrong', marks: 0 });
    expect(q.grade(['B'])).toEqual({ outcome: 'wrong', marks: 0 });
  });

  it("Moodle's own multichoice tests: single A 100%, B -33.33333%, C 0%, and a partly right single choice", () => {
    const q = importOne('The answer is A {=A ~%-33.33333%B ~C}', 3);
    expect(q.grade(['A'])).toEqual({ outcome: 'correct', marks: 3 });
    expect(q.grade(['B'])).toEqual({ outcome: 'wrong', marks: -1 });
    expect(q.grade(['C'])).toEqual({ outcome: 'wrong', marks: 0 });
    // Negative marking does not add to a negative weight: the larger loss applies.
    expect(q.grade(['C'], negative)).toEqual({ outcome: 'wrong', marks: -0.75 });
    expect(q.grade(['B'], negative)).toEqual({ outcome: 'wrong', marks: -1 });
    const partly = importOne('Pick {=best ~%50%good ~bad}', 2);
    expect(partly.grade(['good'])).toEqual({ outcome: 'partial', marks: 1 });
    const two = importOne('Either {=one =other ~neither}', 2);
    expect(two.grade(['other'])).toEqual({ outcome: 'correct', marks: 2 });
  });

  it('three thirds make full marks (Moodle rounds fractions to 7 decimals)', () => {
    const q = importOne('Thirds {~%33.33333%a ~%33.33333%b ~%33.33333%c ~%-100%d}', 3);
    expect(q.grade(['a', 'b', 'c'])).toEqual({ outcome: 'correct', marks: 3 });
    expect(q.grade(['a', 'b'])).toEqual({ outcome: 'partial', marks: 2 });
  });
});

describe('GIFT weights', () => {
  it('imports weights exactly, = as 100% and ~ without a weight as 0%', () => {
    const stored = JSON.parse(importOne('Q {~%50%yellow ~%-100%red ~%50%off-beige ~%-100%blue}').row.options as string);
    expect(stored.map((o: { weight: number; correct: boolean }) => [o.weight, o.correct])).toEqual([[50, true], [-100, false], [50, true], [-100, false]]);
    const single = JSON.parse(importOne('Q {=a ~%-50%b ~c ~%25%d}').row.options as string);
    expect(single.map((o: { weight: number }) => o.weight)).toEqual([100, -50, 0, 25]);
  });

  it('refuses weights Moodle would not take, naming the line', () => {
    const parsed = parseGift('Q {\n~%150%a\n~b}');
    // gift-pegjs refuses a weight outside -100..100 itself, on its line and column.
    expect(parsed.errors).toEqual([{ row: 2, field: 'syntax', message: 'Expected a value between -100 and 100 but "150" found (line 2, column 3)' }]);
    const sum = validateDrafts(parseGift('Q {~%100%a ~%100%b ~c}').drafts, defaults, 'text', []);
    expect(sum.errors).toEqual([{ row: 1, field: 'options', message: 'The positive option weights must add up to 100% (they add up to 200%)' }]);
  });

  it('exports weights that Moodle marks the same way, and reads them back as they were', () => {
    const bank = [
      'Q1 {~%50%yellow ~%-100%red ~%50%off-beige ~%-100%blue}',
      'Q2 {~%100%yellow ~%-50%red ~%-50%blue}',
      "Q3 {~No one ~%50%Grant ~%50%Grant's wife ~Grant's father}",
      'Q4 {=A ~%-33.33333%B ~C}',
    ].map((g, i) => ({ ...fromStoredRow({ ...importOne(g).row, id: i + 1 }) }));
    const text = writeGift(bank);
    expect(text).toContain("{\n\t~%50%yellow\n\t~%-100%red\n\t~%50%off-beige\n\t~%-100%blue\n}");
    expect(text).toContain("{\n\t~No one\n\t~%50%Grant\n\t~%50%Grant's wife\n\t~Grant's father\n}");
    expect(text).toContain('{\n\t=A\n\t~%-33.33333%B\n\t~C\n}');
    const again = validateDrafts(parseGift(text).drafts, defaults, 'text', []);
    expect(again.errors).toEqual([]);
    expect(again.valid.map((v) => v.question.options!.map((o) => o.weight))).toEqual(bank.map((q) => q.options!.map((o) => o.weight)));
  });

  it('refuses to write what Moodle would mark differently: all-or-nothing multiple choice, weights outside its list', () => {
    const base = { id: 7, question: 'Q', marks: 1, time_required: 1, difficulty: 'easy' as const };
    const options = [{ text: 'a', correct: true, weight: 50 }, { text: 'b', correct: true, weight: 50 }, { text: 'c', correct: false, weight: 0 }];
    const aon = { ...base, type: 'multiple' as const, scoring: 'all_or_nothing' as const, options };
    expect(giftProblem(aon)).toMatch(/all or nothing/);
    expect(() => writeGift([aon])).toThrow(/Question 7 is marked all or nothing/);
    const eleven = Array.from({ length: 12 }, (_, i) => ({ text: `o${i}`, correct: i < 11, weight: i < 11 ? 9.09091 : -9.09091 }));
    expect(giftProblem({ ...base, type: 'multiple', scoring: 'legacy-partial', options: eleven })).toMatch(/9.09091%/);
    expect(giftProblem({ ...aon, scoring: 'partial' })).toBeNull();
  });

  it('refuses short answers under the old matching rule in GIFT and Moodle XML: Moodle would count the inner spaces the old rule ignores', () => {
    const base = { id: 8, question: 'Who?', marks: 1, time_required: 1, difficulty: 'easy' as const, type: 'short_answer' as const };
    const old = { ...base, accepted_answers: ['no one'] };
    const pinned = { ...base, text_match: 'legacy' as const, short_answers: [{ text: 'no one', weight: 100 }] };
    for (const q of [old, pinned]) {
      expect(moodleProblem(q, 'gift')).toMatch(/old answer matching rule .*Moodle \(GIFT\)/);
      expect(moodleProblem(q, 'xml')).toMatch(/old answer matching rule .*Moodle \(Moodle XML\)/);
    }
    expect(() => writeGift([old])).toThrow(/Question 8 is marked by the old answer matching rule/);
    // The same answers under Moodle's rule go out, and come back under Moodle's rule.
    const moodle = { ...base, text_match: 'moodle' as const, short_answers: [{ text: 'no  one', weight: 100 }] };
    expect(moodleProblem(moodle, 'gift')).toBeNull();
    const back = validateDrafts(parseGift(writeGift([moodle])).drafts, defaults, 'text', []);
    expect(back.valid[0].question).toMatchObject({ text_match: 'moodle', short_answers: [{ text: 'no  one', weight: 100 }] });
  });
});

describe('old papers and migrated questions', () => {
  const weights = { a: 1 / 3, b: -1 / 3, c: 1 / 3, d: 1 / 3, e: -1 / 3 };
  it('legacy-partial keeps (right chosen - wrong chosen) / right options even when weights are present', () => {
    const key = { type: 'multiple' as const, marks: 6, correctOptions: ['a', 'c', 'd'], optionCount: 5, scoring: 'legacy-partial' as const, weights };
    expect(gradeResponse(key, ['a', 'c', 'b'], plain)).toEqual({ outcome: 'partial', marks: 2 });
    expect(gradeResponse(key, ['a', 'x'], plain)).toEqual({ outcome: 'wrong', marks: 0 });
    expect(gradeResponse(key, ['a', 'c', 'd'], negative)).toEqual({ outcome: 'correct', marks: 6 });
  });

  it('all_or_nothing with weights needs exactly the positive options', () => {
    const key = { type: 'multiple' as const, marks: 2, correctOptions: ['a', 'c', 'd'], optionCount: 5, scoring: 'all_or_nothing' as const, weights };
    expect(gradeResponse(key, ['a', 'c'], negative)).toEqual({ outcome: 'wrong', marks: -0.5 });
    expect(gradeResponse(key, ['d', 'c', 'a'], negative)).toEqual({ outcome: 'correct', marks: 2 });
  });
});
