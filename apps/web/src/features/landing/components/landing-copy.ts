import type { LandingSection } from '@medbook/contracts';

/**
 * The landing page's copy. The spec gives the hero line, the buttons, the section names, the
 * product pitch and the figures of the marketing claims (200+ review sites, 75 directories,
 * 20 million consumers, 80%, 85%); the sentences around them are ours.
 */
export const HERO = 'Increase engagement. Reduce costs. Advance growth.';
export const PITCH = [
  'appointment booking',
  'automation',
  'telemedicine',
  'reviews',
  'messaging',
  'feedback',
  'payments',
  'continued care',
] as const;

export interface SectionCopy {
  readonly heading: string;
  readonly text: string;
  readonly claims?: readonly { readonly figure: string; readonly caption: string }[];
}

export const SECTION_COPY: Record<Exclude<LandingSection['id'], 1 | 10>, SectionCopy> = {
  2: {
    heading: 'Be the practice patients find and trust',
    text: 'Ask every patient for a review after the visit, answer reviews in one place and keep your listings right everywhere patients look.',
    claims: [
      { figure: '200+', caption: 'review sites' },
      { figure: '75', caption: 'directories' },
      { figure: '20 million', caption: 'consumers' },
    ],
  },
  3: {
    heading: 'Talk with patients the way they prefer',
    text: 'Two-way texting and chat with your patients, with reminders and confirmations that go out on their own.',
  },
  4: {
    heading: 'Let patients book around the clock',
    text: 'Your real availability on your website and in search, with visit reasons, insurance and waitlists built in.',
    claims: [{ figure: '80%', caption: 'of bookings can happen online, with no phone call' }],
  },
  5: {
    heading: 'Check-in before the patient arrives',
    text: 'Consents, insurance cards, intake forms and copays done on the patient’s phone, so the front desk sees who is ready.',
    claims: [{ figure: '85%', caption: 'of the check-in done before the visit' }],
  },
  6: {
    heading: 'See patients wherever they are',
    text: 'Video visits from the browser, with a virtual waiting room and no app to install.',
  },
  7: {
    heading: 'Hear from every patient',
    text: 'Short surveys after each visit tell you what works and what to fix.',
  },
  8: {
    heading: 'Get paid sooner',
    text: 'Copays, visit fees and balances paid online or with a card on file.',
  },
  9: {
    heading: 'Keep patients in care',
    text: 'Reach patients who are due for a visit and close care gaps before they widen.',
  },
};

export const CONTACT = {
  email: 'demo@medbook.example',
  address: '350 Fifth Avenue, Suite 4100, New York, NY 10118',
} as const;
