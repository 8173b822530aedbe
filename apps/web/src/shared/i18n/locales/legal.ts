import type { Bundle } from '../types';

/**
 * The Terms of Use and the Privacy Policy (spec 2.8), in full: each section's heading and its
 * paragraphs, in the order shown.
 */
const en = {
  nav: 'Legal',
  lastUpdated: 'Last updated {{date}}',
  terms: {
    title: 'Terms of Use',
    sections: {
      access: {
        heading: 'Access and use',
        p1: 'Medbook lets you find healthcare providers, see their availability and book office, video or walk-in visits with them. By using Medbook you agree to these terms. If you do not agree, please do not use the service.',
        p2: 'You may use Medbook only for your own care or the care of family members you are authorized to act for. You are responsible for the accuracy of the information you give and for keeping your password confidential.',
        p3: 'You must be at least 16 years old to create an account. Care for younger patients is booked by a parent or guardian through their own account.',
      },
      emergencies: {
        heading: 'Not for emergencies',
        p1: 'Medbook is not an emergency service. If you think you have a medical emergency, call 911 or go to the nearest emergency room immediately. Do not wait for a booked appointment or a message reply.',
        p2: 'Medbook does not give medical advice. Diagnosis and treatment come from the providers you see, who are solely responsible for the care they give.',
      },
      sms: {
        heading: 'SMS communications',
        p1: 'When you give your mobile number and consent, we and your providers send text messages about your appointments: confirmations, reminders, check-in links and one-time verification codes. Message frequency varies; message and data rates may apply.',
        p2: 'Reply STOP to any message to unsubscribe; you will receive one final message confirming it. Reply HELP for support. Consent to texts is not a condition of booking.',
      },
      appointments: {
        heading: 'Appointments and cancellations',
        p1: 'A slot is held for you while you finish booking and is confirmed when the booking completes. Providers may accept, reschedule or decline requests under their own policies, including cancellation fees they disclose before you book.',
      },
      termination: {
        heading: 'Termination',
        p1: 'You may close your account at any time. We may suspend or end access for anyone who misuses the service, breaks these terms or puts other users at risk. Records your providers must keep by law are kept for the period the law requires.',
      },
      law: {
        heading: 'Governing law',
        p1: 'These terms are governed by the laws of the State of New York, without regard to its conflict of laws rules. Disputes are heard in the state and federal courts located in New York County, New York.',
      },
    },
  },
  privacy: {
    title: 'Privacy Policy',
    sections: {
      privacy: {
        heading: 'Your privacy',
        p1: 'Medbook handles personal and health information on behalf of the practices you book with. We use it to run the service you asked for: finding providers, booking and managing visits, check-in, payments and messages from your care team.',
      },
      categories: {
        heading: 'Categories of information we collect',
        p1: 'Identity and contact details (name, date of birth, email, phone, address); account details (sign-in name, security settings, consents); appointment details (provider, facility, time, visit reason); insurance and payment details; and technical details (device, browser, time zone and approximate location when you allow it, used to suggest nearby providers).',
      },
      sharing: {
        heading: 'How we share information',
        p1: 'We share information with the providers and practices you book with, and with service providers who host, secure and deliver the service under contracts that bind them to protect it. We disclose information when the law requires it.',
        p2: 'We do not sell your personal information, and we do not share it for cross-context behavioral advertising.',
      },
      rights: {
        heading: 'Your rights',
        p1: 'You may ask to access the personal information we hold about you, to learn the categories we collect and why, to correct it, and to delete it. Some health records must be kept by your provider for a period the law sets; we will tell you when that applies.',
        p2: 'To make a request, write to us from the email address on your account. We answer within 45 days and will not treat you differently for exercising your rights.',
      },
      security: {
        heading: 'Security',
        p1: 'Information is encrypted in transit, passwords are stored only as salted hashes, and every change to your appointments is recorded in an audit trail. Access inside practices is limited by role.',
      },
      children: {
        heading: 'Children',
        p1: 'Medbook is not directed to children. You must be at least 16 to create an account; we do not knowingly collect information from younger users except through a parent or guardian.',
      },
    },
  },
} as const;

