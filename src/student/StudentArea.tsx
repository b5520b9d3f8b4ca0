import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { getExamLinkQuiz } from '../auth/session';
import { useSessionCheck } from '../shell/useSessionCheck';
import { AreaContext } from '../shell/AreaContext';
import { PasswordChangeGate } from '../pages/account/PasswordChangeGate';
import { LoadingOverlay } from '../ui/LoadingOverlay';

// The exam page and the area's other pages are chunks of their own: opening the exam at its
// address fetches the exam alone (Markdown's math, KaTeX, comes only with a question that has math).
const ExamPage = lazy(() => import('./exam/ExamPage').then((m) => ({ default: m.ExamPage })));
const StudentAreaPages = lazy(() => import('./StudentAreaPages').then((m) => ({ default: m.StudentAreaPages })));
const ExamLinkPages = lazy(() => import('./StudentAreaPages').then((m) => ({ default: m.ExamLinkPages })));

/**
 * A session opened by an exam link reaches only its quiz (the server refuses the rest): its
 * instructions, the exam and the result; any other address leads back to the quiz.
 */
function ExamLinkRoutes({ quizId }: { quizId: number }) {
  return (
    <Routes>
      <Route path="exam/:attemptId" element={<ExamPage />} />
      <Route path="*" element={<ExamLinkPages quizId={quizId} />} />
    </Routes>
  );
}

/** The student area (not react-admin), mounted at '/student/*'; nothing shows before the session is verified. */
export function StudentArea() {
  const verified = useSessionCheck();
  if (!verified) return <LoadingOverlay />;
  const examLinkQuiz = getExamLinkQuiz();
  if (examLinkQuiz !== null) {
    return (
      <AreaContext.Provider value="student">
        <ExamLinkRoutes quizId={examLinkQuiz} />
      </AreaContext.Provider>
    );
  }

  return (
    <AreaContext.Provider value="student">
      {/* An account with an initial password must choose its own before anything else. */}
      <PasswordChangeGate>
        <Routes>
          {/* The exam is a focused screen: no area navigation to wander off through. */}
          <Route path="exam/:attemptId" element={<ExamPage />} />
          <Route path="*" element={<StudentAreaPages />} />
        </Routes>
      </PasswordChangeGate>
    </AreaContext.Provider>
  );
}
