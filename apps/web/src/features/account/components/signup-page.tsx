import { SignUpDto, VALIDATION_MESSAGES } from '@medbook/contracts';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api-client';
import { signUp } from '../api/account-api';
import { completeSignIn } from '../after-sign-in';
import { fieldErrors, PASSWORD_RULE } from '../validation';
import { PasswordField } from './password-field';

const HASH_PLACEHOLDER = '0'.repeat(64);
const FIELDS = [
  ['first_name', 'First Name'],
  ['last_name', 'Last Name'],
  ['email', 'Email'],
  ['mobile_number', 'Mobile Number'],
  ['zip_code', 'Zip Code'],
] as const;

type Form = Record<(typeof FIELDS)[number][0] | 'confirm_email' | 'password', string>;

export function SignUpPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>({
    first_name: '',
    last_name: '',
    email: '',
    confirm_email: '',
    mobile_number: '',
    zip_code: '',
    password: '',
  });
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const values = {
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    email: form.email.trim(),
    ...(form.mobile_number ? { mobile_number: form.mobile_number } : {}),
    ...(form.zip_code ? { zip_code: form.zip_code } : {}),
  };
  const validate = (): Record<string, string> => {
    const errors: Record<string, string> = fieldErrors(SignUpDto, {
      ...values,
      password: HASH_PLACEHOLDER,
    });
    if (form.confirm_email.trim() !== values.email)
      errors.confirm_email = VALIDATION_MESSAGES.emailsMustMatch;
    if (!form.password) errors.password = VALIDATION_MESSAGES.required;
    else if (!PASSWORD_RULE.test(form.password))
      errors.password = VALIDATION_MESSAGES.passwordPattern;
    return errors;
  };
  const errors = submitted ? validate() : {};

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validate()).length > 0) return;
    setError(null);
    try {
      await navigate(completeSignIn(await signUp({ ...values, password: form.password })), {
        replace: true,
      });
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.status === 409
          ? caught.message
          : 'User registration failed.',
      );
    }
  }

  const field = (name: keyof Form) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
    error: !!errors[name],
    helperText: errors[name],
    slotProps: { htmlInput: { 'data-testid': `signup-${name}` } },
  });

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <Paper
        component="form"
        onSubmit={(event) => void submit(event)}
        noValidate
        sx={{ p: 4, width: 480 }}
        elevation={2}
      >
        <Typography variant="h5" component="h1" sx={{ mb: 3, fontWeight: 700 }}>
          Create New Account
        </Typography>
        <Stack spacing={2}>
          {error && (
            <Alert severity="error" data-testid="signup-error">
              {error}
            </Alert>
          )}
          {FIELDS.map(([name, label]) => (
            <TextField key={name} label={label} {...field(name)} />
          ))}
          <TextField label="Confirm Email" {...field('confirm_email')} />
          <PasswordField label="Password" {...field('password')} autoComplete="new-password" />
          <Button type="submit" variant="contained" size="large" data-testid="signup-submit">
            Sign Up
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
