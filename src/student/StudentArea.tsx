import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { getExamLinkQuiz } from '../auth/session';
import { useSessionCheck } from '../auth/useSessionCheck';
import { AreaContext } from '../areas/shared/AreaContext';
import { PlaceholderPage } from '../areas/shared/PlaceholderPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { PasswordChangeGate } from '../pages/account/PasswordChangeGate';
import { LoadingOverlay } from '../ui/LoadingOverlay';
import { SHARED_STUDENT_SCREENS } from './accountScreens';
import { StudentDashboard } from './quizzes/StudentDashboard';
import { StudentLayout } from './StudentLayout';
import { studentPaths } from './paths';
import { STUDENT_PAGES } from './studentPages';
import { STUDENT_SCREENS } from './studentScreens';

// The exam and instruction pages render Markdown with math (KaTeX): their own chunks.
const InstructionPage = lazy(() => import('./quizzes/InstructionPage').then((m) => ({ default: m.InstructionPage })));
const ExamPage = lazy(() => import('./exam/ExamPage').then((m) => ({ default: m.ExamPage })));

const AnalysisPage = STUDENT_PAGES['history/analysis/:sessionId'];

/**
 * A session opened by an exam link reaches only its quiz (the server refuses the rest): its
 * instructions, the exam and the result; any other address leads back to the quiz.
 */
function ExamLinkRoutes({ quizId }: { quizId: number }) {
  const home = <Navigate to={studentPaths.instruction(quizId)} replace />;
  return (
    <Routes>
      <Route element={<StudentLayout examLinkQuiz={quizId} />}>
        <Route path="availableQuiz/instruction/:quizId" element={<InstructionPage />} />
        <Route path="history/analysis/:sessionId" element={<AnalysisPage />} />
        <Route path="*" element={home} />
      </Route>
      <Route path="exam/:attemptId" element={<ExamPage />} />
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
          <Route element={<StudentLayout />}>
            <Route index element={<StudentDashboard />} />
            {STUDENT_SCREENS.map((screen) => {
              const Screen = SHARED_STUDENT_SCREENS[screen.path] ?? STUDENT_PAGES[screen.path];
              return (
                <Route key={screen.path} path={screen.path} element={Screen ? <Screen /> : <PlaceholderPage title={screen.title} />} />
              );
            })}
            <Route path="availableQuiz/instruction/:quizId" element={<InstructionPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
          {/* The exam is a focused screen: no area navigation to wander off through. */}
          <Route path="exam/:attemptId" element={<ExamPage />} />
        </Routes>
      </PasswordChangeGate>
    </AreaContext.Provider>
  );
}
