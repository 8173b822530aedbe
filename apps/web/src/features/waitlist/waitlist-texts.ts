/** Spec 2.10, word for word: what each waitlist dialog says. */
export interface WaitlistTexts {
  readonly title: string;
  readonly lines: readonly string[];
}

/** 201: on the list now. */
export function joinedTexts(eligible: boolean): WaitlistTexts {
  return {
    title: "Thank you for registering. You're on the list",
    lines: [
      eligible
        ? "We've received your waitlist request and will be in touch once we have an available slot."
        : "We've received your waitlist request and will be in touch once you're eligible to book your appointment.",
    ],
  };
}

/** 409: already on this calendar's list. */
export function alreadyOnListTexts(eligible: boolean, practice: string): WaitlistTexts {
  return {
    title: "You're already on the waitlist",
    lines: [
      eligible
        ? `We will notify you once ${practice} has an available slot`
        : "We will notify you once you're eligible to book your appointment",
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
    title: 'Join the waitlist now',
    lines: [
      ...(eligible
        ? []
        : ["We're sorry, you are not yet eligible to receive the COVID-19 vaccine"]),
      variant === 'signup'
        ? `Please SIGN UP so that ${practice} can reach you`
        : `Please LOGIN so that you can be enrolled in the waiting list and ${practice} can reach you`,
    ],
  };
}

/** Spec 5 and 8: the 403 answer's toast. */
export const ONLY_PATIENT = 'Only patient can be added into waitlist';
