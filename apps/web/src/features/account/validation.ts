import { validateSync } from 'class-validator';

/**
 * The DTO classes of libs/contracts validate forms in the browser with the same rules (and the
 * spec's messages) the API applies: field name to its first message.
 */
export function fieldErrors<T extends object>(
  Dto: new () => T,
  values: Partial<Record<keyof T, unknown>>,
): Partial<Record<keyof T, string>> {
  const instance = Object.assign(new Dto(), values);
  const errors: Partial<Record<keyof T, string>> = {};
  for (const error of validateSync(instance, { forbidUnknownValues: false })) {
    const messages = Object.values(error.constraints ?? {});
    // The spec's 'Required' wins over the pattern messages of an empty field.
    errors[error.property as keyof T] = messages.includes('Required')
      ? 'Required'
      : (messages[messages.length - 1] ?? 'Invalid');
  }
  return errors;
}

/** Eight or more characters with upper and lower case letters, a digit and a symbol. */
export const PASSWORD_RULE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,128}$/;
