import type { UserView } from '@medbook/contracts';
import ExpandMore from '@mui/icons-material/ExpandMore';
import MenuIcon from '@mui/icons-material/Menu';
import { Box, Button, IconButton, Menu, MenuItem, useMediaQuery } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { headerLinksShown, isWorkspaceType } from '../features/practice-workspace/workspace-rules';
import { translateText, useTranslation } from '../shared/i18n';
import { siteMenu, type SiteMenuEntry } from './site-menu-rules';

/**
 * The header's menu for everyone but the practice's users (they get PracticeHeaderTools): the
 * patient's Appointments menu and Settings, the super user's Practices, and for visitors For
 * Doctors (the practices' landing page) and, on practice/ pages, Manage Appointments. Below
 * 1200 px it folds into a burger.
 */
export function SiteMenu({ user }: { user: UserView | null }) {
  const { pathname } = useLocation();
  const burger = useMediaQuery('(max-width: 1199.98px)');
  const [anchor, setAnchor] = useState<{ el: HTMLElement; which: string } | null>(null);
  // The rules name each entry in English; shown in the chosen language.
  const { t } = useTranslation();
  if (user && isWorkspaceType(user.type) && user.practice_id) return null;
  const entries = siteMenu(user, pathname, headerLinksShown(pathname));
  if (entries.length === 0) return null;
  const close = () => setAnchor(null);
  const items = (entry: SiteMenuEntry) =>
    (entry.items ?? [{ label: entry.label, to: entry.to! }]).map((item) => (
      <MenuItem key={item.to} component={RouterLink} to={item.to} onClick={close}>
        {translateText(item.label)}
      </MenuItem>
    ));
  if (burger) {
    return (
      <>
        <IconButton
          aria-label={t('settings.menu.menu')}
          onClick={(e) => setAnchor({ el: e.currentTarget, which: 'burger' })}
          data-testid="site-burger"
        >
          <MenuIcon />
        </IconButton>
        <Menu anchorEl={anchor?.el} open={anchor?.which === 'burger'} onClose={close}>
          {entries.flatMap(items)}
        </Menu>
      </>
    );
  }
  return (
    <Box component="nav" aria-label={t('settings.menu.site')} sx={{ display: 'flex', gap: 0.5 }}>
      {entries.map((entry) =>
        entry.items ? (
          <Box key={entry.label}>
            <Button
              color="inherit"
              endIcon={<ExpandMore />}
              aria-haspopup="menu"
              onClick={(e) => setAnchor({ el: e.currentTarget, which: entry.label })}
              sx={{ fontWeight: 600, whiteSpace: 'nowrap', textTransform: 'none', fontSize: 16 }}
            >
              {translateText(entry.label)}
            </Button>
            <Menu anchorEl={anchor?.el} open={anchor?.which === entry.label} onClose={close}>
              {items(entry)}
            </Menu>
          </Box>
        ) : (
          <Button
            key={entry.label}
            component={RouterLink}
            to={entry.to!}
            color={entry.emphasis ? 'primary' : 'inherit'}
            variant={entry.emphasis ? 'outlined' : 'text'}
            sx={{ fontWeight: 600, whiteSpace: 'nowrap', textTransform: 'none', fontSize: 16 }}
          >
            {translateText(entry.label)}
          </Button>
        ),
      )}
    </Box>
  );
}
