import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AUTH_MESSAGES, nameProblem, normalizeName } from '@medbook/contracts';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { toast } from '../../../shared/toast';
import { exchangeSocialTicket, socialSignUp } from '../api/account-api';
import { completeSignIn, rememberRedirect } from '../after-sign-in';
import { useErrorAnnouncer } from '../../../shared/form-errors';
import { TermsConsent } from './terms-consent';

/** Where the social sign-in lands a known user: the ticket becomes a session. */
export function SocialLoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();
  useEffect(() => {
    const redirect = params.get('redirect');
    if (redirect) rememberRedirect(redirect);
    exchangeSocialTicket(params.get('ticket') ?? '').then(
      (result) => {
        toast.success(AUTH_MESSAGES.loggedIn);
        void navigate(completeSignIn(result), { replace: true });
      },
      (caught: unknown) => setError(errorMessageOf(caught, 'Error')),
    );
  }, [navigate, params]);
  return (
    <Box sx={{ textAlign: 'center', py: 8 }}>
      {error ? (
        <Alert severity="error">{translateText(error)}</Alert>
      ) : (
        <CircularProgress aria-label={t('settings.signingIn')} />
      )}
    </Box>
  );
}

/** social-signup (spec route): finish an account for an email the provider vouched for. */
export function SocialSignUpPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [firstName, setFirstName] = useState(params.get('firstName') ?? '');
  const [lastName, setLastName] = useState(params.get('lastName') ?? '');
  const [terms, setTerms] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const { formRef, announce, region } = useErrorAnnouncer();
  const { t } = useTranslation();
  // The one name rule of sign-up and the API (libs/contracts person-rules).
  const firstError = submitted ? (nameProblem(firstName) ?? undefined) : undefined;
  const lastError = submitted ? (nameProblem(lastName) ?? undefined) : undefined;
  // Consent to the terms, as the form's sign-up asks it (the API refuses an account without).
  const termsError = submitted && !terms ? AUTH_MESSAGES.termsRequired : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const problems = [
      [t('account.firstName'), nameProblem(firstName)],
      [t('account.lastName'), nameProblem(lastName)],
      [t('account.terms'), terms ? null : AUTH_MESSAGES.termsRequired],
    ].map(([label, problem]) => [label!, problem && translateText(problem)] as const);
    if (problems.some(([, problem]) => problem)) {
      announce(problems);
      return;
    }
    try {
      const result = await socialSignUp(
        params.get('ticket') ?? '',
        normalizeName(firstName),
        normalizeName(lastName),
      );
      await navigate(completeSignIn(result), { replace: true });
    } catch (caught) {
      setError(errorMessageOf(caught, 'User registration failed.'));
    }
  }
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <Paper
        component="form"
        ref={formRef}
        noValidate
        onSubmit={(event) => void submit(event)}
        sx={{ p: 4, width: 420, maxWidth: '100%' }}
        elevation={2}
      >
        <Typography variant="h5" component="h1" sx={{ mb: 1, fontWeight: 700 }}>
          {t('account.createAccount')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {params.get('email')} · {params.get('socialLoginProvider')}
        </Typography>
        {region}
        <Stack spacing={2}>
          {error && <Alert severity="error">{translateText(error)}</Alert>}
          <TextField
            label={t('account.firstName')}
            value={firstName}
            onChange={(e) => setFirstName(e.target.value)}
            error={!!firstError}
            helperText={firstError && translateText(firstError)}
          />
          <TextField
            label={t('account.lastName')}
            value={lastName}
            onChange={(e) => setLastName(e.target.value)}
            error={!!lastError}
            helperText={lastError && translateText(lastError)}
          />
          <TermsConsent
            id="social-signup"
            checked={terms}
            onChange={setTerms}
            error={termsError && translateText(termsError)}
          />
          <Button type="submit" variant="contained">
            {t('account.signUp')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
