/** Addresses of the student screens, in one place. */
export const STUDENT_ROOT = '/student';

export const studentPaths = {
  dashboard: STUDENT_ROOT,
  upcoming: `${STUDENT_ROOT}/upcomingQuiz`,
  available: `${STUDENT_ROOT}/availableQuiz`,
  history: `${STUDENT_ROOT}/history`,
  instruction: (quizId: number | string) => `${STUDENT_ROOT}/availableQuiz/instruction/${quizId}`,
  exam: (attemptId: number | string) => `${STUDENT_ROOT}/exam/${attemptId}`,
  analysis: (attemptId: number | string) => `${STUDENT_ROOT}/history/analysis/${attemptId}`,
  feedback: (quizId: number | string) => `${STUDENT_ROOT}/feedback/${quizId}`,
} as const;
