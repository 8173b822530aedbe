import { AUTH_MESSAGES, LookupEmailDto, VALIDATION_MESSAGES } from '@medbook/contracts';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api-client';
import { errorMessageOf } from '../../../shared/error-message';
import { forgotPassword, resetPassword, verifyCode } from '../api/account-api';
import { fieldErrors, PASSWORD_RULE } from '../validation';
import { ACCOUNT_PATHS } from './account-paths';
import { useErrorAnnouncer } from '../../../shared/form-errors';
import { PasswordField } from './password-field';
import { PasswordRules } from './password-rules';
import { useTranslation } from '../../../shared/i18n';

const EMAIL_KEY = 'medbook.reset.email';
const TOKEN_KEY = 'medbook.reset.token';

function Card({
  title,
  children,
  onSubmit,
  formRef,
}: {
  title: string;
  children: ReactNode;
  onSubmit: (e: FormEvent) => void;
  formRef?: React.Ref<HTMLFormElement>;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <Paper
        component="form"
        ref={formRef}
        onSubmit={onSubmit}
        noValidate
        aria-label={title}
        sx={{ p: { xs: 2.5, sm: 4 }, width: 420, maxWidth: '100%' }}
        elevation={2}
      >
        <Typography variant="h5" component="h1" sx={{ mb: 3, fontWeight: 700 }}>
          {title}
        </Typography>
        <Stack spacing={2}>{children}</Stack>
      </Paper>
    </Box>
  );
}

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  // A password update refused with 400 comes back here with its error (spec 8).
  const [error, setError] = useState<string | null>(
    (location.state as { error?: string } | null)?.error ?? null,
  );
  const [submitted, setSubmitted] = useState(false);
  const { formRef, announce, region } = useErrorAnnouncer();
  const invalid = submitted
    ? fieldErrors(LookupEmailDto, { email: email.trim() }).email
    : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const found = fieldErrors(LookupEmailDto, { email: email.trim() }).email;
    announce(found ? [['Email', found]] : []);
    if (found) return;
    try {
      await forgotPassword(email);
      sessionStorage.setItem(EMAIL_KEY, email.trim());
      await navigate(ACCOUNT_PATHS.verifyCode);
    } catch (caught) {
      setError(errorMessageOf(caught, AUTH_MESSAGES.passwordUpdateFailed));
    }
  }
  return (
    <Card
      title={t('account.forgotPassword')}
      onSubmit={(event) => void submit(event)}
      formRef={formRef}
    >
      {region}
      {error && (
        <Alert severity="error" data-testid="forgot-error">
          {error}
        </Alert>
      )}
      <Typography color="text.secondary">{t('account.forgotIntro')}</Typography>
      <TextField
        label={t('account.email')}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={!!invalid}
        helperText={invalid}
        slotProps={{ htmlInput: { 'data-testid': 'forgot-email' } }}
      />
      <Button type="submit" variant="contained" data-testid="forgot-submit">
        {t('account.sendCode')}
      </Button>
    </Card>
  );
}

export function VerifyCodePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const email = sessionStorage.getItem(EMAIL_KEY) ?? '';
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const { reset_token } = await verifyCode(email, code);
      sessionStorage.setItem(TOKEN_KEY, reset_token);
      await navigate(ACCOUNT_PATHS.resetPassword);
    } catch (caught) {
      setError(errorMessageOf(caught, AUTH_MESSAGES.invalidOtp));
    }
  }
  return (
    <Card title={t('account.verifyCode')} onSubmit={(event) => void submit(event)}>
      {error && (
        <Alert severity="error" data-testid="verify-error">
          {error}
        </Alert>
      )}
      <Typography color="text.secondary">We sent a 6-digit code to {email}.</Typography>
      <TextField
        label={t('account.code')}
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'verify-code' } }}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={code.length !== 6}
        data-testid="verify-submit"
      >
        {t('account.verify')}
      </Button>
      <Button onClick={() => void forgotPassword(email)}>{t('account.resendCode')}</Button>
    </Card>
  );
}

/** {flow}/reset-password goes back to {flow}/forgot-password. */
export const forgotPasswordOf = (resetPath: string): string =>
  resetPath.replace(/reset-password\/?$/, 'forgot-password');

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const { formRef, announce, region } = useErrorAnnouncer();
  const validate = () => ({
    password: PASSWORD_RULE.test(password) ? undefined : VALIDATION_MESSAGES.passwordPattern,
    confirm: password === confirm ? undefined : t('account.passwordsMustMatch'),
  });
  const invalid = submitted ? validate() : { password: undefined, confirm: undefined };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const found = validate();
    announce([
      [t('account.newPassword'), found.password],
      [t('account.confirmPassword'), found.confirm],
    ]);
    if (found.password || found.confirm) return;
    setError(null);
    try {
      await resetPassword(sessionStorage.getItem(TOKEN_KEY) ?? '', password);
      sessionStorage.removeItem(TOKEN_KEY);
      setDone(true);
      setTimeout(() => void navigate(ACCOUNT_PATHS.login), 1500);
    } catch (caught) {
      const message =
        (caught instanceof ApiError && caught.message) || AUTH_MESSAGES.passwordUpdateFailed;
      if (caught instanceof ApiError && caught.status === 400) {
        // Spec 8: a password update's 400 goes back to forgot-password (of the same flow) with
        // the server's error, or 'Unable to update Password. Please try again.'.
        sessionStorage.removeItem(TOKEN_KEY);
        await navigate(forgotPasswordOf(location.pathname), { state: { error: message } });
        return;
      }
      setError(message);
    }
  }
  return (
    <Card
      title={t('account.resetPassword')}
      onSubmit={(event) => void submit(event)}
      formRef={formRef}
    >
      {region}
      {done && (
        <Alert severity="success" data-testid="reset-done">
          {AUTH_MESSAGES.passwordUpdated}
        </Alert>
      )}
      {error && (
        <Alert severity="error" data-testid="reset-error">
          {error}
        </Alert>
      )}
      <PasswordField
        label={t('account.newPassword')}
        id="reset-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={!!invalid.password}
        helperText={invalid.password}
        autoComplete="new-password"
        slotProps={{
          htmlInput: {
            'data-testid': 'reset-password',
            'aria-describedby': `reset-password-rules${invalid.password ? ' reset-password-helper-text' : ''}`,
          },
        }}
      />
      <PasswordRules id="reset-password-rules" password={password} />
      <PasswordField
        label={t('account.confirmPassword')}
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={!!invalid.confirm}
        helperText={invalid.confirm}
        autoComplete="new-password"
        slotProps={{ htmlInput: { 'data-testid': 'reset-confirm' } }}
      />
      <Button type="submit" variant="contained" data-testid="reset-submit">
        {t('account.updatePassword')}
      </Button>
    </Card>
  );
}
