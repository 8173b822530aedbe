/** Booking texts from the spec's error catalogue (section 8), shown verbatim. */
export const BOOKING_MESSAGES = {
  alreadyBooked: 'Please choose a different time slot as this one is no longer available.',
  patientAlreadyBooked: 'Appointment is already booked for this Patient',
  sameSlot: 'You already have an appointment for the selected slot. Please choose another one.',
  unableToBook: 'Unable to book appointment.',
  booked: 'Appointment booked successfully.',
  requestSent: 'Appointment request sent!',
  notAvailable: 'calendar timeslot is not available',
  rescheduled: 'Appointment booked on new slot',
  checkInUnavailable: 'Unable to check-in at the moment',
  changedMeanwhile: 'This appointment has changed in the meantime. Please reload it and try again.',
  /** Ours: staff named a patient id that is neither a patient nor a family member. */
  patientNotFound: 'This patient does not exist.',
  /** Spec 2, provider search: a provider restricted to existing patients. */
  establishedPatientsOnly: 'Scheduling for this provider is restricted to established patients.',
  /** Ours: a calendar whose visit fee is due, booked with no authorized payment for it. */
  visitFeeRequired: 'The visit fee must be paid before this appointment can be booked.',
  /** Ours: a payment that is not an authorized visit fee of this patient for this calendar. */
  paymentNotForBooking: 'This payment cannot be used for this appointment.',
  /** Ours: a screening that is not this patient's answers for this calendar. */
  screeningNotForBooking: 'These screening answers do not belong to this appointment.',
  /** Ours: an insurance that is not on the insurance list. */
  insuranceUnknown: 'Choose an insurance from the list.',
  memberIdInvalid: 'The member ID may have up to 30 letters, digits and dashes.',
} as const;

/** The calendar rules' texts, shown verbatim by the API and, before a round trip, the web's form. */
export const CALENDAR_MESSAGES = {
  notFound: 'This calendar does not exist.',
  exists: 'This calendar already exists.',
  hours: 'The last hour must come after the first hour.',
  ownerRequired: 'A calendar belongs to a provider or to a resource.',
  capacity: 'The booking capacity per slot must be a whole number from 1 to 500.',
  facilityNotRegistered: 'This facility is not registered.',
  facilityOfAnotherPractice: 'This facility belongs to another practice.',
  zoneNotFacility: "A calendar's time zone must be its facility's.",
  providerNotRegistered: 'This provider is not registered.',
  providerOfAnotherPractice: 'This provider belongs to another practice.',
  resourceNotRegistered: 'This resource is not registered.',
  resourceOfAnotherPractice: 'This resource belongs to another practice.',
  placeFixed: "A calendar's facility, provider, resource and time zone are set when it is created.",
  step: 'The time step must divide the hours from the first to the last hour evenly.',
  dates: 'The last date must not come before the first date.',
  workingDays:
    'A calendar needs at least one working day, each from 1 (Monday) to 7 (Sunday), listed once.',
  nameRequired: 'A calendar needs a name.',
  span: 'A blocked time span must end after it starts.',
  spanExists: 'This time span is already blocked.',
  spanNotFound: 'This time span is not blocked.',
  reasonAlreadyOffered: 'This calendar already offers this visit reason.',
  reasonNotOffered: 'This calendar does not offer this visit reason.',
  weekTimeFrame:
    'A week time frame is a number of weeks, or a first and a last week with the last after the first.',
  weeklyHoursDays: 'Weekly hours name each weekday, from 1 (Monday) to 7 (Sunday), at most once.',
  weeklyHoursSpan:
    'Each span of hours runs from a time (HH:mm) to a later one, 24:00 at the latest.',
  weeklyHoursOverlap: 'The spans of hours of one weekday must not overlap.',
  weeklyHoursTooMany: 'A weekday has at most 6 spans of hours.',
  weeklyHoursEmpty: 'A calendar needs hours on at least one weekday.',
  weeklyHoursStep: 'The time step must divide each span of hours evenly.',
} as const;
