import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { NotFoundOrSection } from '../pages/NotFoundOrSection';
import { SHARED_STUDENT_SCREENS } from './accountScreens';
import { StudentDashboard } from './quizzes/StudentDashboard';
import { StudentLayout } from './StudentLayout';
import { STUDENT_ROOT, studentPaths } from './paths';
import { STUDENT_PAGES } from './studentPages';
import { STUDENT_SCREENS } from '../shell/studentScreens';

// The instruction page renders Markdown: its own chunk.
const InstructionPage = lazy(() => import('./quizzes/InstructionPage').then((m) => ({ default: m.InstructionPage })));

const AnalysisPage = STUDENT_PAGES['history/analysis/:sessionId'];

const STUDENT_SCREEN_PATHS = STUDENT_SCREENS.map((screen) => screen.path);

/** The page of a student screen; every screen of STUDENT_SCREENS has one. */
export function studentScreenOf(path: string) {
  const Screen = SHARED_STUDENT_SCREENS[path] ?? STUDENT_PAGES[path];
  if (!Screen) throw new Error(`The student screen ${path} has no page`);
  return Screen;
}

/**
 * The student area's pages inside its layout (everything but the exam): a chunk of their own, so
 * that the exam page, opened at its own address, does not fetch the dashboard, the lists and the
 * navigation it never shows.
 */
export function StudentAreaPages() {
  return (
    <Routes>
      <Route element={<StudentLayout />}>
        <Route index element={<StudentDashboard />} />
        {STUDENT_SCREENS.map((screen) => {
          const Screen = studentScreenOf(screen.path);
          return <Route key={screen.path} path={screen.path} element={<Screen />} />;
        })}
        <Route path="availableQuiz/instruction/:quizId" element={<InstructionPage />} />
        <Route path="*" element={<NotFoundOrSection base={STUDENT_ROOT} names={STUDENT_SCREEN_PATHS} />} />
      </Route>
    </Routes>
  );
}

/**
 * A session opened by an exam link reaches only its quiz (the server refuses the rest): its
 * instructions and the result; any other address leads back to the quiz.
 */
export function ExamLinkPages({ quizId }: { quizId: number }) {
  const home = <Navigate to={studentPaths.instruction(quizId)} replace />;
  return (
    <Routes>
      <Route element={<StudentLayout examLinkQuiz={quizId} />}>
        <Route path="availableQuiz/instruction/:quizId" element={<InstructionPage />} />
        <Route path="history/analysis/:sessionId" element={<AnalysisPage />} />
        <Route path="*" element={home} />
      </Route>
    </Routes>
  );
}
