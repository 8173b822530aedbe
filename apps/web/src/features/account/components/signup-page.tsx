import { AUTH_MESSAGES, SignUpDto, VALIDATION_MESSAGES } from '@medbook/contracts';
import { Alert, Box, Button, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api-client';
import { toast } from '../../../shared/toast';
import { signUp } from '../api/account-api';
import { completeSignIn } from '../after-sign-in';
import { fieldErrors, PASSWORD_RULE } from '../validation';
import { ACCOUNT_PATHS } from './account-paths';
import { useErrorAnnouncer } from '../../../shared/form-errors';
import { PasswordField } from './password-field';
import { PasswordRules } from './password-rules';
import { TermsConsent } from './terms-consent';
import { translateText, useTranslation } from '../../../shared/i18n';

const HASH_PLACEHOLDER = '0'.repeat(64);
const PASSWORDS_MUST_MATCH = 'Passwords must match.';

/**
 * The fields in the spec's order for a person (name, address, email, then the credentials:
 * password, confirm password, mobile number); labels for the error summary.
 */
const LABELS = {
  first_name: 'First Name',
  last_name: 'Last Name',
  zip_code: 'Zip Code',
  email: 'Email',
  confirm_email: 'Confirm Email',
  password: 'Password',
  confirm_password: 'Confirm Password',
  mobile_number: 'Mobile Number',
  terms: 'Terms of Use',
} as const;

type Field = Exclude<keyof typeof LABELS, 'terms'>;
type Form = Record<Field, string>;

export function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>({
    first_name: '',
    last_name: '',
    zip_code: '',
    email: '',
    confirm_email: '',
    password: '',
    confirm_password: '',
    mobile_number: '',
  });
  const [terms, setTerms] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { formRef, announce, region } = useErrorAnnouncer();

  const values = {
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    email: form.email.trim(),
    ...(form.mobile_number ? { mobile_number: form.mobile_number } : {}),
    ...(form.zip_code ? { zip_code: form.zip_code } : {}),
  };
  const validate = (): Partial<Record<keyof typeof LABELS, string>> => {
    const errors: Partial<Record<keyof typeof LABELS, string>> = fieldErrors(SignUpDto, {
      ...values,
      password: HASH_PLACEHOLDER,
      terms_accepted: true,
    });
    if (form.confirm_email.trim() !== values.email)
      errors.confirm_email = VALIDATION_MESSAGES.emailsMustMatch;
    if (!form.password) errors.password = VALIDATION_MESSAGES.required;
    else if (!PASSWORD_RULE.test(form.password))
      errors.password = VALIDATION_MESSAGES.passwordPattern;
    if (form.confirm_password !== form.password) errors.confirm_password = PASSWORDS_MUST_MATCH;
    if (!terms) errors.terms = AUTH_MESSAGES.termsRequired;
    return errors;
  };
  const errors = submitted ? validate() : {};

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const found = validate();
    // In the form's order, so the summary and the focus start at the first field on screen.
    announce(
      (Object.keys(LABELS) as (keyof typeof LABELS)[]).map((n) => [
        translateText(LABELS[n]),
        found[n] && translateText(found[n]),
      ]),
    );
    if (Object.keys(found).length > 0) return;
    setError(null);
    try {
      const result = await signUp({ ...values, password: form.password, terms_accepted: true });
      toast.success(AUTH_MESSAGES.loggedIn);
      await navigate(completeSignIn(result), { replace: true });
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.status === 409
          ? caught.message
          : AUTH_MESSAGES.registrationFailed,
      );
    }
  }

  const field = (name: Field) => ({
    label: translateText(LABELS[name]),
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
    error: !!errors[name],
    helperText: errors[name] && translateText(errors[name]),
    slotProps: { htmlInput: { 'data-testid': `signup-${name}` } },
  });

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <Paper
        component="form"
        ref={formRef}
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-labelledby="signup-title"
        sx={{ p: { xs: 2.5, sm: 4 }, width: 480, maxWidth: '100%' }}
        elevation={2}
      >
        <Typography id="signup-title" variant="h5" component="h1" sx={{ mb: 1, fontWeight: 700 }}>
          {t('account.createAccount')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          {t('account.haveAccount')}{' '}
          <Link component={RouterLink} to={ACCOUNT_PATHS.login} data-testid="signup-login-link">
            {t('account.logIn')}
          </Link>
        </Typography>
        {region}
        <Stack spacing={2}>
          {error && (
            <Alert severity="error" data-testid="signup-error">
              {error}
            </Alert>
          )}
          <TextField {...field('first_name')} autoComplete="given-name" />
          <TextField {...field('last_name')} autoComplete="family-name" />
          <TextField {...field('zip_code')} autoComplete="postal-code" />
          <TextField {...field('email')} type="email" autoComplete="email" />
          <TextField {...field('confirm_email')} type="email" autoComplete="email" />
          <PasswordField
            {...field('password')}
            id="signup-password"
            autoComplete="new-password"
            slotProps={{
              htmlInput: {
                'data-testid': 'signup-password',
                // The rules below, and the error when there is one.
                'aria-describedby': `signup-password-rules${errors.password ? ' signup-password-helper-text' : ''}`,
              },
            }}
          />
          <PasswordRules id="signup-password-rules" password={form.password} />
          <PasswordField {...field('confirm_password')} autoComplete="new-password" />
          <TextField {...field('mobile_number')} type="tel" autoComplete="tel" />
          <TermsConsent id="signup" checked={terms} onChange={setTerms} error={errors.terms} />
          <Button type="submit" variant="contained" size="large" data-testid="signup-submit">
            {t('account.signUp')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
