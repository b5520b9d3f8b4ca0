import { useId, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import CheckIcon from '@mui/icons-material/Check';
import { THEME_PREFERENCE_LABELS, THEME_PREFERENCES, useThemePreference } from '../ui/themePreference';

export const USER_MENU_LABEL = 'User menu';

/**
 * The user menu of every area's bar (staff and student): the theme, Light, Dark or System
 * (the system's `prefers-color-scheme`), each a radio item; the choice is the signed-in user's
 * (`useThemePreference`). The menu gives focus back to its button when it closes.
 */
export function UserMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { preference, setPreference } = useThemePreference();
  const menuId = useId();
  const headingId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title={USER_MENU_LABEL}>
        <IconButton
          color="inherit"
          aria-label={USER_MENU_LABEL}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <AccountCircleIcon />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': headingId } }}
      >
        <ListSubheader id={headingId} role="presentation">
          Theme
        </ListSubheader>
        {THEME_PREFERENCES.map((choice) => (
          <MenuItem
            key={choice}
            role="menuitemradio"
            aria-checked={preference === choice}
            selected={preference === choice}
            onClick={() => {
              setPreference(choice);
              close();
            }}
          >
            <ListItemIcon>{preference === choice ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{THEME_PREFERENCE_LABELS[choice]}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
