import { AUTH_MESSAGES, DASHBOARDS, LoginDto } from '@medbook/contracts';
import {
  Alert,
  Box,
  Button,
  Divider,
  Link,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router';
import { errorMessageOf } from '../../../shared/error-message';
import { currentUser } from '../../../shared/session';
import { toast } from '../../../shared/toast';
import { logIn, socialProviders } from '../api/account-api';
import { completeSignIn } from '../after-sign-in';
import { fieldErrors } from '../validation';
import { ACCOUNT_PATHS } from './account-paths';
import { useErrorAnnouncer } from '../../../shared/form-errors';
import { PasswordField } from './password-field';
import { useTranslation } from '../../../shared/i18n';

const THROTTLE_MS = 5000;
const SOCIAL_LABELS = {
  GOOGLE: 'account.google',
  APPLE: 'account.apple',
  FACEBOOK: 'account.facebook',
} as const;

/**
 * A flow's own login (spec: the vaccination-passport variant when the URL contains passport):
 * its heading, whether 'Create New Account' shows, and where signing in goes instead of home.
 */
export interface LoginVariant {
  readonly heading: ReactNode;
  readonly hideSignUp?: boolean;
  /** Where to go once signed in; the flow's page decides what comes next. */
  readonly after: string;
}

export function LoginPage({ variant }: { variant?: LoginVariant } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(params.get('error'));
  const [busy, setBusy] = useState(false);
  const [providers, setProviders] = useState<string[]>([]);
  const lastClick = useRef(0);
  const { formRef, announce, region } = useErrorAnnouncer();

  useEffect(() => {
    socialProviders().then(setProviders, () => setProviders([]));
  }, []);

  // Signed in when the page opened: go home. Signing in here navigates on its own (to the stored
  // redirect), which a re-render must not override.
  const [user] = useState(currentUser);
  if (user) return <Navigate to={variant?.after ?? DASHBOARDS[user.type]} replace />;

  const errors = submitted ? fieldErrors(LoginDto, { username: email.trim(), password }) : {};

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    // Repeated clicks within 5 seconds are ignored (spec: login button throttle).
    if (Date.now() - lastClick.current < THROTTLE_MS) return;
    const found = fieldErrors(LoginDto, { username: email.trim(), password });
    announce([
      ['Email', found.username],
      ['Password', found.password],
    ]);
    if (Object.keys(found).length > 0) return;
    lastClick.current = Date.now();
    setBusy(true);
    setError(null);
    try {
      const result = await logIn(email, password);
      toast.success(AUTH_MESSAGES.loggedIn);
      const home = completeSignIn(result);
      await navigate(variant?.after ?? home, { replace: true });
    } catch (caught) {
      setError(errorMessageOf(caught, AUTH_MESSAGES.invalidLogin));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <Paper
        component="form"
        ref={formRef}
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-labelledby="login-title"
        sx={{ p: { xs: 2.5, sm: 4 }, width: 420, maxWidth: '100%' }}
        elevation={2}
      >
        <Typography id="login-title" variant="h5" component="h1" sx={{ mb: 3, fontWeight: 700 }}>
          {variant?.heading ?? t('account.logIn')}
        </Typography>
        {region}
        <Stack spacing={2}>
          {error && (
            <Alert severity="error" data-testid="login-error">
              {error}
            </Alert>
          )}
          <TextField
            label={t('account.email')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={!!errors.username}
            helperText={errors.username}
            slotProps={{ htmlInput: { 'data-testid': 'login-email', maxLength: 320 } }}
            autoComplete="username"
          />
          <PasswordField
            label={t('account.password')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={!!errors.password}
            helperText={errors.password}
            slotProps={{ htmlInput: { 'data-testid': 'login-password' } }}
            autoComplete="current-password"
          />
          <Link component={RouterLink} to={ACCOUNT_PATHS.forgotPassword} variant="body2">
            {t('account.forgotPassword')}
          </Link>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={busy}
            data-testid="login-submit"
          >
            {t('account.logIn')}
          </Button>
          {providers.length > 0 && <Divider>{t('account.or')}</Divider>}
          {providers.map((provider) => (
            <Button
              key={provider}
              variant="outlined"
              href={`/api/v1/auth/social/${provider.toLowerCase()}/start`}
            >
              {provider in SOCIAL_LABELS
                ? t(SOCIAL_LABELS[provider as keyof typeof SOCIAL_LABELS])
                : provider}
            </Button>
          ))}
          {!variant?.hideSignUp && (
            <Button
              component={RouterLink}
              to={ACCOUNT_PATHS.signup}
              variant="text"
              data-testid="login-signup-link"
            >
              {t('account.createAccount')}
            </Button>
          )}
          <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
            <Link component={RouterLink} to="/privacy-policy">
              {t('account.privacy')}
            </Link>{' '}
            ·{' '}
            <Link component={RouterLink} to="/terms-of-use">
              {t('account.terms')}
            </Link>
          </Typography>
        </Stack>
      </Paper>
    </Box>
  );
}
