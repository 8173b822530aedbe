/**
 * Spec 2.1: the account pages live under `account` (login is `account` itself); the old
 * addresses login, signup, social-signup, forgot-password, verify-code and reset-password
 * redirect there, keeping their query.
 */
export const ACCOUNT_PATHS = {
  login: '/account',
  signup: '/account/signup',
  forgotPassword: '/account/forgot-password',
  verifyCode: '/account/verify-code',
  resetPassword: '/account/reset-password',
  socialSignup: '/account/social-signup',
  socialLogin: '/account/social-login',
} as const;

/** Each old address (no leading slash, as the router writes paths) and where it goes now. */
export const OLD_ACCOUNT_PATHS: readonly (readonly [string, string])[] = [
  ['login', ACCOUNT_PATHS.login],
  ['account/login', ACCOUNT_PATHS.login],
  ['signup', ACCOUNT_PATHS.signup],
  ['social-signup', ACCOUNT_PATHS.socialSignup],
  ['social-login', ACCOUNT_PATHS.socialLogin],
  ['forgot-password', ACCOUNT_PATHS.forgotPassword],
  ['verify-code', ACCOUNT_PATHS.verifyCode],
  ['reset-password', ACCOUNT_PATHS.resetPassword],
];
