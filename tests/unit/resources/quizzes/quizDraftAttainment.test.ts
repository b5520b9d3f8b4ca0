import { describe, expect, it } from 'vitest';
import { newQuizDraft, quizDraftOf, quizInputOf } from '../../../../src/resources/quizzes/form/quizDraft';
import type { QuizRecord } from '../../../../src/resources/quizzes/quizTypes';

describe("the quiz form's attainment rule", () => {
  it('starts at the defaults: target 60 %, levels at 70, 60 and 50 % of the students', () => {
    expect(quizInputOf(newQuizDraft(new Date(Date.UTC(2030, 0, 1))))).toMatchObject({ attainment_target: '60', attainment_levels: { level3: '70', level2: '60', level1: '50' } });
  });

  it('keeps the saved rule when a quiz is edited and saved again', () => {
    const record = { id: 1, name: 'Q', subjects: ['1'], options: {}, attainment_target: 75, attainment_levels: { level3: 80, level2: 65, level1: 40 } } as unknown as QuizRecord;
    expect(quizInputOf(quizDraftOf(record))).toMatchObject({ attainment_target: '75', attainment_levels: { level3: '80', level2: '65', level1: '40' } });
  });
});
