import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingOverlay } from '../ui/LoadingOverlay';
import { Toaster } from '../ui/toast/Toaster';

/** Wraps every route: one place that waits for lazily loaded screens, and the toasts. */
export function RootLayout() {
  return (
    <>
      <Suspense fallback={<LoadingOverlay />}>
        <Outlet />
      </Suspense>
      <Toaster />
    </>
  );
}
