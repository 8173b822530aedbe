import { useObservableState } from 'observable-hooks';
import {
  Avatar,
  Box,
  Button,
  Divider,
  IconButton,
  Menu,
  MenuItem,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { DASHBOARDS, type UserView } from '@medbook/contracts';
import { logOut } from '../features/account/api/account-api';
import { headerLinksShown } from '../features/practice-workspace/workspace-rules';
import { PatientsInQueueDialog } from '../features/walk-in-queue/components/patients-in-queue-dialog';
import { patientsInQueue } from '../features/walk-in-queue/api/walk-in-queue-api';
import { currentUser$, signedOut } from '../shared/session';
import { loginVisible } from './login-visibility';
import { useTranslation } from '../shared/i18n';

/** Spec 2.11: first letters of the first and last names. */
export const initialsOf = (user: Pick<UserView, 'name'>): string =>
  `${user.name.first_name[0] ?? ''}${user.name.last_name[0] ?? ''}`.toUpperCase();

/** The header's Log In button, or the profile menu with the user's initials. */
export function AccountMenu() {
  const navigate = useNavigate();
  const location = useLocation();
  const user = useObservableState(currentUser$);
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Spec 2.13 and 4.8: a provider with walk-ins waiting confirms before logging out.
  const [queued, setQueued] = useState<number | null>(null);
  if (!user) {
    if (!loginVisible(location.pathname, false)) return null;
    return (
      <Button
        variant="outlined"
        color="primary"
        component={RouterLink}
        to="/login"
        data-testid="header-login"
        // Narrower on a phone: 'Iniciar sesión' and 'Đăng nhập' fit beside the logo and menus.
        sx={{ fontWeight: 600, whiteSpace: 'nowrap', px: { xs: 1, sm: 2 }, minWidth: 0 }}
      >
        {t('shell.logIn')}
      </Button>
    );
  }
  async function signOut() {
    setAnchor(null);
    setQueued(null);
    await logOut().catch(() => undefined);
    signedOut();
    // Spec 1, header logic: logging out on a passport (or faq) address goes to vaccine-passport.
    const passportFlow = ['passport', 'faq'].some((part) => location.pathname.includes(part));
    await navigate(passportFlow ? '/vaccine-passport' : '/login');
  }
  async function confirmSignOut() {
    const waiting = user?.type === 'Provider' ? await patientsInQueue(user.id) : 0;
    if (waiting > 0) {
      setAnchor(null);
      setQueued(waiting);
      return;
    }
    await signOut();
  }
  return (
    <>
      <IconButton
        onClick={(e) => setAnchor(e.currentTarget)}
        // The initials shown are part of the name (WCAG 2.5.3, label in name).
        aria-label={t('shell.profileMenu', { initials: initialsOf(user) })}
        data-testid="profile-menu"
      >
        <Avatar sx={{ bgcolor: 'secondary.main', width: 36, height: 36, fontSize: 15 }}>
          {initialsOf(user)}
        </Avatar>
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { width: 250 } } }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{user.name.full_name}</Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
        </Box>
        <Divider />
        {/* Spec 2.11: practice admins reach their dashboard from the header links when shown. */}
        {!(user.type === 'PracticeAdmin' && headerLinksShown(location.pathname)) && (
          <MenuItem
            component={RouterLink}
            to={DASHBOARDS[user.type]}
            onClick={() => setAnchor(null)}
          >
            {t('shell.myDashboard')}
          </MenuItem>
        )}
        <MenuItem onClick={() => void confirmSignOut()} data-testid="logout">
          {t('shell.logout')}
        </MenuItem>
      </Menu>
      <PatientsInQueueDialog
        open={queued !== null}
        count={queued ?? 0}
        onLogout={() => void signOut()}
        onStay={() => setQueued(null)}
      />
    </>
  );
}
