/** Spec 2.11: address parts on which the header hides its Login button. */
const NO_LOGIN = [
  'practice/',
  'account',
  'login',
  'signup',
  'screening-form',
  'vaccine-passport',
  'patient-review',
  'health-cards',
  'start-survey',
  'appointment-action',
  'uri',
];

/** Whether a visitor sees the header's Login button at this address. */
export const loginVisible = (address: string, signedIn: boolean): boolean =>
  !signedIn && !NO_LOGIN.some((part) => address.includes(part));

/** Spec 2.11: on these addresses the logo does nothing. */
export const logoInert = (address: string): boolean =>
  ['health-cards', 'start-survey', 'appointment-action', 'practice/'].some((part) =>
    address.includes(part),
  );
