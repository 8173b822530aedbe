import { VALIDATION_MESSAGES } from './identity/patterns';

/** class-validator options that answer with the spec's shared messages (kept out of the index). */
export const required = { message: VALIDATION_MESSAGES.required };
export const length = { message: VALIDATION_MESSAGES.length };
export const invalid = { message: VALIDATION_MESSAGES.invalid };
