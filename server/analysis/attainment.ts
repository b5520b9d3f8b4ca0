/**
 * Course-outcome attainment (modules are course outcomes). Pure, like statistics.ts.
 *
 * A student's percent on a module is 100 · marks gained on the module's questions of their paper /
 * those questions' maximum. A module's mean is the mean of those percents; `reached` is the percent
 * of the students at or above the target; the level is 3, 2 or 1 when `reached` is at least
 * level3, level2 or level1, else 0.
 */

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
  /** questionId → marks gained, for the questions of this student's paper. */
  marks: Map<number, number>;
  maxScore: number;
}

export interface ModuleAttainment {
  moduleId: number;
  name: string;
  /** Questions of the module that appeared on any paper. */
  questions: number;
  questionIds: number[];
  /** Students whose paper had the module. */
  students: number;
  mean: number | null;
  /** Percent of those students at or above the target. */
  reached: number | null;
  level: number | null;
}

export interface StudentAttainment {
  studentId: number;
  attemptId: number;
  total: number;
  percent: number | null;
  /** moduleId → percent on the module's questions of the student's paper. */
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

  const students: StudentAttainment[] = attempts.map((a) => {
    const gained = new Map<number, number>();
    const possible = new Map<number, number>();
    let total = 0;
    for (const [qid, mark] of a.marks) {
      total += mark;
      const q = questionOf.get(qid);
      if (!q) continue;
      gained.set(q.moduleId, (gained.get(q.moduleId) ?? 0) + mark);
      possible.set(q.moduleId, (possible.get(q.moduleId) ?? 0) + q.maxMark);
    }
    const modules: Record<string, number> = {};
    for (const [moduleId, max] of possible) {
      if (max <= 0) continue;
      const percent = (100 * gained.get(moduleId)!) / max;
      modules[String(moduleId)] = percent;
      percentsOf.get(moduleId)?.push(percent);
    }
    return { studentId: a.studentId, attemptId: a.attemptId, total, percent: a.maxScore > 0 ? (100 * total) / a.maxScore : null, modules };
  });

  const modules: ModuleAttainment[] = moduleIds.map((moduleId) => {
    const percents = percentsOf.get(moduleId)!;
    const questionIds = questions.filter((q) => q.moduleId === moduleId).map((q) => q.questionId);
    const reached = percents.length ? (100 * percents.filter((p) => p >= rule.target - 1e-9).length) / percents.length : null;
    return {
      moduleId,
      name: moduleNames.get(moduleId) ?? `Module ${moduleId}`,
      questions: questionIds.length,
      questionIds,
      students: percents.length,
      mean: percents.length ? percents.reduce((s, p) => s + p, 0) / percents.length : null,
      reached,
      level: reached === null ? null : levelOf(reached, rule.levels),
    };
  });
  return { modules, students };
}
