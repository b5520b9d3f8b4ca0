/**
 * The words of the figures built from marks, shared by the server and every screen that shows them
 * (the teacher's dashboard, the attainment table, the analysis pages, the student's dashboard).
 *
 * One definition of a module's figure everywhere: the marks earned on the module's questions over
 * the marks available on them, pooled over every graded answer (docs/analysis.md says why). An
 * answer waiting for the teacher is left out of both until it is graded, and the figure says so.
 */

/** The figure's name, on every chart and table column that shows it. */
export const MARKS_EARNED_LABEL = 'Marks earned %';

/** The tooltip that explains the figure wherever its name is shown. */
export const MARKS_EARNED_HELP =
  'Marks earned on the module’s questions divided by the marks available on them, over every graded answer of the submitted attempts. Answers awaiting grading are left out until they are graded.';

/** '1 answer awaiting grading', '2 answers awaiting grading'. */
export const awaitingGradingText = (answers: number) => `${answers} ${answers === 1 ? 'answer' : 'answers'} awaiting grading`;
