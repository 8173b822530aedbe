import { Alert, Box, Button, Card, CardActionArea, Stack, Typography } from '@mui/material';
import { AUTH_MESSAGES, VALIDATION_MESSAGES } from '@medbook/contracts';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, Navigate, useLocation } from 'react-router';
import { api } from '../../../shared/api-client';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { currentUser, hashPassword, rememberRedirect } from '../../../shared/session';
import { settingsPath } from '../../../shared/role-paths';
import { settingsLinks } from '../settings-links';
import { PasswordField } from './password-field';
import { PASSWORD_CHECKS, PasswordRules } from './password-rules';
import { FamilyMembersSection, YourDetailsSection } from './patient-details-sections';
import { SettingsSection } from './settings-section';

/**
 * Settings (spec 6: providers, practice admins, patients and the financial super user): links to
 * where each setting lives, a patient's own details and family members, and the change of
 * password.
 */
export function SettingsPage() {
  const location = useLocation();
  const user = currentUser();
  const { t } = useTranslation();
  if (!user) {
    rememberRedirect(location.pathname);
    return <Navigate to="/login" replace />;
  }
  const own = settingsPath(user.type, user.id);
  if (!own) return <Navigate to="/" replace />;
  if (location.pathname !== own) return <Navigate to={own} replace />;
  const links = settingsLinks(user.type, user.id);
  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <Typography variant="h4" component="h1">
        {t('settings.title')}
      </Typography>
      {links.length > 0 && (
        <Box
          component="ul"
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            listStyle: 'none',
            p: 0,
            m: 0,
          }}
        >
          {links.map((link) => (
            <li key={link.to}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea component={RouterLink} to={link.to} sx={{ p: 2, height: '100%' }}>
                  <Typography component="h2" variant="h6">
                    {translateText(link.title)}
                  </Typography>
                  <Typography color="text.secondary">{translateText(link.explanation)}</Typography>
                </CardActionArea>
              </Card>
            </li>
          ))}
        </Box>
      )}
      {user.type === 'Patient' && (
        <>
          <YourDetailsSection patientId={user.id} />
          <FamilyMembersSection patientId={user.id} />
        </>
      )}
      <ChangePassword />
    </Stack>
  );
}

function ChangePassword() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [state, setState] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!current) return setState({ ok: false, message: VALIDATION_MESSAGES.required });
    if (!PASSWORD_CHECKS.every(({ test }) => test.test(next))) {
      return setState({ ok: false, message: VALIDATION_MESSAGES.passwordPattern });
    }
    if (current === next) {
      return setState({ ok: false, message: VALIDATION_MESSAGES.passwordsMustDiffer });
    }
    setBusy(true);
    try {
      await api<null>('PUT', '/auth/password', {
        old_password: hashPassword(current),
        password: hashPassword(next),
      });
      setCurrent('');
      setNext('');
      setState({ ok: true, message: AUTH_MESSAGES.passwordUpdated });
    } catch (cause) {
      setState({ ok: false, message: errorMessageOf(cause) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <SettingsSection titleId="change-password" title={t('settings.changePassword')}>
      <Stack component="form" spacing={2} noValidate onSubmit={(e) => void submit(e)}>
        <PasswordField
          label={t('settings.currentPassword')}
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <PasswordField
          label={t('settings.newPassword')}
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          slotProps={{ htmlInput: { 'aria-describedby': 'new-password-rules' } }}
        />
        <PasswordRules id="new-password-rules" password={next} />
        <Box role="status" aria-live="polite">
          {state && (
            <Alert severity={state.ok ? 'success' : 'error'}>{translateText(state.message)}</Alert>
          )}
        </Box>
        <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
          {t('settings.changePassword')}
        </Button>
      </Stack>
    </SettingsSection>
  );
}
