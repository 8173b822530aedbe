import { validateSync } from 'class-validator';

/**
 * A form's fields checked in the browser by a DTO class of libs/contracts, with the rules and the
 * spec's messages the API applies: each field's first message ('Required' over the others).
 */
export function fieldErrors<T extends object>(
  Dto: new () => T,
  values: Partial<Record<keyof T, unknown>>,
): Partial<Record<keyof T, string>> {
  const instance = Object.assign(new Dto(), values);
  const errors: Partial<Record<keyof T, string>> = {};
  for (const error of validateSync(instance, { forbidUnknownValues: false })) {
    const messages = Object.values(error.constraints ?? {});
    errors[error.property as keyof T] = messages.includes('Required')
      ? 'Required'
      : (messages[messages.length - 1] ?? 'Invalid');
  }
  return errors;
}
