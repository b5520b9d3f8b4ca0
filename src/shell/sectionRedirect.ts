/**
 * Where an address that names a section in the other number belongs: '/teacher/quizzes' (or
 * '/teacher/quizes', '/teacher/Quiz') is the 'quiz' section, '/department-head/student' is
 * 'students', '/admin/guidelines' is 'guideline'. The routes keep SPEC's names; a user who types
 * the singular or the plural of one lands on it instead of the not-found page.
 */

/** A word reduced to what its singular and its plural share: lower case, without a plural ending. */
export function wordStem(word: string): string {
  const w = word.toLowerCase();
  if (w.endsWith('zzes')) return w.slice(0, -3); // quizzes -> quiz
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`; // histories -> history
  if (/(?:s|x|z|ch|sh)es$/.test(w)) return w.slice(0, -2); // quizes -> quiz, batches -> batch
  if (/[^s]s$/.test(w)) return w.slice(0, -1); // students -> student
  return w;
}

/**
 * The path to send `path` (below an area, without its leading '/') to when its first segment is not
 * one of `names` but is one of them in the other number or another case; the rest of the path is
 * kept. Undefined when the path is fine as it is or names nothing (the not-found page answers).
 */
export function sectionPathFor(path: string, names: readonly string[]): string | undefined {
  const [first, ...rest] = path.split('/');
  if (!first) return undefined;
  const firsts = [...new Set(names.map((name) => name.split('/')[0]!))];
  if (firsts.includes(first)) return undefined;
  const stem = wordStem(first);
  const match = firsts.find((name) => wordStem(name) === stem);
  return match === undefined ? undefined : [match, ...rest].join('/');
}
