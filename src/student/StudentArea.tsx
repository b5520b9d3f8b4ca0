import { Route, Routes } from 'react-router';
import { useSessionCheck } from '../auth/useSessionCheck';
import { AreaContext } from '../areas/shared/AreaContext';
import { AreaDashboard } from '../areas/shared/AreaDashboard';
import { PlaceholderPage } from '../areas/shared/PlaceholderPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { LoadingOverlay } from '../ui/LoadingOverlay';
import { InstructionPage } from './InstructionPage';
import { StudentLayout } from './StudentLayout';
import { STUDENT_SCREENS } from './studentScreens';

/** The student area (not react-admin), mounted at '/student/*'; nothing shows before the session is verified. */
export function StudentArea() {
  const verified = useSessionCheck();
  if (!verified) return <LoadingOverlay />;

  return (
    <AreaContext.Provider value="student">
      <Routes>
        <Route element={<StudentLayout />}>
          <Route index element={<AreaDashboard />} />
          {STUDENT_SCREENS.map((screen) => (
            <Route key={screen.path} path={screen.path} element={<PlaceholderPage title={screen.title} />} />
          ))}
          <Route path="availableQuiz/instruction/:quizId" element={<InstructionPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </AreaContext.Provider>
  );
}
