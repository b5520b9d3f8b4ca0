import { useMemo } from 'react';
import { Route } from 'react-router';
import { Admin, CustomRoutes, Resource, type ErrorProps, type ResourceProps } from 'react-admin';
import { ROLE_LABELS } from '../../schemas/roles';
import { authProvider } from '../../authProvider';
import { createDataProvider } from '../../dataProvider';
import { ErrorScreen } from '../../pages/ErrorScreen';
import { NotFoundPage } from '../../pages/NotFoundPage';
import { roleOfArea } from '../areaRole';
import { AREA_SECTIONS, apiResourceMap, type StaffAreaPath } from '../areaSections';
import { AreaContext } from './AreaContext';
import { AreaDashboard } from './AreaDashboard';
import { AreaLayout } from './AreaLayout';
import { PlaceholderPage } from './PlaceholderPage';

/** What a section becomes once its screens exist: the props of its <Resource>, minus the name. */
export type ResourceConfig = Omit<ResourceProps, 'name'>;

interface StaffAreaProps {
  area: StaffAreaPath;
  /** Sections with a resource here are served by react-admin; the others stay placeholders. */
  resources?: Readonly<Record<string, ResourceConfig>>;
}

function AreaError({ error }: ErrorProps) {
  return <ErrorScreen message={error instanceof Error ? error.message : undefined} />;
}

/**
 * A react-admin area mounted below the app's router at '/{area}/*'. requireAuth makes
 * react-admin verify the session (authProvider.checkAuth) before showing any screen; a failed
 * check clears the storage and goes to '/'.
 */
export function StaffArea({ area, resources = {} }: StaffAreaProps) {
  const dataProvider = useMemo(() => createDataProvider(apiResourceMap(area)), [area]);
  const sections = AREA_SECTIONS[area];
  const placeholders = sections.filter((section) => !resources[section.name]);

  return (
    <AreaContext.Provider value={area}>
      <Admin
        basename={`/${area}`}
        title={ROLE_LABELS[roleOfArea(area)]}
        authProvider={authProvider}
        dataProvider={dataProvider}
        dashboard={AreaDashboard}
        layout={AreaLayout}
        catchAll={NotFoundPage}
        error={AreaError}
        loginPage={false}
        disableTelemetry
        requireAuth
      >
        {sections.flatMap((section) => {
          const resource = resources[section.name];
          return resource ? [<Resource key={section.name} name={section.name} {...resource} />] : [];
        })}
        <CustomRoutes>
          {placeholders.flatMap((section) => [
            <Route key={section.name} path={section.name} element={<PlaceholderPage title={section.label} />} />,
            ...(section.screens ?? []).map((screen) => (
              <Route
                key={`${section.name}/${screen.path}`}
                path={`${section.name}/${screen.path}`}
                element={<PlaceholderPage title={screen.title} />}
              />
            )),
          ])}
        </CustomRoutes>
      </Admin>
    </AreaContext.Provider>
  );
}
