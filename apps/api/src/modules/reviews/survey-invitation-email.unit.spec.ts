import { REVIEW_MESSAGES } from '@medbook/contracts';
import { surveyInvitationEmail } from './survey-invitation-email';

describe("the patient's survey email", () => {
  it("says the spec's words and links to the visit's survey welcome page", () => {
    const mail = surveyInvitationEmail({
      to: 'sue@example.com',
      firstName: 'Sue',
      practiceName: 'Lakeside Family Practice',
      seenName: 'Rosa Lindqvist',
      startDate: '2026-11-27T14:00:00.000Z',
      timeZone: 'America/New_York',
      appointmentId: 'a1',
      publicUrl: 'https://medbook.example.com',
    });
    expect(mail).toEqual({
      to: 'sue@example.com',
      subject: `Lakeside Family Practice: ${REVIEW_MESSAGES.takeSurvey}`,
      text: [
        'Welcome, Sue',
        'Please take a quick survey from your care provider.',
        'Your visit with Rosa Lindqvist on Friday, November 27 at 9:00 AM EST.',
        'Start Survey: https://medbook.example.com/appointments/a1/start-survey',
      ].join('\n\n'),
    });
  });

  it('does without the names it does not know', () => {
    const mail = surveyInvitationEmail({
      to: 'guardian@example.com',
      firstName: null,
      practiceName: null,
      seenName: null,
      startDate: '2026-11-27T14:00:00.000Z',
      timeZone: 'America/Chicago',
      appointmentId: 'a2',
      publicUrl: 'http://localhost:3000',
    });
    expect(mail.subject).toBe(REVIEW_MESSAGES.takeSurvey);
    expect(mail.text.split('\n\n')[0]).toBe('Please take a quick survey from your care provider.');
    expect(mail.text).toContain('Your visit on Friday, November 27 at 8:00 AM CST.');
  });
});
