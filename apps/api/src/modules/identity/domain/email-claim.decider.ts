import { createHash } from 'node:crypto';
import { VALIDATION_MESSAGES } from '@medbook/contracts';
import type { Decider } from '../../../domain/decider';
import { ConflictError } from '../../../domain/domain-error';

/** One stream per email address: its first event claims the address for one user. */
export const emailStreamId = (email: string): string =>
  `user-email-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;

export type EmailClaimEvent = {
  type: 'EmailClaimed';
  data: { user_id: string; claimed_at: string };
};

export type ClaimEmail = { type: 'ClaimEmail'; userId: string; now: Date };

/** The user the address belongs to, once claimed. */
export interface EmailClaimState {
  readonly userId: string | null;
}

/** An address is claimed once: two sign-ups with one address cannot both win. */
export const emailClaimDecider: Decider<ClaimEmail, EmailClaimEvent, EmailClaimState> = {
  initialState: () => ({ userId: null }),
  decide: (command, state) => {
    if (state.userId) throw new ConflictError(VALIDATION_MESSAGES.emailInUse);
    return [
      {
        type: 'EmailClaimed',
        data: { user_id: command.userId, claimed_at: command.now.toISOString() },
      },
    ];
  },
  evolve: (state, event) => (state.userId ? state : { userId: event.data.user_id }),
};
