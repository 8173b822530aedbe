import { VACCINE_PASSPORT_PATHS } from '@medbook/contracts';
import { Alert, Button, Container, Stack } from '@mui/material';
import { DASHBOARDS } from '@medbook/contracts';
import { useObservableState } from 'observable-hooks';
import { Link as RouterLink, useLocation } from 'react-router';
import { LoginPage } from '../../features/account/components/login-page';
import { FamilyPassportsPage } from '../../features/vaccination/components/family-passports-page';
import { NoRecordPage } from '../../features/vaccination/components/no-record-page';
import { VaccinePassportPage } from '../../features/vaccination/components/vaccine-passport-page';
import { passportVisitor } from '../../features/vaccination/passport-visitor';
import { useTranslation } from '../../shared/i18n';
import { currentUser, currentUser$ } from '../../shared/session';

const PAGES = {
  home: VaccinePassportPage,
  family: FamilyPassportsPage,
  noRecord: NoRecordPage,
} as const;

/**
 * The passport flow's pages behind its own login (spec 0: the variant when the URL contains
 * passport): 'Log in to get your Vaccination Passport' for a new visitor, 'Welcome Back,' for
 * one who got a passport on this device before; no 'Create New Account'. Signing in comes back
 * to /vaccine-passport, which goes on to the family page, the passport or no-record.
 */
export function VaccinePassportRoute({ page }: { page: keyof typeof PAGES }) {
  const user = useObservableState(currentUser$, currentUser());
  const { pathname } = useLocation();
  const { t } = useTranslation();
  if (!user) {
    const visitor = passportVisitor();
    return (
      <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
        <LoginPage
          key={pathname}
          variant={{
            heading: visitor
              ? `${t('vaccination.welcomeBack')} ${visitor}`
              : t('vaccination.loginHeading'),
            hideSignUp: true,
            after: VACCINE_PASSPORT_PATHS.home,
          }}
        />
      </Container>
    );
  }
  if (user.type !== 'Patient') {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Stack spacing={2}>
          <Alert severity="info">{t('vaccination.forPatients')}</Alert>
          <Button
            component={RouterLink}
            to={DASHBOARDS[user.type]}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('vaccination.goToDashboard')}
          </Button>
        </Stack>
      </Container>
    );
  }
  const Page = PAGES[page];
  return <Page />;
}
