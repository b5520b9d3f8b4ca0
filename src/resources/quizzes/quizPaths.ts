import { useBasename, useResourceContext } from 'react-admin';
import { QUIZ_SECTION } from './quizSection';

export { QUIZ_SECTION };

/**
 * The quiz screens' addresses inside the area. The resource is the <Resource> the screens are
 * mounted under, or the section name when they are mounted as custom routes. Data calls use the
 * same name (the area maps `quiz` to the API's `quizzes`).
 */
export function useQuizPaths() {
  const basename = useBasename();
  const resource = useResourceContext() ?? QUIZ_SECTION;
  const list = `${basename}/${resource}`;
  const of = (screen: string) => (id: number | string) => `${list}/${screen}/${encodeURIComponent(id)}`;
  return {
    resource,
    list,
    create: `${list}/create`,
    edit: of('edit'),
    preview: of('preview'),
    manage: of('manage'),
    analysis: of('analysis'),
    /** The question bank of the same area, for links from a quiz's paper. */
    questionEdit: (id: number | string) => `${basename}/questions/edit/${encodeURIComponent(id)}`,
  };
}

/** The quiz id of the current route: `:quizId` (the product's paths) or react-admin's `:id`; NaN when invalid. */
export function quizIdOf(params: Readonly<Record<string, string | undefined>>): number {
  const id = Number(params.quizId ?? params.id);
  return Number.isInteger(id) && id > 0 ? id : Number.NaN;
}
