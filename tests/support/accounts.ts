import { createHash, randomUUID } from 'node:crypto';
import type { LoginResult, UserType } from '@medbook/contracts';
import { AccountService } from '../../apps/api/src/modules/identity/account.service';
import { type ApiResponse, apiClient, bearer } from './api-client';
import type { TestApp } from './test-app';

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

export interface TestUser {
  readonly userId: string;
  readonly email: string;
  /** What the client sends: the SHA-256 of the password. */
  readonly password: string;
  readonly type: UserType;
  readonly practiceId: string | null;
  readonly login: LoginResult;
  readonly token: string;
  /** Authorization header for this user. */
  readonly auth: { authorization: string };
}

const CONTEXT = {
  actorId: 'test',
  actorRole: 'System',
  onBehalfOf: null,
  ip: null,
  userAgent: 'jest',
  correlationId: 'test',
};

/** Creates an account of any type straight through the service, then signs in over HTTP. */
export async function createUser(
  app: TestApp,
  type: UserType,
  practiceId: string | null = null,
  names: { first?: string; last?: string } = {},
): Promise<TestUser> {
  const email = `${type.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  const password = sha256(`Secret-${email}`);
  const userId = await app.app
    .get(AccountService)
    .createAccount(
      { email, password, first_name: names.first ?? 'Test', last_name: names.last ?? type },
      CONTEXT,
      { type, practiceId, socialProvider: null },
    );
  const login = await signIn(app, email, password);
  return {
    userId,
    email,
    password,
    type,
    practiceId,
    login,
    token: login.access_token,
    auth: bearer(login.access_token),
  };
}

/**
 * A registered patient who never signs in (no password, so no hashing): the patient a practice
 * user books for. Answers the patient's user id.
 */
export async function registerPatient(app: TestApp): Promise<string> {
  const email = `patient-${randomUUID().slice(0, 8)}@example.com`;
  return app.app
    .get(AccountService)
    .createAccount({ email, first_name: 'Walk', last_name: 'Patient' }, CONTEXT, {
      type: 'Patient',
      practiceId: null,
      socialProvider: null,
    });
}

export async function signIn(app: TestApp, email: string, password: string): Promise<LoginResult> {
  const response = await app.api.post('/api/v1/auth/login', { username: email, password });
  if (response.status !== 200) {
    throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response.body.data as LoginResult;
}

export type JsonResponse = ApiResponse;

/**
 * The positional form, kept for the browser suites; API specs say `app.api.as(user).put(path, body)`.
 */
export const call = (
  app: TestApp,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<JsonResponse> => apiClient(app.url, headers).request(method, path, body);

export const post = (app: TestApp, path: string, body: unknown, headers?: Record<string, string>) =>
  call(app, 'POST', path, body, headers);
export const get = (app: TestApp, path: string, headers?: Record<string, string>) =>
  call(app, 'GET', path, undefined, headers);

/** A visitor's access token, as the web app gets one before anyone signs in. */
export async function signInAsGuest(app: TestApp): Promise<string> {
  const response = await app.api.post('/api/v1/auth/guest', {});
  return (response.body.data as { access_token: string }).access_token;
}
