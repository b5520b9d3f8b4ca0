import { useSectionPaths } from '../../shell/sectionPaths';

/** The teacher area's section for the question bank (its screens: questions, questions/add, questions/edit/{questionId}). */
export const QUESTION_SECTION = 'questions';

/** The bank's screen addresses inside the area. */
export function useQuestionPaths() {
  return useSectionPaths(QUESTION_SECTION);
}
