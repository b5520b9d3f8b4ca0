import { createElement } from 'react';
import { useLocation } from 'react-router';
import Typography from '@mui/material/Typography';
import {
  AppBar,
  Layout,
  LoadingIndicator,
  Menu,
  useBasename,
  useLogout,
  type LayoutProps,
} from 'react-admin';
import { InitialPasswordDialog } from '../../resources/generator';
import { sectionsOf } from '../../shell/areaSections';
import { sectionIcon } from '../../shell/sectionIcons';
import { useArea } from '../../shell/AreaContext';
import { LogoutButton } from '../../shell/LogoutButton';
import { UserMenu } from '../../shell/UserMenu';
import { pageTitleOf, useDocumentTitle } from '../../shell/pageTitle';

/**
 * The menu lists the area's sections in the order the route table declares them; each entry's
 * icon (sectionIcons.ts) keeps it recognisable when the sidebar is collapsed.
 */
function AreaMenu() {
  const area = useArea();
  const basename = useBasename();
  return (
    <Menu>
      <Menu.DashboardItem />
      {sectionsOf(area).map((section) => (
        <Menu.Item
          key={section.name}
          to={`${basename}/${section.name}`}
          primaryText={section.label}
          leftIcon={createElement(sectionIcon(section))}
        />
      ))}
    </Menu>
  );
}

/** Logout sits in the bar itself rather than in the user menu (the theme), so it is always one click away. */
function AreaToolbar() {
  const logout = useLogout();
  return (
    <>
      <LoadingIndicator />
      <UserMenu />
      <LogoutButton onLogout={() => void logout()} />
    </>
  );
}

/** The bar shows the page's title (from the route), and the browser tab names the same page. */
function AreaAppBar() {
  const area = useArea();
  const title = pageTitleOf(area, useLocation().pathname);
  useDocumentTitle(title);
  return (
    <AppBar userMenu={false} toolbar={<AreaToolbar />}>
      <Typography component="span" variant="h6" color="inherit" sx={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} data-testid="page-title">
        {title}
      </Typography>
    </AppBar>
  );
}

/**
 * No page scrolls sideways: react-admin's layout grows to its widest content (min-width:
 * fit-content, and a flex item's automatic minimum width), so one wide table widened the whole
 * page. The layout keeps to the window instead; the hand-written pages put their wide tables in
 * a TableContainer, which scrolls in its own box.
 */
const FIT_THE_WINDOW = {
  minWidth: 0,
  '& .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 },
} as const;

/** react-admin's layout with the area's menu and bar, and the dialog that shows a new account's initial password. */
export function AreaLayout({ children, ...props }: LayoutProps) {
  return (
    <Layout {...props} sx={FIT_THE_WINDOW} appBar={AreaAppBar} menu={AreaMenu}>
      {children}
      <InitialPasswordDialog />
    </Layout>
  );
}
