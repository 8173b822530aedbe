import { VALIDATION_MESSAGES } from '@medbook/contracts';
import { fold } from '../../../domain/decider';
import { DeciderSpecification } from '../../../domain/decider-specification';
import { ConflictError } from '../../../domain/domain-error';
import { type EmailClaimEvent, emailClaimDecider, emailStreamId } from './email-claim.decider';

const given = DeciderSpecification.for(emailClaimDecider);
const now = new Date('2026-11-23T09:30:00Z');
const ANN = '0b0e0000-0000-4000-8000-000000000001';
const claimed: EmailClaimEvent = {
  type: 'EmailClaimed',
  data: { user_id: ANN, claimed_at: now.toISOString() },
};

describe('claiming an email address', () => {
  it('claims a free address for the user', () => {
    given([]).when({ type: 'ClaimEmail', userId: ANN, now }).then([claimed]);
  });

  it('refuses an address already claimed, whoever asks', () => {
    given([claimed])
      .when({ type: 'ClaimEmail', userId: 'someone-else', now })
      .thenThrows(ConflictError, VALIDATION_MESSAGES.emailInUse);
  });

  it('belongs to the first claimant', () => {
    const later: EmailClaimEvent = {
      type: 'EmailClaimed',
      data: { ...claimed.data, user_id: 'x' },
    };
    expect(fold(emailClaimDecider, [claimed, later]).userId).toBe(ANN);
  });

  it('names one stream per address, whatever its case and spaces', () => {
    expect(emailStreamId(' Ann@Example.com ')).toBe(emailStreamId('ann@example.com'));
  });
});
