import { createElement, isValidElement, useMemo, type ComponentType, type ReactElement } from 'react';
import { Route } from 'react-router';
import { Admin, CustomRoutes, Resource, ResourceContextProvider, defaultDarkTheme, defaultLightTheme, type ErrorProps, type ResourceProps } from 'react-admin';
import { ROLE_LABELS } from '../../schemas/roles';
import { authProvider } from '../../shell/authProvider';
import { createDataProvider } from '../../api/dataProvider';
import { forRole, resourceFromEntity } from '../../resources/generator';
import { ErrorScreen } from '../../pages/ErrorScreen';
import { NotFoundOrSection } from '../../pages/NotFoundOrSection';
import { roleOfArea } from '../../shell/areaRole';
import { AREA_SECTIONS, apiResourceMap, sectionsOf, type StaffAreaPath } from '../../shell/areaSections';
import { AreaContext, useArea } from '../../shell/AreaContext';
import { AreaDashboard } from './AreaDashboard';
import { AreaLayout } from './AreaLayout';
import { NotificationToasts } from './NotificationToasts';
import { PasswordChangeGate } from '../../pages/account/PasswordChangeGate';
import type { Theme } from '@mui/material/styles';
import { DARK_PALETTE_FIXES, LIGHT_PALETTE_FIXES, withPortalLook } from '../../ui/theme';
import { useThemePreference } from '../../ui/themePreference';
import { userStore } from '../../shell/userStore';

/** What a section becomes once its screens exist: the props of its <Resource>, minus the name. */
export type ResourceConfig = Omit<ResourceProps, 'name'>;

interface StaffAreaProps {
  area: StaffAreaPath;
  /**
   * The area's own versions of entity screens, by API resource name (an icon, a hand-written list).
   * Every other entity placed in the area gets the screens generated from its declaration.
   */
  resources?: Readonly<Record<string, ResourceConfig>>;
  /** Hand-written screens by path below the area ('profile', 'students/upload'); every section that is no entity needs one. */
  pages?: Readonly<Record<string, ComponentType>>;
}

/**
 * react-admin's looks with the portal's changes (buttons keep the case of their text): its light
 * one and its dark one. Which one shows is the user's choice in the user menu (or the system's),
 * the same choice as the rest of the app (`useThemePreference`), not react-admin's own store.
 */
/** react-admin's loading screen writes its message in the disabled text colour (2.7:1): the secondary one keeps 4.5:1. */
const ADMIN_COMPONENTS = { RaLoading: { styleOverrides: { root: ({ theme }: { theme: Theme }) => ({ '& .RaLoading-message': { color: theme.palette.text.secondary } }) } } };
const ADMIN_LIGHT_THEME = withPortalLook({
  ...defaultLightTheme,
  components: { ...defaultLightTheme.components, ...ADMIN_COMPONENTS },
  // react-admin's bar is its secondary colour, #2196f3: white text on it reaches only 3.1:1 (WCAG AA asks 4.5:1).
  palette: { ...defaultLightTheme.palette, ...LIGHT_PALETTE_FIXES, secondary: { light: '#63a4ff', main: '#1976d2', dark: '#004ba0', contrastText: '#fff' } },
});
const ADMIN_DARK_THEME = withPortalLook({
  ...defaultDarkTheme,
  palette: { ...defaultDarkTheme.palette, ...DARK_PALETTE_FIXES },
  components: { ...defaultDarkTheme.components, ...ADMIN_COMPONENTS },
});

const NO_RESOURCES: Readonly<Record<string, ResourceConfig>> = {};
const NO_PAGES: Readonly<Record<string, ComponentType>> = {};

const elementOf = (screen: ComponentType | ReactElement): ReactElement =>
  isValidElement(screen) ? screen : createElement(screen as ComponentType);

/** An unknown address of the area: a section's name in the other number goes to the section, else not found. */
function AreaNotFound() {
  const area = useArea();
  return <NotFoundOrSection base={`/${area}`} names={sectionsOf(area).map((section) => section.name)} />;
}

function AreaError({ error }: ErrorProps) {
  return <ErrorScreen message={error instanceof Error ? error.message : undefined} />;
}

/**
 * A react-admin area mounted below the app's router at '/{area}/*'. requireAuth makes
 * react-admin verify the session (authProvider.checkAuth) before showing any screen; a failed
 * check clears the storage and goes to '/'.
 */
export function StaffArea({ area, resources: given = NO_RESOURCES, pages = NO_PAGES }: StaffAreaProps) {
  const dataProvider = useMemo(() => createDataProvider(apiResourceMap(area)), [area]);
  const role = roleOfArea(area);
  // The area mounts after sign-in: its store is the signed-in user's (lists' filters, sort, page size, columns).
  const store = useMemo(() => userStore(), []);
  const sections = AREA_SECTIONS[area];
  const { mode } = useThemePreference();
  // Each entity section shows the area's version of the entity's screens, else the generated ones;
  // either keeps only the screens this role may use (no create route without create access).
  const resources = useMemo(
    () =>
      Object.fromEntries(
        sections.flatMap((section) => {
          if (!section.entity || pages[section.name]) return [];
          const resource = given[section.entity.resource] ?? resourceFromEntity(section.entity);
          return [[section.name, forRole(resource, role)] as const];
        }),
      ) as Record<string, ResourceConfig>,
    [sections, given, pages, role],
  );
  // Every section has a screen: a section that is no entity's must be one of the area's pages.
  const missing = sections.filter((section) => !resources[section.name] && !pages[section.name]);
  if (missing.length) throw new Error(`The ${area} area has no screen for ${missing.map((section) => section.name).join(', ')}`);
  // Some create screens are named 'add' (/teacher/topics/add): a generated resource's create answers
  // there too. A resource with child routes serves its section's screens itself.
  const addAliases = sections.flatMap((section) => {
    const resource = resources[section.name];
    const hasAdd = section.screens?.some((screen) => screen.path === 'add');
    return resource?.create && !resource.children && hasAdd ? [{ section, create: resource.create }] : [];
  });

  return (
    <AreaContext.Provider value={area}>
      <PasswordChangeGate>
        <Admin
          basename={`/${area}`}
          title={ROLE_LABELS[roleOfArea(area)]}
          // One theme, the chosen one: with no dark theme of its own react-admin neither follows the
          // system by itself nor shows its light/dark toggle (the user menu has Light, Dark and System).
          lightTheme={mode === 'dark' ? ADMIN_DARK_THEME : ADMIN_LIGHT_THEME}
          darkTheme={null}
          authProvider={authProvider}
          dataProvider={dataProvider}
          store={store}
          dashboard={AreaDashboard}
          layout={AreaLayout}
          catchAll={AreaNotFound}
          error={AreaError}
          // react-admin's messages become the app's toasts (top right), not a Snackbar of their own.
          notification={NotificationToasts}
          loginPage={false}
          disableTelemetry
          requireAuth
        >
          {sections.flatMap((section) => {
            const resource = resources[section.name];
            return resource ? [<Resource key={section.name} name={section.name} {...resource} />] : [];
          })}
          <CustomRoutes>
            {Object.entries(pages).map(([path, Page]) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
            {addAliases.map(({ section, create }) => (
              <Route
                key={`${section.name}/add`}
                path={`${section.name}/add`}
                element={<ResourceContextProvider value={section.name}>{elementOf(create)}</ResourceContextProvider>}
              />
            ))}
          </CustomRoutes>
        </Admin>
      </PasswordChangeGate>
    </AreaContext.Provider>
  );
}
