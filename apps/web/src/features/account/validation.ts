/** The account forms check their fields with the shared DTO rules (one copy: shared/field-errors). */
export { fieldErrors } from '../../shared/field-errors';

/** Eight or more characters with upper and lower case letters, a digit and a symbol. */
export const PASSWORD_RULE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,128}$/;
