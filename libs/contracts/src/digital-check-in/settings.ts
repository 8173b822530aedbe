/**
 * Digital check-in settings of a provider (the spec's `digital_check_in_settings`), with the
 * spec's defaults: false unless stated; true for allow_update_insurance, the payment collections,
 * allow_partial_payment and allow_cancel_appointment. `copay_amount` is ours: the copay the
 * patient pays before arrival (0: none is collected).
 */
export interface DigitalCheckInSettings {
  readonly digital_check_in_enabled: boolean;
  readonly insurance_card_collection: boolean;
  readonly staff_approved_entry: boolean;
  readonly emergency_contact_collection: boolean;
  readonly allow_update_insurance: boolean;
  readonly payment_collection: boolean;
  readonly copay_collection: boolean;
  readonly outstanding_balance_collection: boolean;
  readonly deductible_collection: boolean;
  readonly allow_partial_payment: boolean;
  readonly clinical_history_collection: boolean;
  readonly medical_history_collection: boolean;
  readonly allergies_history_collection: boolean;
  readonly medications_history_collection: boolean;
  readonly surgical_history_collection: boolean;
  readonly family_history_collection: boolean;
  readonly social_history_collection: boolean;
  readonly allow_cancel_appointment: boolean;
  readonly enable_cancellation_message: boolean;
  readonly government_issued_id_collection: boolean;
  readonly skip_government_issued_id_collection: boolean;
  readonly preferred_pharmacy_collection: boolean;
  readonly skip_preferred_pharmacy_collection: boolean;
  readonly accept_selected_insurances: boolean;
  readonly skip_insurance: boolean;
  readonly arrival_notification_enabled: boolean;
  readonly check_in_link_in_booking_notification_enabled: boolean;
  readonly confirmed_appointment_notification_enabled: boolean;
  readonly visit_instructions_enabled: boolean;
  readonly i_have_arrived_text: string;
  readonly ready_for_patient_text: string;
  readonly visit_instructions: string;
  readonly copay_amount: number;
}

export const DIGITAL_CHECK_IN_FLAGS = [
  'digital_check_in_enabled',
  'insurance_card_collection',
  'staff_approved_entry',
  'emergency_contact_collection',
  'allow_update_insurance',
  'payment_collection',
  'copay_collection',
  'outstanding_balance_collection',
  'deductible_collection',
  'allow_partial_payment',
  'clinical_history_collection',
  'medical_history_collection',
  'allergies_history_collection',
  'medications_history_collection',
  'surgical_history_collection',
  'family_history_collection',
  'social_history_collection',
  'allow_cancel_appointment',
  'enable_cancellation_message',
  'government_issued_id_collection',
  'skip_government_issued_id_collection',
  'preferred_pharmacy_collection',
  'skip_preferred_pharmacy_collection',
  'accept_selected_insurances',
  'skip_insurance',
  'arrival_notification_enabled',
  'check_in_link_in_booking_notification_enabled',
  'confirmed_appointment_notification_enabled',
  'visit_instructions_enabled',
] as const satisfies readonly (keyof DigitalCheckInSettings)[];

export type DigitalCheckInFlag = (typeof DIGITAL_CHECK_IN_FLAGS)[number];

/** Spec: "Digital check-in settings (defaults)". */
export const DEFAULT_DIGITAL_CHECK_IN_SETTINGS: DigitalCheckInSettings = {
  digital_check_in_enabled: false,
  insurance_card_collection: false,
  staff_approved_entry: false,
  emergency_contact_collection: false,
  allow_update_insurance: true,
  payment_collection: true,
  copay_collection: true,
  outstanding_balance_collection: true,
  deductible_collection: true,
  allow_partial_payment: true,
  clinical_history_collection: false,
  medical_history_collection: false,
  allergies_history_collection: false,
  medications_history_collection: false,
  surgical_history_collection: false,
  family_history_collection: false,
  social_history_collection: false,
  allow_cancel_appointment: true,
  enable_cancellation_message: false,
  government_issued_id_collection: false,
  skip_government_issued_id_collection: false,
  preferred_pharmacy_collection: false,
  skip_preferred_pharmacy_collection: false,
  accept_selected_insurances: false,
  skip_insurance: false,
  arrival_notification_enabled: false,
  check_in_link_in_booking_notification_enabled: false,
  confirmed_appointment_notification_enabled: false,
  visit_instructions_enabled: false,
  i_have_arrived_text: '',
  ready_for_patient_text: '',
  visit_instructions: '',
  copay_amount: 0,
};

