import type { Bundle } from '../types';

/**
 * The operators' pages: the system status (/health) with its projections, back-fills, parked
 * events and the log's integrity, and an operator's own dashboard.
 */
const en = {
  title: 'System status',
  live: {
    connecting: 'Connecting',
    live: 'Live',
    reconnecting: 'Reconnecting',
    paused: 'Paused',
  },
  operatorsOnly:
    'System details are for operators. Sign in as a super user or support agent to see them.',
  unreachable: 'The service could not be reached. Retrying when it is back.',
  service: 'Service',
  database: 'Database',
  head: 'Event store head',
  status: { ok: 'ok', degraded: 'degraded' },
  databaseState: { up: 'up', down: 'down' },
  projections: 'Projections',
  columns: {
    name: 'Name',
    state: 'State',
    position: 'Position',
    lagEvents: 'Lag (events)',
    lagMs: 'Lag (ms)',
  },
  states: {
    starting: 'starting',
    running: 'running',
    failing: 'failing',
    stopped: 'stopped',
    'back-filling': 'back-filling',
  },
  backfillLabel: '{{name}} back-fill progress',
  backfill: '{{applied}} / {{total}} events, {{rate}} events/s',
  parkedEvents: 'Parked events',
  parkedEvent: '{{name}}: event {{position}} ({{type}})',
  stuck: '{{name}} is stuck on event {{position}} ({{type}})',
  since_one: 'Since {{date}} · {{count}} attempt. The other projections go on.',
  since_other: 'Since {{date}} · {{count}} attempts. The other projections go on.',
  parkReason: 'Reason for parking',
  park: 'Park event',
  integrity: {
    title: 'Log integrity',
    notVerified: 'not verified',
    intact: 'intact',
    tampered: 'tampered',
    runVerify: 'The log has not been verified yet: run <code>npm run audit:verify</code>.',
    lastVerified_one:
      'Last verified {{date}}: {{events}} events in {{streams}} streams, {{count}} seal checked.',
    lastVerified_other:
      'Last verified {{date}}: {{events}} events in {{streams}} streams, {{count}} seals checked.',
    problem: 'Stream {{stream}}, revision {{revision}}',
    problemAt: 'Stream {{stream}}, revision {{revision}}, position {{position}}',
    moreProblems_one: '({{count}} more problems)',
    moreProblems_other: '({{count}} more problems)',
    sealed: 'Last sealed {{date}}, through position {{position}} ({{events}} events).',
    notSealed: 'Not sealed yet.',
  },
  heldBack: {
    title: 'Live updates are held back',
    waiting_one:
      '{{count}} committed change, recorded {{date}}, waits behind a transaction that is still open in the database. Projections, live updates and reads of recent changes go on once it ends.',
    waiting_other:
      '{{count}} committed changes, the first recorded {{date}}, wait behind a transaction that is still open in the database. Projections, live updates and reads of recent changes go on once it ends.',
    session: 'Session {{pid}} ({{application}}), {{state}}, open since {{date}}.',
    unseen:
      'No session of this database is seen running it: it may be a prepared transaction (pg_prepared_xacts; COMMIT PREPARED or ROLLBACK PREPARED ends it) or a session of a role the service may not see (pg_stat_activity).',
    unnamed: 'no application name',
  },
  operator: {
    types: {
      Patient: 'Patient',
      Provider: 'Provider',
      Staff: 'Staff',
      PracticeAdmin: 'PracticeAdmin',
      SuperUser: 'SuperUser',
      SupportAgent: 'SupportAgent',
      FinancialSuperUser: 'FinancialSuperUser',
      Guest: 'Guest',
    },
    signedInAs: 'Signed in as {{email}}',
    analytics: 'Practice analytics',
  },
} as const;

