import type { EventStore } from '@medbook/event-store';
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../../infra/clock';
import { metadataOf } from '../../infra/event-sourcing/metadata';
import { EVENT_STORE } from '../../infra/event-store/event-store.provider';
import type { RequestContext } from '../../infra/http/request-context';
import { newId } from '../../infra/event-sourcing/event-ids';

export type SecurityEventType =
  | 'SignedIn'
  | 'SignInFailed'
  | 'SignInThrottled'
  | 'SignedOut'
  | 'SessionRefreshed'
  | 'RefreshTokenReused'
  | 'PasswordResetRequested'
  | 'PasswordResetCodeFailed'
  | 'PasswordReset'
  | 'PasswordChanged'
  | 'MobileVerificationFailed'
  | 'UserRoleChanged'
  | 'UserDisabled'
  | 'UserEnabled';

/** Security events go to one stream a day: who (metadata), when (recorded at), from where (ip). */
export const securityStreamId = (at: Date): string => `security-${at.toISOString().slice(0, 10)}`;

@Injectable()
export class SecurityAudit {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async record(
    type: SecurityEventType,
    data: { user_id: string | null; [key: string]: unknown },
    context: RequestContext,
  ): Promise<void> {
    const at = this.clock.now();
    await this.store.appendToStream(securityStreamId(at), [
      {
        id: newId(),
        type,
        data: { ...data, at: at.toISOString(), ip: context.ip },
        metadata: metadataOf(context, null),
      },
    ]);
  }
}
