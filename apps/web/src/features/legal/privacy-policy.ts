import type { LegalDocument } from './legal-document';

/** Spec 2.8: privacy, data rights (deletion, access, categories), no sale of data, age 16. */
export const PRIVACY_POLICY: LegalDocument = {
  title: 'Privacy Policy',
  path: '/privacy-policy',
  updated: 'November 1, 2026',
  sections: [
    {
      heading: 'Your privacy',
      paragraphs: [
        'Medbook handles personal and health information on behalf of the practices you book with. We use it to run the service you asked for: finding providers, booking and managing visits, check-in, payments and messages from your care team.',
      ],
    },
    {
      heading: 'Categories of information we collect',
      paragraphs: [
        'Identity and contact details (name, date of birth, email, phone, address); account details (sign-in name, security settings, consents); appointment details (provider, facility, time, visit reason); insurance and payment details; and technical details (device, browser, time zone and approximate location when you allow it, used to suggest nearby providers).',
      ],
    },
    {
      heading: 'How we share information',
      paragraphs: [
        'We share information with the providers and practices you book with, and with service providers who host, secure and deliver the service under contracts that bind them to protect it. We disclose information when the law requires it.',
        'We do not sell your personal information, and we do not share it for cross-context behavioral advertising.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'You may ask to access the personal information we hold about you, to learn the categories we collect and why, to correct it, and to delete it. Some health records must be kept by your provider for a period the law sets; we will tell you when that applies.',
        'To make a request, write to us from the email address on your account. We answer within 45 days and will not treat you differently for exercising your rights.',
      ],
    },
    {
      heading: 'Security',
      paragraphs: [
        'Information is encrypted in transit, passwords are stored only as salted hashes, and every change to your appointments is recorded in an audit trail. Access inside practices is limited by role.',
      ],
    },
    {
      heading: 'Children',
      paragraphs: [
        'Medbook is not directed to children. You must be at least 16 to create an account; we do not knowingly collect information from younger users except through a parent or guardian.',
      ],
    },
  ],
};