export const health: Bundle<typeof en> = {
  en,
  es: {
    title: 'Estado del sistema',
    live: {
      connecting: 'Conectando',
      live: 'En vivo',
      reconnecting: 'Reconectando',
      paused: 'En pausa',
    },
    operatorsOnly:
      'Los detalles del sistema son para los operadores. Inicie sesión como superusuario o agente de soporte para verlos.',
    unreachable:
      'No se pudo contactar con el servicio. Se volverá a intentar cuando esté disponible.',
    service: 'Servicio',
    database: 'Base de datos',
    head: 'Posición actual del registro de eventos',
    status: { ok: 'correcto', degraded: 'degradado' },
    databaseState: { up: 'disponible', down: 'caída' },
    projections: 'Proyecciones',
    columns: {
      name: 'Nombre',
      state: 'Estado',
      position: 'Posición',
      lagEvents: 'Retraso (eventos)',
      lagMs: 'Retraso (ms)',
    },
    states: {
      starting: 'iniciándose',
      running: 'en marcha',
      failing: 'con fallos',
      stopped: 'detenida',
      'back-filling': 'reconstruyéndose',
    },
    backfillLabel: 'Progreso de la reconstrucción de {{name}}',
    backfill: '{{applied}} / {{total}} eventos, {{rate}} eventos/s',
    parkedEvents: 'Eventos apartados',
    parkedEvent: '{{name}}: evento {{position}} ({{type}})',
    stuck: '{{name}} está detenida en el evento {{position}} ({{type}})',
    since_one: 'Desde el {{date}} · {{count}} intento. Las demás proyecciones siguen.',
    since_other: 'Desde el {{date}} · {{count}} intentos. Las demás proyecciones siguen.',
    parkReason: 'Motivo para apartarlo',
    park: 'Apartar el evento',
    integrity: {
      title: 'Integridad del registro',
      notVerified: 'sin verificar',
      intact: 'intacto',
      tampered: 'alterado',
      runVerify:
        'El registro todavía no se ha verificado: ejecute <code>npm run audit:verify</code>.',
      lastVerified_one:
        'Verificado por última vez el {{date}}: {{events}} eventos en {{streams}} flujos, {{count}} sello comprobado.',
      lastVerified_other:
        'Verificado por última vez el {{date}}: {{events}} eventos en {{streams}} flujos, {{count}} sellos comprobados.',
      problem: 'Flujo {{stream}}, revisión {{revision}}',
      problemAt: 'Flujo {{stream}}, revisión {{revision}}, posición {{position}}',
      moreProblems_one: '({{count}} problema más)',
      moreProblems_other: '({{count}} problemas más)',
      sealed:
        'Sellado por última vez el {{date}}, hasta la posición {{position}} ({{events}} eventos).',
      notSealed: 'Todavía no se ha sellado.',
    },
    heldBack: {
      title: 'Las actualizaciones en vivo están retenidas',
      waiting_one:
        '{{count}} cambio confirmado, registrado {{date}}, espera detrás de una transacción que sigue abierta en la base de datos. Las proyecciones, las actualizaciones en vivo y las lecturas de cambios recientes continúan cuando termine.',
      waiting_other:
        '{{count}} cambios confirmados, el primero registrado {{date}}, esperan detrás de una transacción que sigue abierta en la base de datos. Las proyecciones, las actualizaciones en vivo y las lecturas de cambios recientes continúan cuando termine.',
      session: 'Sesión {{pid}} ({{application}}), {{state}}, abierta desde {{date}}.',
      unseen:
        'No se ve ninguna sesión de esta base de datos que la ejecute: puede ser una transacción preparada (pg_prepared_xacts; COMMIT PREPARED o ROLLBACK PREPARED la terminan) o una sesión de un rol que el servicio no puede ver (pg_stat_activity).',
      unnamed: 'sin nombre de aplicación',
    },
    operator: {
      types: {
        Patient: 'Paciente',
        Provider: 'Proveedor',
        Staff: 'Personal',
        PracticeAdmin: 'Administrador del consultorio',
        SuperUser: 'Superusuario',
        SupportAgent: 'Agente de soporte',
        FinancialSuperUser: 'Superusuario financiero',
        Guest: 'Invitado',
      },
      signedInAs: 'Sesión iniciada como {{email}}',
      analytics: 'Análisis de los consultorios',
    },
  },
};
