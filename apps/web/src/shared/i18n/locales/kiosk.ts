import type { Bundle } from '../types';

/** The check-in kiosk at the practice's door. */
const en = {
  staffOnly:
    "The check-in kiosk opens in a session of the practice's staff. Please sign in as a staff member of the practice on this device.",
  welcome: 'Welcome! Check in here',
  checkedIn: 'You are checked in',
  intro:
    "Find today's appointment with your last name and date of birth, or with the code from your confirmation.",
  askFrontDesk: 'Please ask at the front desk.',
  startOver: 'Start over',
  thanks: 'Thank you, {{name}}. Please take a seat: we will call you.',
  done: 'Done',
  findAppointment: 'Find my appointment',
  howToFind: 'How to find your appointment',
  byName: 'Name and date of birth',
  byCode: 'Confirmation code',
  lastName: 'Last name',
  birthDate: 'Date of birth',
  code: 'Code',
  codeHelp: 'The 8 letters and digits on your confirmation or appointment card',
  todayAppointments: 'Your appointments today',
  withProvider: '{{time}} with {{provider}}',
  alreadyCheckedIn: 'Already checked in',
  checkIn: 'Check in',
  checkInLabel: 'Check in {{who}} at {{time}}',
  messages: {
    lookup: 'Enter your last name and date of birth, or the code from your confirmation.',
    notFound:
      'We could not find an appointment for today with these details. Please ask at the front desk.',
    tooMany: 'Too many searches from this kiosk. Please wait a minute and try again.',
  },
} as const;

export const kiosk: Bundle<typeof en> = {
  en,
  es: {
    staffOnly:
      'El quiosco de registro de llegada se abre en una sesión del personal del consultorio. Inicie sesión en este dispositivo como miembro del personal del consultorio.',
    welcome: '¡Bienvenido/a! Registre su llegada aquí',
    checkedIn: 'Su llegada quedó registrada',
    intro:
      'Busque su cita de hoy con su apellido y su fecha de nacimiento, o con el código de su confirmación.',
    askFrontDesk: 'Pregunte en la recepción, por favor.',
    startOver: 'Empezar de nuevo',
    thanks: 'Gracias, {{name}}. Tome asiento, por favor: lo/la llamaremos.',
    done: 'Listo',
    findAppointment: 'Buscar mi cita',
    howToFind: 'Cómo buscar su cita',
    byName: 'Nombre y fecha de nacimiento',
    byCode: 'Código de confirmación',
    lastName: 'Apellido',
    birthDate: 'Fecha de nacimiento',
    code: 'Código',
    codeHelp: 'Las 8 letras y números de su confirmación o de su tarjeta de cita',
    todayAppointments: 'Sus citas de hoy',
    withProvider: '{{time}} con {{provider}}',
    alreadyCheckedIn: 'Llegada ya registrada',
    checkIn: 'Registrar llegada',
    checkInLabel: 'Registrar la llegada de {{who}} a las {{time}}',
    messages: {
      lookup: 'Ingrese su apellido y su fecha de nacimiento, o el código de su confirmación.',
      notFound:
        'No encontramos ninguna cita para hoy con estos datos. Pregunte en la recepción, por favor.',
      tooMany: 'Demasiadas búsquedas desde este quiosco. Espere un minuto e inténtelo de nuevo.',
    },
  },
};
