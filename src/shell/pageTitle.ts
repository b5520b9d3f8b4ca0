import { useEffect } from 'react';
import { matchPath } from 'react-router';
import { PRODUCT_NAME } from '../config/constants';
import type { RolePath } from '../schemas/roles';
import { sectionsOf } from './areaSections';
import { STUDENT_SCREENS } from './studentScreens';

/**
 * The title of the page at `pathname` inside an area: 'Dashboard' at the area's root, the
 * section's label on its list, a named screen's title ('Quiz analysis'), and for the generated
 * screens 'New …' / 'Edit …'. Unknown paths give 'Page not found'.
 */
const matches = (pattern: string, path: string) => matchPath({ path: `/${pattern}`, end: true }, `/${path}`) !== null;

export function pageTitleOf(area: RolePath, pathname: string): string {
  const rest = pathname.replace(new RegExp(`^/${area}`), '').replace(/^\/+|\/+$/g, '');
  if (rest === '') return 'Dashboard';
  if (area === 'student') {
    const screen = [...STUDENT_SCREENS].sort((a, b) => b.path.length - a.path.length).find((s) => matches(s.path, rest));
    if (screen) return screen.title;
    if (matches('availableQuiz/instruction/:quizId', rest)) return 'Quiz instructions';
    if (matches('exam/:attemptId', rest)) return 'Exam';
    return 'Page not found';
  }
  const [first, ...more] = rest.split('/');
  const section = sectionsOf(area).find((s) => s.name === first);
  if (!section) return 'Page not found';
  const below = more.join('/');
  if (below === '') return section.label;
  const screen = section.screens?.find((s) => matches(s.path, below));
  if (screen) return screen.title;
  if (below === 'create' || below === 'add') return `New: ${section.label}`;
  if (below === 'upload') return `${section.label}: upload`;
  if (/^[^/]+\/show$/.test(below)) return `${section.label}: details`;
  if (/^[^/]+$/.test(below)) return `${section.label}: edit`;
  return section.label;
}

/** The browser tab names the page: '{page} – Exam Portal'. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} – ${PRODUCT_NAME}`;
  }, [title]);
}
