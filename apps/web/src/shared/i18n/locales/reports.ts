import type { Bundle } from '../types';

/** The appointments report (/practice-admin/reports/analytics, a provider's own). */
const en = {
  title: 'Reports',
  ownExplanation: 'Your appointments by period and status, on the days of the visits.',
  practiceExplanation:
    "The practice's appointments by period, provider and status, on the days of the visits.",
  exportCsv: 'Export CSV',
  from: 'From',
  to: 'To',
  period: 'Period',
  periods: { day: 'Day', week: 'Week', month: 'Month' },
  provider: 'Provider',
  allProviders: 'All providers',
  status: 'Status',
  allStatuses: 'All statuses',
  loading: 'Loading the report',
  none: 'No appointments in this range.',
  tableLabel: 'Appointments by period and provider',
  total: 'Total',
  totalOf: 'Total: {{total}}',
  weekOf: 'Week of {{date}}',
} as const;

export const reports: Bundle<typeof en> = {
  en,
  es: {
    title: 'Informes',
    ownExplanation: 'Sus citas por período y estado, según el día de cada consulta.',
    practiceExplanation:
      'Las citas del consultorio por período, proveedor y estado, según el día de cada consulta.',
    exportCsv: 'Exportar CSV',
    from: 'Desde',
    to: 'Hasta',
    period: 'Período',
    periods: { day: 'Día', week: 'Semana', month: 'Mes' },
    provider: 'Proveedor',
    allProviders: 'Todos los proveedores',
    status: 'Estado',
    allStatuses: 'Todos los estados',
    loading: 'Cargando el informe',
    none: 'No hay citas en este rango.',
    tableLabel: 'Citas por período y proveedor',
    total: 'Total',
    totalOf: 'Total: {{total}}',
    weekOf: 'Semana del {{date}}',
  },
};
