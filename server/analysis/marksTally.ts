/**
 * The one definition of "graded" behind every figure built from marks.
 *
 * An answer of a submitted attempt is pending while its marks are null: a descriptive answer the
 * teacher has not graded yet (grading.ts gives every other answer its marks at submission, and a
 * question without an answer row is unanswered: 0). A pending answer is left out of the marks
 * earned AND of the marks available until it is graded, and is counted as pending instead, so a
 * figure never reads an ungraded answer as 0.
 *
 * A module's figure (and any pooled figure) is then earned / available over the graded answers:
 * the same number whichever screen shows it (src/schemas/figures.ts names it).
 */
export interface MarksTally {
  earned: number;
  available: number;
  /** Answers left out because they wait for grading. */
  pending: number;
}

export const emptyTally = (): MarksTally => ({ earned: 0, available: 0, pending: 0 });

/** The answer's marks as a figure reads them: null while pending, 0 when the question has no answer row. */
export const markOf = (answer: { marks: number | null } | undefined): number | null => (answer ? answer.marks : 0);

/** Adds one answer to a tally: `marks` null is pending. */
export function tallyAnswer(tally: MarksTally, maxMark: number, marks: number | null): MarksTally {
  if (marks === null) tally.pending += 1;
  else {
    tally.earned += marks;
    tally.available += maxMark;
  }
  return tally;
}

export function addTally(into: MarksTally, from: MarksTally): MarksTally {
  into.earned += from.earned;
  into.available += from.available;
  into.pending += from.pending;
  return into;
}

/** 100 · earned / available; null while nothing graded is available. */
export const percentOf = (tally: MarksTally): number | null => (tally.available > 0 ? (100 * tally.earned) / tally.available : null);

/** Tallies by key (module, difficulty, ...). */
export function tallyOf<K>(tallies: Map<K, MarksTally>, key: K): MarksTally {
  let t = tallies.get(key);
  if (!t) tallies.set(key, (t = emptyTally()));
  return t;
}
