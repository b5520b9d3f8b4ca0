import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { quizOptions, type QuizRow } from './attempts';
import type { PaperSource, QuizPaperConfig } from './paper';
import { QuizMemo } from './quizMemo';
import { reviewOf } from '../../src/schemas/quizzes';
import { questionMarks, subjectNames } from './studentQueries';

type Quiz = NonNullable<QuizRow>;

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * What a student sees of a quiz before starting it (its subjects, how many questions and marks,
 * the window and the options), computed from what its papers are drawn from and kept for a few
 * seconds per quiz.
 */
export function quizSummaries(db: Kysely<Database>, drawFrom: QuizMemo<{ config: QuizPaperConfig; source: PaperSource }>) {
  /** Names of the quiz's subjects, question count and marks (fixed questions plus what the random rules draw). */
  const bankSummary = new QuizMemo(async (quiz) => {
    const { config, source } = await drawFrom.get(quiz);
    const subjects = config.subjects.length ? await subjectNames(db, config.subjects) : [];
    const fixed = source.fixed.length ? await questionMarks(db, source.fixed) : [];
    let count = fixed.length;
    let minMarks = fixed.reduce((s, q) => s + q.marks, 0);
    let maxMarks = minMarks;
    for (const [i, rule] of config.randomRules.entries()) {
      const pool = source.candidates[i] ?? [];
      const marks = pool.length ? (await questionMarks(db, pool.slice(0, 5000))).map((q) => q.marks).sort((a, b) => a - b) : [];
      const drawn = Math.min(rule.count, marks.length);
      count += drawn;
      minMarks += marks.slice(0, drawn).reduce((s, m) => s + m, 0);
      maxMarks += marks.slice(-drawn || marks.length).slice(0, drawn).reduce((s, m) => s + m, 0);
    }
    return { subjects: subjects.map((s) => ({ id: s.id, name: s.subjectname, code: s.code })), count, minMarks, maxMarks, randomRules: config.randomRules.length };
  });

  return async function summaryOf(quiz: Quiz) {
    const { subjects, count, minMarks, maxMarks, randomRules } = await bankSummary.get(quiz);
    const options = quizOptions(quiz);
    return {
      id: quiz.id,
      name: quiz.name,
      subjects,
      questionCount: count,
      totalMarks: round(minMarks) === round(maxMarks) ? round(minMarks) : null,
      totalMarksRange: [round(minMarks), round(maxMarks)],
      duration: quiz.duration,
      visibleFrom: quiz.visible_from,
      validFrom: quiz.valid_from,
      validTo: quiz.valid_to,
      negativeMarking: options.negative_marking === true,
      negativePenalty: quiz.negative_penalty ?? 0.25,
      faceDetection: options.face_detection === true,
      safeExamBrowser: options.safe_exam_browser === true,
      instructions: quiz.instructions,
      /** What the student may review of an attempt, at each of the three times (the quiz's review options). */
      review: reviewOf(quiz.review),
      shuffled: quiz.shuffle_questions === 1 || randomRules > 0,
      gradingMethod: quiz.grading_method,
    };
  };
}
