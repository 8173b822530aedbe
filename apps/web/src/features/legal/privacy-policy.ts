import type { LegalDocument } from './legal-document';

/**
 * Spec 2.8: privacy, data rights (deletion, access, categories), no sale of data, age 16. The
 * text is in the legal bundle (shared/i18n/locales/legal.ts), in English and Spanish.
 */
export const PRIVACY_POLICY: LegalDocument = {
  key: 'privacy',
  path: '/privacy-policy',
  updated: '2026-11-01',
};
