import type { LegalDocument } from './legal-document';

/**
 * Spec 2.8: access and use, emergencies, SMS consent, termination, New York law, age 16. The text
 * is in the legal bundle (shared/i18n/locales/legal.ts), in English and Spanish.
 */
export const TERMS_OF_USE: LegalDocument = {
  key: 'terms',
  path: '/terms-of-use',
  updated: '2026-11-01',
};
