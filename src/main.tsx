import './config/zodJitless';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { getEnv } from './config/env';
import { registerNavigator } from './navigation/appNavigator';
import { ConfigErrorPage } from './pages/ConfigErrorPage';
import { routes } from './router/routes';
import { appThemeFor } from './ui/theme';
import { useThemePreference } from './ui/themePreference';

const root = createRoot(document.getElementById('root')!);

try {
  getEnv();
} catch (error) {
  // Show the configuration problem on the page as well as in the console, then stop.
  root.render(<ConfigErrorPage message={error instanceof Error ? error.message : String(error)} />);
  throw error;
}

const router = createBrowserRouter(routes);

/** The signed-in user's theme (or the system's): the staff areas pass the same choice to react-admin. */
function PortalThemeProvider({ children }: { children: ReactNode }) {
  const { mode } = useThemePreference();
  return (
    <ThemeProvider theme={appThemeFor(mode)}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
// The HTTP client navigates on a 405 without React: let it use the router (no full reload).
registerNavigator((to) => void router.navigate(to));

root.render(
  <StrictMode>
    <PortalThemeProvider>
      <RouterProvider router={router} />
    </PortalThemeProvider>
  </StrictMode>,
);
