/**
 * The teacher area's section for quizzes (its screens: quiz, quiz/create, quiz/edit/{quizId},
 * quiz/preview/{quizId}, quiz/analysis/{quizId}, quiz/manage/{quizId}). Without react-admin, so
 * that the app's entry (an LMS launch lands on a quiz's manage page) can name a screen.
 */
export const QUIZ_SECTION = 'quiz';

/** A quiz's manage page below an area's path: `/teacher` -> `/teacher/quiz/manage/7`. */
export const quizManagePath = (areaPath: string, quizId: number | string): string => `${areaPath}/${QUIZ_SECTION}/manage/${encodeURIComponent(quizId)}`;
