import { RecordVaccinationHandler } from './record-vaccination';

export const VACCINATION_COMMAND_HANDLERS = [RecordVaccinationHandler];
