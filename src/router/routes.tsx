import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { ROLE_PATHS } from '../schemas/roles';
import { LandingPage } from '../pages/LandingPage';
import { ExamTokenWait } from '../pages/ExamTokenWait';
import { NotFoundOrSection } from '../pages/NotFoundOrSection';
import { RouteErrorPage } from '../pages/RouteErrorPage';
import { AreaGuard } from './AreaGuard';
import { AREA_ENTRIES } from './areaEntries';
import { landingLoader } from './landingLoader';
import { RootLayout } from './RootLayout';

const ForgotPasswordPage = lazy(() => import('../pages/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../pages/ResetPasswordPage'));
const GuestEntryPage = lazy(() => import('../student/guest/GuestEntryPage'));

/** The whole route table; each area declares its own screens below its root. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', loader: landingLoader, element: <LandingPage />, hydrateFallbackElement: <ExamTokenWait /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      // A quiz-wide guest link: a name, then the exam-link flow (the student area's instruction page).
      { path: '/guest/:token', element: <GuestEntryPage /> },
      ...ROLE_PATHS.map((area): RouteObject => {
        const Area = AREA_ENTRIES[area];
        return {
          path: `/${area}/*`,
          errorElement: <RouteErrorPage />,
          element: (
            <AreaGuard area={area}>
              <Area />
            </AreaGuard>
          ),
        };
      }),
      // '/teachers/quiz' is the teacher area's; other unknown addresses are not found.
      { path: '*', element: <NotFoundOrSection base="" names={ROLE_PATHS} /> },
    ],
  },
];
