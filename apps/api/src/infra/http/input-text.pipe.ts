import { type ArgumentMetadata, BadRequestException, type PipeTransform } from '@nestjs/common';

/** Deeper JSON than this is refused before any validation runs on it. */
export const MAX_INPUT_DEPTH = 32;

/**
 * C0 and C1 control characters other than tab, line feed and carriage return: NUL and its kin
 * have no place in a name, a reason or an id, and PostgreSQL refuses NUL in text outright.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * A UTF-16 surrogate with no partner ("\ud800" in JSON): not a character at all, so it cannot be
 * stored as text (PostgreSQL refuses it in jsonb) and is refused here rather than failing the write.
 * With the `u` flag a well-formed pair is one code point, so only a lone half matches.
 */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Runs before the ValidationPipe on every body, query string and path parameter: strings are
 * NFC-normalised and trimmed (so a name typed in decomposed Unicode, or padded with spaces, is
 * measured and matched as people read it), control characters and over-deep nesting are refused
 * with 400 in the envelope.
 */
export class InputTextPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'custom') return value;
    return clean(value, metadata.data ?? metadata.type, 0);
  }
}

function clean(value: unknown, path: string, depth: number): unknown {
  if (typeof value === 'string') {
    if (CONTROL.test(value)) refuse(`${path} must not contain control characters`);
    if (LONE_SURROGATE.test(value)) refuse(`${path} must be well-formed Unicode text`);
    return value.normalize('NFC').trim();
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_INPUT_DEPTH)
    refuse(`input must not be nested more than ${MAX_INPUT_DEPTH} deep`);
  if (Array.isArray(value)) return value.map((item, i) => clean(item, `${path}[${i}]`, depth + 1));
  const cleaned: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (CONTROL.test(key) || LONE_SURROGATE.test(key))
      refuse(`${path} must not contain control characters`);
    // defineProperty, not assignment: a "__proto__" key in the JSON stays a plain (and later
    // non-whitelisted) property instead of replacing the cleaned object's prototype.
    Object.defineProperty(cleaned, key, {
      value: clean(item, depth === 0 && path === 'body' ? key : `${path}.${key}`, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return cleaned;
}

function refuse(message: string): never {
  throw new BadRequestException({ message: [message] });
}
