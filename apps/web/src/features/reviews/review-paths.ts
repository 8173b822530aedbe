/** The review form of one visit; /patient-review?appointmentId= leads here after logging in. */
export const reviewPath = (appointmentId: string): string =>
  `/patient-review/appointments/${encodeURIComponent(appointmentId)}`;

/** The spec's patient-review login variant's appointment id parameter (either spelling). */
export const reviewAppointmentOf = (params: URLSearchParams): string | null => {
  const id = params.get('appointmentId') ?? params.get('appointment_id');
  return id && /^[0-9a-f-]{36}$/i.test(id) ? id : null;
};
