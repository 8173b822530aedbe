/** Whom the appointment is for: the patient, a saved family member, or a new one to save first. */
export type BookingPatient =
  | { readonly kind: 'self' }
  | { readonly kind: 'member'; readonly id: string; readonly name: string }
  | {
      readonly kind: 'new-member';
      readonly first_name: string;
      readonly last_name: string;
      readonly relationship: string;
    };

export function bookingPatientName(patient: BookingPatient): string | null {
  switch (patient.kind) {
    case 'self':
      return null;
    case 'member':
      return patient.name;
    case 'new-member':
      return `${patient.first_name} ${patient.last_name}`;
  }
}
