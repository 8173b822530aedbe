import { useObservableState } from 'observable-hooks';
import LocalHospital from '@mui/icons-material/LocalHospital';
import { AppBar, Box, Link, Toolbar, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { PracticeHeaderTools } from '../features/practice-workspace/components/practice-header-tools';
import { ResultsMapButton } from '../features/search/components/results-map';
import { currentUser$ } from '../shared/session';
import { AccountMenu } from './account-menu';
import { LanguageMenu } from './language-menu';
import { useTranslation } from '../shared/i18n';
import { logoInert } from './login-visibility';
import { SiteMenu } from './site-menu';

/** Spec 2.11: the search bar is 900 px wide, 700 below 1600, 600 below 1460, hidden below 993. */
const searchWidth = {
  width: 900,
  '@media (max-width: 1599.98px)': { width: 700 },
  '@media (max-width: 1459.98px)': { width: 600 },
  '@media (max-width: 992.98px)': { display: 'none' },
} as const;

/** The Medbook mark: the cross and the name. */
export function BrandMark() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
      <LocalHospital sx={{ color: 'primary.main', fontSize: 30 }} />
      <Typography
        component="span"
        sx={{ fontWeight: 800, fontSize: 22, letterSpacing: -0.3, color: 'text.primary' }}
      >
        Med
        <Box component="span" sx={{ color: 'primary.main' }}>
          book
        </Box>
      </Typography>
    </Box>
  );
}

function Logo() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const mark = <BrandMark />;
  if (logoInert(pathname)) return <Box aria-label="Medbook">{mark}</Box>;
  return (
    <Link component={RouterLink} to="/" underline="none" aria-label={t('shell.home')}>
      {mark}
    </Link>
  );
}

/**
 * Logo, the provider search bar where searching makes sense, the Map button on the search
 * results, About, and the account menu.
 */
export function Header({ search }: { search: ReactNode }) {
  const user = useObservableState(currentUser$) ?? null;
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <AppBar
      position="sticky"
      elevation={0}
      color="inherit"
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Toolbar sx={{ gap: { xs: 1, sm: 2 }, minHeight: { xs: 60, md: 68 } }}>
        <Logo />
        <Box sx={{ flex: 1, display: 'flex', justifyContent: 'center', minWidth: 0 }}>
          {search && <Box sx={{ ...searchWidth, maxWidth: '100%' }}>{search}</Box>}
        </Box>
        {pathname.startsWith('/provider-search') && <ResultsMapButton />}
        <Link
          component={RouterLink}
          to="/#about"
          underline="hover"
          color="text.primary"
          sx={{ fontWeight: 500, display: { xs: 'none', sm: 'block' } }}
        >
          {t('shell.about')}
        </Link>
        <LanguageMenu />
        <PracticeHeaderTools user={user} />
        <SiteMenu user={user} />
        <AccountMenu />
      </Toolbar>
    </AppBar>
  );
}
