import type { Bundle } from '../types';

/** Resources (rooms, labs, equipment) in the search, and the results' map. */
const en = {
  searchFor: 'Search for',
  providers: 'Providers',
  resources: 'Rooms, labs & equipment',
  title: 'Find a Room, Lab or Equipment | Schedule Online',
  resourceType: 'Resource type',
  allTypes: 'All types',
  types: { Room: 'Room', Lab: 'Lab', Equipment: 'Equipment' },
  headings: { Room: 'Rooms', Lab: 'Labs', Equipment: 'Equipments' },
  near: '{{heading}} near {{place}}',
  count_one: '{{count}} resource',
  count_other: '{{count}} resources',
  miles: '{{distance}} mi',
  labTest: 'Lab test',
  map: 'Map',
  mapFailed: 'The map could not be loaded.',
  mapRegion: 'Map of the results',
  locations: 'Locations on the map',
  noLocation: 'No location to show on the map.',
  noAvailability: 'No availability.',
} as const;

export const resourcesSearch: Bundle<typeof en> = {
  en,
  es: {
    searchFor: 'Buscar',
    providers: 'Proveedores',
    resources: 'Salas, laboratorios y equipos',
    title: 'Encuentre una sala, un laboratorio o un equipo | Reserve en línea',
    resourceType: 'Tipo de recurso',
    allTypes: 'Todos los tipos',
    types: { Room: 'Sala', Lab: 'Laboratorio', Equipment: 'Equipo' },
    headings: { Room: 'Salas', Lab: 'Laboratorios', Equipment: 'Equipos' },
    near: '{{heading}} cerca de {{place}}',
    count_one: '{{count}} recurso',
    count_other: '{{count}} recursos',
    miles: '{{distance}} mi',
    labTest: 'Análisis de laboratorio',
    map: 'Mapa',
    mapFailed: 'No se pudo cargar el mapa.',
    mapRegion: 'Mapa de los resultados',
    locations: 'Ubicaciones en el mapa',
    noLocation: 'No hay ninguna ubicación para mostrar en el mapa.',
    noAvailability: 'Sin disponibilidad.',
  },
};
