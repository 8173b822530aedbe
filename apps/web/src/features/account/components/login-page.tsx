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
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router';
import { errorMessageOf } from '../../../shared/error-message';
import { currentUser } from '../../../shared/session';
import { logIn, socialProviders } from '../api/account-api';
import { completeSignIn } from '../after-sign-in';
import { fieldErrors } from '../validation';
import { PasswordField } from './password-field';

const THROTTLE_MS = 5000;
const SOCIAL_LABELS = {
  GOOGLE: 'Sign in with Google',
  APPLE: 'Sign in with Apple',
  FACEBOOK: 'Sign in with Facebook',
};

export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(params.get('error'));
  const [busy, setBusy] = useState(false);
  const [providers, setProviders] = useState<string[]>([]);
  const lastClick = useRef(0);

  useEffect(() => {
    socialProviders().then(setProviders, () => setProviders([]));
  }, []);

  // Signed in when the page opened: go home. Signing in here navigates on its own (to the stored
  // redirect), which a re-render must not override.
  const [user] = useState(currentUser);
  if (user) return <Navigate to={DASHBOARDS[user.type]} replace />;

  const errors = submitted ? fieldErrors(LoginDto, { username: email.trim(), password }) : {};

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    // Repeated clicks within 5 seconds are ignored (spec: login button throttle).
    if (Date.now() - lastClick.current < THROTTLE_MS) return;
    if (Object.keys(fieldErrors(LoginDto, { username: email.trim(), password })).length > 0) return;
    lastClick.current = Date.now();
    setBusy(true);
    setError(null);
    try {
      await navigate(completeSignIn(await logIn(email, password)), { replace: true });
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
        onSubmit={(event) => void submit(event)}
        noValidate
        sx={{ p: 4, width: 420 }}
        elevation={2}
      >
        <Typography variant="h5" component="h1" sx={{ mb: 3, fontWeight: 700 }}>
          Log In
        </Typography>
        <Stack spacing={2}>
          {error && (
            <Alert severity="error" data-testid="login-error">
              {error}
            </Alert>
          )}
          <TextField
            label="Email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={!!errors.username}
            helperText={errors.username}
            slotProps={{ htmlInput: { 'data-testid': 'login-email', maxLength: 320 } }}
            autoComplete="username"
          />
          <PasswordField
            label="Password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={!!errors.password}
            helperText={errors.password}
            slotProps={{ htmlInput: { 'data-testid': 'login-password' } }}
            autoComplete="current-password"
          />
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            Forgot Password
          </Link>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={busy}
            data-testid="login-submit"
          >
            Log In
          </Button>
          {providers.length > 0 && <Divider>or</Divider>}
          {providers.map((provider) => (
            <Button
              key={provider}
              variant="outlined"
              href={`/api/v1/auth/social/${provider.toLowerCase()}/start`}
            >
              {SOCIAL_LABELS[provider as keyof typeof SOCIAL_LABELS] ?? provider}
            </Button>
          ))}
          <Button component={RouterLink} to="/signup" variant="text">
            Create New Account
          </Button>
          <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
            <Link component={RouterLink} to="/privacy-policy">
              Privacy Policy
            </Link>{' '}
            ·{' '}
            <Link component={RouterLink} to="/terms-of-use">
              Terms of Use
            </Link>
          </Typography>
        </Stack>
      </Paper>
    </Box>
  );
}
