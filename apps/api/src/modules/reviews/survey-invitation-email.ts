import { REVIEW_MESSAGES, startSurveyPath } from '@medbook/contracts';
import { DateTime } from 'luxon';
import type { EmailMessage } from '../identity/messaging/message-sender';

export interface SurveyInvitationFacts {
  readonly to: string;
  readonly firstName: string | null;
  readonly practiceName: string | null;
  /** The provider or resource seen. */
  readonly seenName: string | null;
  readonly startDate: string;
  readonly timeZone: string;
  readonly appointmentId: string;
  /** The app's public address, without a trailing slash. */
  readonly publicUrl: string;
}

/**
 * The patient's notice of a visit's survey (spec 2.7's wording): it links to the survey welcome
 * page, which signs out whoever is signed in and opens the provider's survey from there.
 */
export function surveyInvitationEmail(facts: SurveyInvitationFacts): EmailMessage {
  const when = DateTime.fromISO(facts.startDate, {
    zone: facts.timeZone,
    locale: 'en-US',
  }).toFormat("EEEE, MMMM d 'at' h:mm a ZZZZ");
  const visit = facts.seenName
    ? `Your visit with ${facts.seenName} on ${when}`
    : `Your visit on ${when}`;
  const link = `${facts.publicUrl}${startSurveyPath(facts.appointmentId)}`;
  return {
    to: facts.to,
    subject: facts.practiceName
      ? `${facts.practiceName}: ${REVIEW_MESSAGES.takeSurvey}`
      : REVIEW_MESSAGES.takeSurvey,
    text: [
      facts.firstName ? `${REVIEW_MESSAGES.welcome} ${facts.firstName}` : null,
      `${REVIEW_MESSAGES.takeSurvey}.`,
      `${visit}.`,
      `${REVIEW_MESSAGES.startSurvey}: ${link}`,
    ]
      .filter((line): line is string => line !== null)
      .join('\n\n'),
  };
}
