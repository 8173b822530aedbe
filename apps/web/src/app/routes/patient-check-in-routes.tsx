import { CardFormFields } from '../../features/booking/components/card-form-fields';
import {
  type CardFormRenderer,
  PatientCheckInPage,
} from '../../features/digital-check-in/components/patient-check-in-page';

/** The copay's card form is the booking wizard's: composed here, features stay apart. */
const cardForm: CardFormRenderer = (props) => <CardFormFields {...props} />;

/** /patient/consent?aptId=: the practice's consents (copay payment when none is required). */
export const PatientConsentRoute = () => <PatientCheckInPage stage="consent" cardForm={cardForm} />;

/** /patient/copay-payment?aptId=: copay, insurance card, forms and "I have arrived". */
export const PatientCopayRoute = () => (
  <PatientCheckInPage stage="copay-payment" cardForm={cardForm} />
);
