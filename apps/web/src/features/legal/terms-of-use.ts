import type { LegalDocument } from './legal-document';

/** Spec 2.8: access and use, emergencies, SMS consent, termination, New York law, age 16. */
export const TERMS_OF_USE: LegalDocument = {
  title: 'Terms of Use',
  path: '/terms-of-use',
  updated: 'November 1, 2026',
  sections: [
    {
      heading: 'Access and use',
      paragraphs: [
        'Medbook lets you find healthcare providers, see their availability and book office, video or walk-in visits with them. By using Medbook you agree to these terms. If you do not agree, please do not use the service.',
        'You may use Medbook only for your own care or the care of family members you are authorized to act for. You are responsible for the accuracy of the information you give and for keeping your password confidential.',
        'You must be at least 16 years old to create an account. Care for younger patients is booked by a parent or guardian through their own account.',
      ],
    },
    {
      heading: 'Not for emergencies',
      paragraphs: [
        'Medbook is not an emergency service. If you think you have a medical emergency, call 911 or go to the nearest emergency room immediately. Do not wait for a booked appointment or a message reply.',
        'Medbook does not give medical advice. Diagnosis and treatment come from the providers you see, who are solely responsible for the care they give.',
      ],
    },
    {
      heading: 'SMS communications',
      paragraphs: [
        'When you give your mobile number and consent, we and your providers send text messages about your appointments: confirmations, reminders, check-in links and one-time verification codes. Message frequency varies; message and data rates may apply.',
        'Reply STOP to any message to unsubscribe; you will receive one final message confirming it. Reply HELP for support. Consent to texts is not a condition of booking.',
      ],
    },
    {
      heading: 'Appointments and cancellations',
      paragraphs: [
        'A slot is held for you while you finish booking and is confirmed when the booking completes. Providers may accept, reschedule or decline requests under their own policies, including cancellation fees they disclose before you book.',
      ],
    },
    {
      heading: 'Termination',
      paragraphs: [
        'You may close your account at any time. We may suspend or end access for anyone who misuses the service, breaks these terms or puts other users at risk. Records your providers must keep by law are kept for the period the law requires.',
      ],
    },
    {
      heading: 'Governing law',
      paragraphs: [
        'These terms are governed by the laws of the State of New York, without regard to its conflict of laws rules. Disputes are heard in the state and federal courts located in New York County, New York.',
      ],
    },
  ],
};
