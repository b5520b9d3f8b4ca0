import { lazy, type ComponentType } from 'react';
import { FeedbackPage } from './feedback/FeedbackPage';
import { HistoryPage } from './history/HistoryPage';
import { AvailableQuizzesPage } from './quizzes/AvailableQuizzesPage';
import { UpcomingQuizzesPage } from './quizzes/UpcomingQuizzesPage';

/**
 * The student's own screens, by their path in STUDENT_SCREENS. The analysis brings the charts
 * library, so it loads on demand.
 */
export const STUDENT_PAGES: Readonly<Record<string, ComponentType>> = {
  upcomingQuiz: UpcomingQuizzesPage,
  availableQuiz: AvailableQuizzesPage,
  history: HistoryPage,
  'history/analysis/:sessionId': lazy(() => import('./history/AnalysisPage')),
  'feedback/:quizId': FeedbackPage,
};
