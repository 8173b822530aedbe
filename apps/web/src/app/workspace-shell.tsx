import type { UserView } from '@medbook/contracts';
import CalendarViewDay from '@mui/icons-material/CalendarViewDay';
import FactCheck from '@mui/icons-material/FactCheck';
import DirectionsWalk from '@mui/icons-material/DirectionsWalk';
import Domain from '@mui/icons-material/Domain';
import EditCalendar from '@mui/icons-material/EditCalendar';
import History from '@mui/icons-material/History';
import HourglassEmpty from '@mui/icons-material/HourglassEmpty';
import Insights from '@mui/icons-material/Insights';
import ListAlt from '@mui/icons-material/ListAlt';
import MenuIcon from '@mui/icons-material/Menu';
import PendingActions from '@mui/icons-material/PendingActions';
import Poll from '@mui/icons-material/Poll';
import RateReview from '@mui/icons-material/RateReview';
import Settings from '@mui/icons-material/Settings';
import TableChart from '@mui/icons-material/TableChart';
import TabletMac from '@mui/icons-material/TabletMac';
import Vaccines from '@mui/icons-material/Vaccines';
import {
  AppBar,
  Badge,
  Box,
  Chip,
  Drawer,
  IconButton,
  Link,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Toolbar,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { type ReactElement, useState } from 'react';
import { Outlet, Link as RouterLink, useLocation } from 'react-router';
import { translateText, useTranslation } from '../shared/i18n';
import { NotificationBell } from '../features/practice-workspace/components/notification-bell';
import { usePracticeCounts } from '../features/practice-workspace/components/practice-header-tools';
import {
  activeNavItem,
  type NavIcon,
  SCHEDULE_PATH,
  workspaceNav,
  type WorkspaceType,
} from '../features/practice-workspace/workspace-rules';
import { AccountMenu } from './account-menu';
import { BrandMark } from './header';
import { reputationEnabled } from '../shared/session';

const NAV_WIDTH = 232;

const ICONS: Record<NavIcon, ReactElement> = {
  schedule: <CalendarViewDay />,
  appointments: <ListAlt />,
  requests: <PendingActions />,
  'walk-in': <DirectionsWalk />,
  waitlists: <HourglassEmpty />,
  calendars: <EditCalendar />,
  directory: <Domain />,
  audit: <History />,
  analytics: <Insights />,
  reports: <TableChart />,
  settings: <Settings />,
  surveys: <Poll />,
  reputation: <RateReview />,
  vaccinations: <Vaccines />,
  kiosk: <TabletMac />,
  'check-in-summary': <FactCheck />,
};

/**
 * The back office's shell for providers, staff and practice admins: a bar with the bell and the
 * account menu, a side navigation that stays on every workspace page (a drawer behind the menu
 * button on phones), and no patient search bar or marketing footer.
 */
export function WorkspaceShell({
  user,
  type,
  practiceId,
}: {
  user: UserView;
  type: WorkspaceType;
  practiceId: string;
}) {
  const theme = useTheme();
  // Spec 2.11: below 1200 px the menu collapses behind a burger button.
  const wide = useMediaQuery('(min-width: 1200px)');
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // The rules name each page in English; shown in the chosen language.
  const { t } = useTranslation();
  const { bell, requests, acceptReject, clear } = usePracticeCounts(practiceId, user);
  const items = workspaceNav(type, acceptReject, user.id, reputationEnabled());
  const active = activeNavItem(items, pathname);

  const nav = (
    <Box component="nav" aria-label={t('workspace.nav.workspace')} sx={{ overflowY: 'auto' }}>
      <List component="div" sx={{ px: 1 }}>
        {items.map((item) => (
          <ListItemButton
            key={item.to}
            component={RouterLink}
            to={item.to}
            selected={active === item.to}
            aria-current={active === item.to ? 'page' : undefined}
            // A page chosen from the phone's menu closes the menu.
            onClick={() => setMenuOpen(false)}
            data-testid={`nav-${item.icon}`}
            data-count={item.badge === 'requests' ? requests : undefined}
            sx={{ borderRadius: 2, mb: 0.25 }}
          >
            <ListItemIcon sx={{ minWidth: 38 }}>{ICONS[item.icon]}</ListItemIcon>
            <ListItemText
              primary={translateText(item.label)}
              slotProps={{ primary: { sx: { fontWeight: 600, fontSize: 15 } } }}
            />
            {item.badge === 'requests' && requests > 0 && (
              <Chip
                size="small"
                color="error"
                label={requests}
                aria-label={t('workspace.nav.waiting', { count: requests })}
                data-testid="requests-count"
                data-count={requests}
              />
            )}
          </ListItemButton>
        ))}
      </List>
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'grey.50' }}>
      <AppBar
        position="fixed"
        elevation={0}
        color="inherit"
        sx={{
          zIndex: theme.zIndex.drawer + 1,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <Toolbar sx={{ gap: 1.5, minHeight: { xs: 56, md: 64 } }}>
          {!wide && (
            <IconButton
              edge="start"
              aria-label={t('workspace.nav.openWorkspaceMenu')}
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen(true)}
              data-testid="workspace-menu"
            >
              <Badge badgeContent={acceptReject ? requests : 0} color="error">
                <MenuIcon />
              </Badge>
            </IconButton>
          )}
          <Link
            component={RouterLink}
            to={SCHEDULE_PATH}
            underline="none"
            aria-label={t('workspace.nav.workspaceHome')}
          >
            <BrandMark />
          </Link>
          <Typography
            component="span"
            sx={{ color: 'text.secondary', fontWeight: 600, display: { xs: 'none', sm: 'block' } }}
          >
            {t(`workspace.roles.${type}`)}
          </Typography>
          <Box sx={{ flex: 1 }} />
          <NotificationBell practiceId={practiceId} count={bell} onCountCleared={clear} />
          <AccountMenu />
        </Toolbar>
      </AppBar>
      <Drawer
        variant={wide ? 'permanent' : 'temporary'}
        open={wide || menuOpen}
        onClose={() => setMenuOpen(false)}
        sx={{
          width: wide ? NAV_WIDTH : undefined,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: NAV_WIDTH, boxSizing: 'border-box' },
        }}
        slotProps={{ paper: { 'aria-label': t('workspace.nav.workspaceMenu') } as object }}
        data-testid="workspace-nav"
      >
        <Toolbar sx={{ minHeight: { xs: 56, md: 64 } }} />
        {nav}
      </Drawer>
      <Box component="main" sx={{ flex: 1, minWidth: 0, px: { xs: 1.5, sm: 2, md: 3 }, pb: 4 }}>
        <Toolbar sx={{ minHeight: { xs: 56, md: 64 }, mb: { xs: 1.5, md: 2 } }} />
        <Outlet />
      </Box>
    </Box>
  );
}
