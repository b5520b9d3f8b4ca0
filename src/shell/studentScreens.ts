/**
 * The student area's screens below '/student'. `nav` entries appear in the
 * area's navigation bar, in this order, after the dashboard.
 */
export interface StudentScreen {
  path: string;
  title: string;
  nav?: string;
}

export const STUDENT_SCREENS: readonly StudentScreen[] = [
  { path: 'upcomingQuiz', title: 'Upcoming quizzes', nav: 'Upcoming quizzes' },
  { path: 'availableQuiz', title: 'Available quizzes', nav: 'Available quizzes' },
  { path: 'history', title: 'History', nav: 'History' },
  { path: 'history/analysis/:sessionId', title: 'Attempt analysis' },
  { path: 'feedback/:quizId', title: 'Quiz feedback' },
  { path: 'profile', title: 'Profile', nav: 'Profile' },
  { path: 'guideline', title: 'Guideline', nav: 'Guideline' },
];
