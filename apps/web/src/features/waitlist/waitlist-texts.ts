import { i18n } from '../../shared/i18n';

/** Spec 2.10, word for word: what each waitlist dialog says. */
export interface WaitlistTexts {
  readonly title: string;
  readonly lines: readonly string[];
}

/** 201: on the list now. */
export function joinedTexts(eligible: boolean): WaitlistTexts {
  return {
    title: i18n.t('waitlist.joinedTitle'),
    lines: [eligible ? i18n.t('waitlist.joinedEligible') : i18n.t('waitlist.joinedNotEligible')],
  };
}

/** 409: already on this calendar's list. */
export function alreadyOnListTexts(eligible: boolean, practice: string): WaitlistTexts {
  return {
    title: i18n.t('waitlist.alreadyTitle'),
    lines: [
      eligible
        ? i18n.t('waitlist.alreadyEligible', { practice })
        : i18n.t('waitlist.alreadyNotEligible'),
    ],
  };
}

/** The header shown to a visitor before they sign in or sign up to join. */
export function authHeaderTexts(
  variant: 'login' | 'signup',
  eligible: boolean,
  practice: string,
): WaitlistTexts {
  return {
    title: i18n.t('waitlist.joinTitle'),
    lines: [
      ...(eligible ? [] : [i18n.t('waitlist.notEligible')]),
      variant === 'signup'
        ? i18n.t('waitlist.pleaseSignUp', { practice })
        : i18n.t('waitlist.pleaseLogin', { practice }),
    ],
  };
}

/** Spec 5 and 8: the 403 answer's toast. */
export const ONLY_PATIENT = 'Only patient can be added into waitlist';
