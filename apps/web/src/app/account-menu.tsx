import { Avatar, Button, IconButton, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { DASHBOARDS } from '@medbook/contracts';
import { logOut } from '../features/account/api/account-api';
import { currentUser$, signedOut } from '../shared/session';
import { useObservable } from '../shared/use-observable';

/** The header's Log In button, or the profile menu with the user's initials. */
export function AccountMenu() {
  const navigate = useNavigate();
  const user = useObservable(currentUser$).value;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!user) {
    return (
      <Button color="inherit" component={RouterLink} to="/login" data-testid="header-login">
        Log In
      </Button>
    );
  }
  const initials = `${user.name.first_name[0] ?? ''}${user.name.last_name[0] ?? ''}`.toUpperCase();
  async function signOut() {
    setAnchor(null);
    await logOut().catch(() => undefined);
    signedOut();
    await navigate('/login');
  }
  return (
    <>
      <IconButton
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label="Profile menu"
        data-testid="profile-menu"
      >
        <Avatar sx={{ bgcolor: 'secondary.main', width: 36, height: 36 }}>{initials}</Avatar>
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem component={RouterLink} to={DASHBOARDS[user.type]} onClick={() => setAnchor(null)}>
          Dashboard
        </MenuItem>
        <MenuItem onClick={() => void signOut()} data-testid="logout">
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
