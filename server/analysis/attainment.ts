/**
 * Course-outcome attainment (modules are course outcomes). Pure, like statistics.ts.
 *
 * Only graded answers count (marksTally.ts): an answer waiting for the teacher is left out of the
 * marks earned and available until it is graded, and counted in `pending`.
 *
 * A module's mean is the portal's one module figure: marks earned on the module's questions over
 * the marks available on them, pooled over every student's graded answers. A student's percent on
 * a module is the same over their own paper; `reached` is the percent of the students at or above
 * the target; the level is 3, 2 or 1 when `reached` is at least level3, level2 or level1, else 0.
 */
import { emptyTally, percentOf, tallyAnswer, tallyOf, type MarksTally } from './marksTally';

export interface AttainmentRule {
  target: number;
  levels: { level3: number; level2: number; level1: number };
}

export interface AttainmentQuestion {
  questionId: number;
  moduleId: number;
  maxMark: number;
}

export interface AttainmentAttempt {
  attemptId: number;
  studentId: number;
  /** questionId → marks gained, for the questions of this student's paper; null while waiting for grading. */
  marks: Map<number, number | null>;
}

export interface ModuleAttainment {
  moduleId: number;
  name: string;
  /** Questions of the module that appeared on any paper. */
  questions: number;
  questionIds: number[];
  /** Students whose paper had the module. */
  students: number;
  /** Marks earned / marks available (percent) over the graded answers. */
  mean: number | null;
  earned: number;
  available: number;
  /** Answers to the module's questions waiting for grading, left out of the figures. */
  pending: number;
  /** Percent of those students at or above the target. */
  reached: number | null;
  level: number | null;
}

export interface StudentAttainment {
  studentId: number;
  /** The first of the attempts counted (one, but with the average grading method all finished). */
  attemptId: number;
  attemptIds: number[];
  /** Marks of the graded answers (the mean over the counted attempts). */
  total: number;
  /** Percent of the marks available on the graded answers. */
  percent: number | null;
  /** Answers waiting for grading. */
  pendingAnswers: number;
  /** moduleId → percent on the module's (graded) questions of the student's paper. */
  modules: Record<string, number>;
}

export function levelOf(reached: number, levels: AttainmentRule['levels']): number {
  if (reached >= levels.level3) return 3;
  if (reached >= levels.level2) return 2;
  if (reached >= levels.level1) return 1;
  return 0;
}

export function attainment(
  questions: AttainmentQuestion[],
  attempts: AttainmentAttempt[],
  moduleNames: Map<number, string>,
  rule: AttainmentRule,
): { modules: ModuleAttainment[]; students: StudentAttainment[] } {
  const questionOf = new Map(questions.map((q) => [q.questionId, q]));
  const moduleIds = [...new Set(questions.map((q) => q.moduleId))].sort((a, b) => a - b);
  const percentsOf = new Map<number, number[]>(moduleIds.map((m) => [m, []]));
  const pooled = new Map<number, MarksTally>(moduleIds.map((m) => [m, emptyTally()]));

  // One row per student: a student with several counted attempts (the average grading method)
  // has them pooled, on the whole paper and on each module.
  const byStudent = new Map<number, AttainmentAttempt[]>();
  for (const a of attempts) byStudent.set(a.studentId, [...(byStudent.get(a.studentId) ?? []), a]);
  const students: StudentAttainment[] = [...byStudent.values()].map((ownAttempts) => {
    const own = new Map<number, MarksTally>();
    const whole = emptyTally();
    for (const a of ownAttempts) {
      for (const [qid, mark] of a.marks) {
        const q = questionOf.get(qid);
        if (!q) {
          if (mark !== null) whole.earned += mark;
          continue;
        }
        tallyAnswer(whole, q.maxMark, mark);
        tallyAnswer(tallyOf(own, q.moduleId), q.maxMark, mark);
        tallyAnswer(tallyOf(pooled, q.moduleId), q.maxMark, mark);
      }
    }
    const modules: Record<string, number> = {};
    for (const [moduleId, tally] of own) {
      const percent = percentOf(tally);
      if (percent === null) continue;
      modules[String(moduleId)] = percent;
      percentsOf.get(moduleId)?.push(percent);
    }
    const first = ownAttempts[0];
    return {
      studentId: first.studentId,
      attemptId: first.attemptId,
      attemptIds: ownAttempts.map((a) => a.attemptId),
      total: whole.earned / ownAttempts.length,
      percent: percentOf(whole),
      pendingAnswers: whole.pending,
      modules,
    };
  });

  const modules: ModuleAttainment[] = moduleIds.map((moduleId) => {
    const percents = percentsOf.get(moduleId)!;
    const tally = pooled.get(moduleId)!;
    const questionIds = questions.filter((q) => q.moduleId === moduleId).map((q) => q.questionId);
    const reached = percents.length ? (100 * percents.filter((p) => p >= rule.target - 1e-9).length) / percents.length : null;
    return {
      moduleId,
      name: moduleNames.get(moduleId) ?? `Module ${moduleId}`,
      questions: questionIds.length,
      questionIds,
      students: percents.length,
      mean: percentOf(tally),
      earned: tally.earned,
      available: tally.available,
      pending: tally.pending,
      reached,
      level: reached === null ? null : levelOf(reached, rule.levels),
    };
  });
  return { modules, students };
}
