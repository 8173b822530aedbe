import type { Bundle } from '../types';

/** The front desk's booking for a patient (/practice/book): steps, slots, hold, outcome. */
const en = {
  loadingCalendars: 'Loading calendars',
  notOurCalendar: "This calendar is not one of your practice's calendars.",
  title: 'Book for a patient',
  intro: "Find the patient or register them, then book with the calendar's own rules.",
  time: 'Time',
  patient: 'Patient',
  change: 'Change',
  visit: 'Visit',
  chooseAnother: 'Choose another time',
  addToWaitlist: 'Add to waiting list',
  calendar: 'Calendar',
  earlier: 'Earlier days',
  later: 'Later days',
  today: 'Today',
  loadingSlots: 'Loading free slots',
  noFreeSlots: 'No free slots',
  heldFor: 'Held for {{count}} min',
  holdExpired: 'Hold expired',
  bookAppointment: 'Book appointment',
  status: 'Status:',
  backToSchedule: 'Back to schedule',
  appointments: 'Appointments',
  bookAnother: 'Book another patient',
  outcome: {
    requestSent: 'Appointment request sent!',
    booked: 'Appointment booked successfully.',
    pendingText:
      'This calendar accepts requests: the appointment is Pending until a provider, staff member or admin accepts it.',
    bookedText:
      'The appointment is on the schedule. The patient is not checked in until they arrive.',
  },
} as const;

export const frontDesk: Bundle<typeof en> = {
  en,
  es: {
    loadingCalendars: 'Cargando los calendarios',
    notOurCalendar: 'Este calendario no es uno de los calendarios de su consultorio.',
    title: 'Reservar para un paciente',
    intro:
      'Busque al paciente o regístrelo y luego reserve según las reglas del propio calendario.',
    time: 'Hora',
    patient: 'Paciente',
    change: 'Cambiar',
    visit: 'Consulta',
    chooseAnother: 'Elegir otra hora',
    addToWaitlist: 'Agregar a la lista de espera',
    calendar: 'Calendario',
    earlier: 'Días anteriores',
    later: 'Días siguientes',
    today: 'Hoy',
    loadingSlots: 'Cargando los horarios libres',
    noFreeSlots: 'Sin horarios libres',
    heldFor: 'Reservado por {{count}} min',
    holdExpired: 'La reserva temporal venció',
    bookAppointment: 'Reservar la cita',
    status: 'Estado:',
    backToSchedule: 'Volver a la agenda',
    appointments: 'Citas',
    bookAnother: 'Reservar para otro paciente',
    outcome: {
      requestSent: '¡Solicitud de cita enviada!',
      booked: 'Cita reservada correctamente.',
      pendingText:
        'Este calendario acepta solicitudes: la cita queda Pendiente hasta que un proveedor, un miembro del personal o un administrador la acepte.',
      bookedText:
        'La cita está en la agenda. La llegada del paciente no se registra hasta que llegue.',
    },
  },
};
