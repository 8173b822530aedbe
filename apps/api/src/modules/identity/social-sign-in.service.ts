import {
  AUTH_MESSAGES,
  type LoginResult,
  type SocialProvider,
  type SocialSignUpDto,
} from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import * as oidc from 'openid-client';
import type { Logger } from 'pino';
import {
  APP_CONFIG,
  type AppConfig,
  type SocialProviderConfig,
} from '../../infra/config/app-config';
import { DomainError, NotFoundError } from '../../domain/domain-error';
import type { RequestContext } from '../../infra/http/request-context';
import { LOGGER } from '../../infra/logging/logger';
import { AccountService } from './account.service';
import { TicketsRepository } from './auth/tickets.repository';
import { UserAccounts } from './user-accounts';
import { UsersRepository } from './users.repository';

export const SOCIAL_SIGN_IN_FAILED = 'Social sign-in failed. Please try again.';
export const SOCIAL_PROVIDER_UNKNOWN = 'This sign-in provider is not configured.';

/** What a provider told us about the person, kept in a social-signup ticket. */
interface SocialIdentity {
  readonly provider: SocialProvider;
  readonly subject: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
}

/**
 * Google, Apple and Facebook sign-in through OpenID Connect (authorization code with PKCE, state
 * and nonce). A known social id signs in; a verified email of an existing user links to it; an
 * unknown email goes to social-signup with a one-time ticket for the identity the provider gave.
 */
@Injectable()
export class SocialSignInService {
  private readonly configurations = new Map<string, Promise<oidc.Configuration>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly tickets: TicketsRepository,
    private readonly users: UsersRepository,
    private readonly accounts: UserAccounts,
    private readonly account: AccountService,
  ) {}

  providers(): SocialProvider[] {
    return this.config.socialProviders.map((p) => p.name);
  }

  /** The provider's authorization URL; the browser is sent there. */
  async start(providerName: string, redirect: string | null): Promise<string> {
    const provider = this.provider(providerName);
    const configuration = await this.configuration(provider);
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    await this.tickets.savePendingAuthorization({
      state,
      provider: provider.name,
      nonce,
      codeVerifier,
      redirect,
    });
    return oidc
      .buildAuthorizationUrl(configuration, {
        redirect_uri: this.callbackUrl(provider),
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      })
      .toString();
  }

  /** Finishes the code flow; answers where the browser goes next (a web route with a ticket). */
  async callback(providerName: string, currentUrl: URL): Promise<string> {
    const provider = this.provider(providerName);
    const state = currentUrl.searchParams.get('state');
    const pending = state ? await this.tickets.takePendingAuthorization(state) : null;
    if (!pending || pending.provider !== provider.name) return failed();
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(
        await this.configuration(provider),
        new URL(`${this.callbackUrl(provider)}${currentUrl.search}`),
        {
          pkceCodeVerifier: pending.code_verifier,
          expectedNonce: pending.nonce,
          expectedState: pending.state,
        },
      );
      claims = tokens.claims();
    } catch (error) {
      this.logger.warn({ err: error, provider: provider.name }, 'social sign-in refused');
      return failed();
    }
    if (!claims?.sub) return failed();
    const email = typeof claims.email === 'string' ? claims.email : null;
    const identity: SocialIdentity = {
      provider: provider.name,
      subject: claims.sub,
      email: email ?? '',
      firstName: typeof claims.given_name === 'string' ? claims.given_name : '',
      lastName: typeof claims.family_name === 'string' ? claims.family_name : '',
    };
    let userId = await this.users.socialUser(provider.name, claims.sub);
    if (!userId && email && claims.email_verified === true) {
      userId = await this.accounts.userIdByEmail(email);
      if (userId) await this.users.linkSocial(provider.name, claims.sub, userId);
    }
    if (userId) {
      // The session opens when the browser exchanges the ticket: no token waits in a table.
      const ticket = await this.tickets.issue('session', { user_id: userId });
      return `/social-login?ticket=${ticket}${pending.redirect ? `&redirect=${encodeURIComponent(pending.redirect)}` : ''}`;
    }
    if (!email) return failed();
    const ticket = await this.tickets.issue('social_signup', identity);
    const query = new URLSearchParams({
      email,
      id: claims.sub,
      firstName: identity.firstName,
      lastName: identity.lastName,
      socialLoginProvider: provider.name,
      ticket,
    });
    return `/social-signup?${query.toString()}`;
  }

  async exchange(ticket: string, context: RequestContext): Promise<LoginResult> {
    const signedIn = await this.tickets.spend<{ user_id: string }>('session', ticket);
    if (!signedIn) throw new DomainError('unauthenticated', AUTH_MESSAGES.sessionEnded);
    return this.account.openSession(signedIn.user_id, null, context);
  }

  /** social-signup: a patient account without a password, linked to the social identity. */
  async signUp(dto: SocialSignUpDto, context: RequestContext): Promise<LoginResult> {
    const identity = await this.tickets.spend<SocialIdentity>('social_signup', dto.social_ticket);
    if (!identity) throw new DomainError('invalid', SOCIAL_SIGN_IN_FAILED);
    const userId = await this.account.createAccount(
      { ...dto, email: identity.email, password: null },
      context,
      { type: 'Patient', practiceId: null, socialProvider: identity.provider },
    );
    await this.users.linkSocial(identity.provider, identity.subject, userId);
    return this.account.openSession(userId, null, context);
  }

  private provider(name: string): SocialProviderConfig {
    const provider = this.config.socialProviders.find((p) => p.name === name.toUpperCase());
    if (!provider) throw new NotFoundError(SOCIAL_PROVIDER_UNKNOWN);
    return provider;
  }

  private callbackUrl(provider: SocialProviderConfig): string {
    return `${this.config.publicUrl}/api/v1/auth/social/${provider.name.toLowerCase()}/callback`;
  }

  private configuration(provider: SocialProviderConfig): Promise<oidc.Configuration> {
    let configuration = this.configurations.get(provider.name);
    if (!configuration) {
      const issuer = new URL(provider.issuer);
      configuration = oidc
        .discovery(
          issuer,
          provider.clientId,
          provider.clientSecret,
          undefined,
          // Only a local test provider runs on plain http.
          issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
        )
        .catch((error: unknown) => {
          this.configurations.delete(provider.name);
          throw error;
        });
      this.configurations.set(provider.name, configuration);
    }
    return configuration;
  }
}

function failed(): string {
  return `/login?error=${encodeURIComponent(SOCIAL_SIGN_IN_FAILED)}`;
}