export const legal: Bundle<typeof en> = {
  en,
  es: {
    nav: 'Información legal',
    lastUpdated: 'Última actualización: {{date}}',
    terms: {
      title: 'Términos de uso',
      sections: {
        access: {
          heading: 'Acceso y uso',
          p1: 'Medbook le permite encontrar proveedores de atención médica, ver su disponibilidad y reservar con ellos consultas en el consultorio, por video o sin cita previa. Al usar Medbook, usted acepta estos términos. Si no los acepta, no use el servicio.',
          p2: 'Puede usar Medbook solo para su propia atención o la de los familiares en cuyo nombre esté autorizado a actuar. Usted es responsable de la exactitud de la información que proporciona y de mantener la confidencialidad de su contraseña.',
          p3: 'Debe tener al menos 16 años para crear una cuenta. La atención de los pacientes menores la reserva uno de sus padres o su tutor desde su propia cuenta.',
        },
        emergencies: {
          heading: 'No es para emergencias',
          p1: 'Medbook no es un servicio de emergencias. Si cree que tiene una emergencia médica, llame al 911 o acuda de inmediato a la sala de emergencias más cercana. No espere una cita reservada ni la respuesta a un mensaje.',
          p2: 'Medbook no brinda asesoramiento médico. El diagnóstico y el tratamiento provienen de los proveedores que lo atienden, quienes son los únicos responsables de la atención que brindan.',
        },
        sms: {
          heading: 'Comunicaciones por SMS',
          p1: 'Cuando usted nos da su número de celular y su consentimiento, nosotros y sus proveedores le enviamos mensajes de texto sobre sus citas: confirmaciones, recordatorios, enlaces para registrar su llegada y códigos de verificación de un solo uso. La frecuencia de los mensajes varía; pueden aplicarse cargos por mensajes y datos.',
          p2: 'Responda STOP a cualquier mensaje para cancelar la suscripción; recibirá un último mensaje que lo confirma. Responda HELP para obtener ayuda. El consentimiento para recibir mensajes de texto no es una condición para reservar.',
        },
        appointments: {
          heading: 'Citas y cancelaciones',
          p1: 'Se le reserva un horario mientras termina la reserva, y se confirma cuando la reserva se completa. Los proveedores pueden aceptar, reprogramar o rechazar solicitudes según sus propias políticas, incluidos los cargos por cancelación que informen antes de que usted reserve.',
        },
        termination: {
          heading: 'Terminación',
          p1: 'Puede cerrar su cuenta en cualquier momento. Podemos suspender o cancelar el acceso de cualquier persona que haga un uso indebido del servicio, incumpla estos términos o ponga en riesgo a otros usuarios. Los registros que sus proveedores deben conservar por ley se conservan durante el período que la ley exige.',
        },
        law: {
          heading: 'Ley aplicable',
          p1: 'Estos términos se rigen por las leyes del Estado de Nueva York, sin tener en cuenta sus normas sobre conflictos de leyes. Las controversias se resuelven en los tribunales estatales y federales ubicados en el condado de Nueva York, Nueva York.',
        },
      },
    },
    privacy: {
      title: 'Política de privacidad',
      sections: {
        privacy: {
          heading: 'Su privacidad',
          p1: 'Medbook maneja información personal y de salud en nombre de los consultorios con los que usted reserva. La usamos para prestar el servicio que usted solicitó: encontrar proveedores, reservar y administrar consultas, registrar su llegada, realizar pagos y recibir mensajes de su equipo de atención.',
        },
        categories: {
          heading: 'Categorías de información que recopilamos',
          p1: 'Datos de identidad y de contacto (nombre, fecha de nacimiento, correo electrónico, teléfono, dirección); datos de la cuenta (nombre de usuario, configuración de seguridad, consentimientos); datos de las citas (proveedor, centro, hora, motivo de la consulta); datos del seguro y de pago; y datos técnicos (dispositivo, navegador, zona horaria y ubicación aproximada cuando usted lo permite, que se usa para sugerir proveedores cercanos).',
        },
        sharing: {
          heading: 'Cómo compartimos la información',
          p1: 'Compartimos información con los proveedores y consultorios con los que usted reserva, y con los proveedores de servicios que alojan, protegen y prestan el servicio en virtud de contratos que los obligan a protegerla. Divulgamos información cuando la ley lo exige.',
          p2: 'No vendemos su información personal ni la compartimos para publicidad conductual entre contextos.',
        },
        rights: {
          heading: 'Sus derechos',
          p1: 'Puede solicitar acceso a la información personal que tenemos sobre usted, conocer las categorías que recopilamos y por qué, corregirla y eliminarla. Su proveedor debe conservar algunos registros de salud durante el período que fija la ley; le informaremos cuando eso ocurra.',
          p2: 'Para hacer una solicitud, escríbanos desde la dirección de correo electrónico de su cuenta. Respondemos en un plazo de 45 días y no lo trataremos de manera diferente por ejercer sus derechos.',
        },
        security: {
          heading: 'Seguridad',
          p1: 'La información se cifra en tránsito, las contraseñas se guardan solo como hashes con sal y cada cambio en sus citas queda registrado en un registro de auditoría. El acceso dentro de los consultorios está limitado según la función.',
        },
        children: {
          heading: 'Menores',
          p1: 'Medbook no está dirigido a menores. Debe tener al menos 16 años para crear una cuenta; no recopilamos a sabiendas información de usuarios más jóvenes, salvo a través de uno de sus padres o su tutor.',
        },
      },
    },
  },
};
