import { useBasename, useResourceContext } from 'react-admin';

/** The teacher area's section for the question bank (SPEC.md section 2: questions, questions/add, questions/edit/{questionId}). */
export const QUESTION_SECTION = 'questions';

/**
 * The bank's screen addresses inside the area. The resource is the <Resource> the screens are
 * mounted under, or the section name when they are mounted as custom routes.
 */
export function useQuestionPaths() {
  const basename = useBasename();
  const resource = useResourceContext() ?? QUESTION_SECTION;
  const list = `${basename}/${resource}`;
  return {
    resource,
    list,
    add: `${list}/add`,
    edit: (id: number | string) => `${list}/edit/${encodeURIComponent(id)}`,
  };
}
