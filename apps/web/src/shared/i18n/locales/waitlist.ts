import type { Bundle } from '../types';

/** Spec 2.10's waitlist dialogs, word for word in English. */
const en = {
  joinedTitle: "Thank you for registering. You're on the list",
  joinedEligible:
    "We've received your waitlist request and will be in touch once we have an available slot.",
  joinedNotEligible:
    "We've received your waitlist request and will be in touch once you're eligible to book your appointment.",
  alreadyTitle: "You're already on the waitlist",
  alreadyEligible: 'We will notify you once {{practice}} has an available slot',
  alreadyNotEligible: "We will notify you once you're eligible to book your appointment",
  joinTitle: 'Join the waitlist now',
  notEligible: "We're sorry, you are not yet eligible to receive the COVID-19 vaccine",
  pleaseSignUp: 'Please SIGN UP so that {{practice}} can reach you',
  pleaseLogin:
    'Please LOGIN so that you can be enrolled in the waiting list and {{practice}} can reach you',
  onlyPatient: 'Only patient can be added into waitlist',
  ok: 'OK',
  login: 'Login',
  signUp: 'Sign up',
  newHere: 'New here? ',
  haveAccount: 'Already have an account? ',
  createAccount: 'Create an account',
  logInInstead: 'Log in instead',
  waitingList: 'Waiting list',
  joining: 'Joining the waiting list',
} as const;

export const waitlist: Bundle<typeof en> = {
  en,
  es: {
    joinedTitle: 'Gracias por registrarse. Ya está en la lista',
    joinedEligible:
      'Recibimos su solicitud para la lista de espera y nos comunicaremos con usted cuando haya un horario disponible.',
    joinedNotEligible:
      'Recibimos su solicitud para la lista de espera y nos comunicaremos con usted cuando pueda reservar su cita.',
    alreadyTitle: 'Ya está en la lista de espera',
    alreadyEligible: 'Le avisaremos cuando {{practice}} tenga un horario disponible',
    alreadyNotEligible: 'Le avisaremos cuando pueda reservar su cita',
    joinTitle: 'Únase a la lista de espera ahora',
    notEligible: 'Lo sentimos, todavía no puede recibir la vacuna contra el COVID-19',
    pleaseSignUp: 'REGÍSTRESE para que {{practice}} pueda comunicarse con usted',
    pleaseLogin:
      'INICIE SESIÓN para inscribirse en la lista de espera y que {{practice}} pueda comunicarse con usted',
    onlyPatient: 'Solo se puede agregar a pacientes a la lista de espera',
    ok: 'Aceptar',
    login: 'Iniciar sesión',
    signUp: 'Registrarse',
    newHere: '¿Es nuevo aquí? ',
    haveAccount: '¿Ya tiene una cuenta? ',
    createAccount: 'Crear una cuenta',
    logInInstead: 'Iniciar sesión en su lugar',
    waitingList: 'Lista de espera',
    joining: 'Uniéndose a la lista de espera',
  },
};
