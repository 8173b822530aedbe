import type { Bundle } from '../types';

/** A practice's public page (/practice/{id}). */
const en = {
  loading: 'Loading the practice',
  manageAppointments: 'Manage Appointments',
  facilities: 'Facilities',
  providers: 'Providers',
  seeAvailability: 'See availability',
  seeAvailabilityOf: 'See availability: {{name}}',
} as const;

export const practiceProfile: Bundle<typeof en> = {
  en,
  es: {
    loading: 'Cargando el consultorio',
    manageAppointments: 'Administrar citas',
    facilities: 'Centros',
    providers: 'Proveedores',
    seeAvailability: 'Ver disponibilidad',
    seeAvailabilityOf: 'Ver disponibilidad: {{name}}',
  },
};