/** Labels of the settings form (the spec's field names, as words). */
export const DIGITAL_CHECK_IN_FLAG_LABELS: Record<DigitalCheckInFlag, string> = {
  digital_check_in_enabled: 'Digital check-in enabled',
  insurance_card_collection: 'Insurance card collection',
  staff_approved_entry: 'Staff approved entry',
  emergency_contact_collection: 'Emergency contact collection',
  allow_update_insurance: 'Allow update insurance',
  payment_collection: 'Payment collection',
  copay_collection: 'Copay collection',
  outstanding_balance_collection: 'Outstanding balance collection',
  deductible_collection: 'Deductible collection',
  allow_partial_payment: 'Allow partial payment',
  clinical_history_collection: 'Clinical history collection',
  medical_history_collection: 'Medical history collection',
  allergies_history_collection: 'Allergies history collection',
  medications_history_collection: 'Medications history collection',
  surgical_history_collection: 'Surgical history collection',
  family_history_collection: 'Family history collection',
  social_history_collection: 'Social history collection',
  allow_cancel_appointment: 'Allow cancel appointment',
  enable_cancellation_message: 'Enable cancellation message',
  government_issued_id_collection: 'Government issued ID collection',
  skip_government_issued_id_collection: 'Skip government issued ID collection',
  preferred_pharmacy_collection: 'Preferred pharmacy collection',
  skip_preferred_pharmacy_collection: 'Skip preferred pharmacy collection',
  accept_selected_insurances: 'Accept selected insurances',
  skip_insurance: 'Skip insurance',
  arrival_notification_enabled: 'Arrival notification',
  check_in_link_in_booking_notification_enabled: 'Check-in link in booking notification',
  confirmed_appointment_notification_enabled: 'Confirmed-appointment notification',
  visit_instructions_enabled: 'Visit instructions enabled',
};

export const DIGITAL_CHECK_IN_MESSAGES = {
  settingsSaved: 'Digital check-in settings saved.',
  consentSaved: 'Consent saved.',
  consentSigned: 'Consent signed.',
  consentDeleted: 'Signed consent deleted.',
  copayPaid: 'Copay paid.',
  cardUploaded: 'Insurance card uploaded.',
  formsRecorded: 'Forms recorded.',
  notEnabled: 'Digital check-in is not enabled for this provider.',
  noCopay: 'No copay is due for this visit.',
  copayAlreadyPaid: 'The copay is already paid.',
  copayMismatch: 'The amount does not match the copay.',
  consentNotFound: 'Consent not found.',
  consentVersionOld: 'A newer version of this consent exists. Please read it again.',
  consentNotSigned: 'This consent is not signed.',
  alreadySigned: 'This consent is already signed.',
  fileType: 'Only JPEG, PNG or PDF files are accepted.',
  fileTooLarge: 'The file is larger than 5 MB.',
  fileEmpty: 'The file is empty.',
  fileNotFound: 'File not found.',
  signatureRequired: 'A signature is required.',
  /** Spec 0, "Check-in confirmation popup". */
  unableToCheckIn: 'Unable to check-in at the moment',
  /** Spec 0, section 4: the check-in confirmation's words. */
  gettingCheckedIn: "Let's get you checked in...",
  screeningNotFound: 'The form answers were not found.',
  notAProvider: 'Provider not found.',
  /** The patient said they are here (a check-in, or a wait for the practice's word). */
  arrivalRecorded: 'Arrival recorded.',
  /** Staff-approved entry: what the patient reads until the practice lets them in. */
  waitForEntry: 'Thank you. Please wait: the practice will let you know when to come in.',
  /** The patient's words when staff mark them ready and the provider has no text of its own. */
  readyForPatient: 'We are ready for you. Please come in.',
  markedReady: 'The patient was told to come in.',
  notArrived: 'The patient has not arrived yet.',
  /** A patient's own check-in while the provider's staff approve entry. */
  entryByStaff: 'The practice lets you in: tell them you have arrived and wait for their call.',
  informationSaved: 'Information saved.',
  stepSkipped: 'Step skipped.',
  notCollected: 'The practice does not collect this.',
  notSkippable: 'This step cannot be skipped.',
  vendorAdded: 'Opening digital check-in.',
  chargesSaved: 'Charges saved.',
  /** Partial payment: at least the copay, at most everything due. */
  partialRange: 'Pay at least the copay and at most the total due.',
} as const;
