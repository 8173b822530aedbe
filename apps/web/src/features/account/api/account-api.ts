import type { LoginResult, SignUpDto, SocialProvider } from '@medbook/contracts';
import { api } from '../../../shared/api-client';
import { hashPassword } from '../../../shared/session';

export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const logIn = (email: string, password: string) =>
  api<LoginResult>('POST', '/auth/login', {
    username: email.trim(),
    password: hashPassword(password),
    time_zone: browserTimeZone(),
  });

export const signUp = (form: Omit<SignUpDto, 'password'> & { password: string }) =>
  api<LoginResult>('POST', '/auth/signup', {
    ...form,
    password: hashPassword(form.password),
    time_zone: browserTimeZone(),
  });

export const logOut = () => api<null>('POST', '/auth/logout');

export const forgotPassword = (email: string) =>
  api<null>('POST', '/auth/forgot-password', { email: email.trim() });

export const verifyCode = (email: string, code: string) =>
  api<{ reset_token: string }>('POST', '/auth/verify-code', { email: email.trim(), code });

export const resetPassword = (resetToken: string, password: string) =>
  api<null>('PUT', '/auth/reset-password', {
    reset_token: resetToken,
    password: hashPassword(password),
  });

export const socialProviders = () => api<SocialProvider[]>('GET', '/auth/social/providers');

export const exchangeSocialTicket = (ticket: string) =>
  api<LoginResult>('POST', '/auth/social/exchange', { ticket });

export const socialSignUp = (ticket: string, firstName: string, lastName: string) =>
  api<LoginResult>('POST', '/auth/social/signup', {
    social_ticket: ticket,
    first_name: firstName,
    last_name: lastName,
    terms_accepted: true,
  });
