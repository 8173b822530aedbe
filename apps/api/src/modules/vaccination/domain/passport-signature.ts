import {
  createHash,
  createPublicKey,
  type KeyObject,
  sign as signBytes,
  verify as verifyBytes,
} from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { PassportData } from '@medbook/contracts';

/** The most a passport's payload may inflate to: far above any record, far below a zip bomb. */
const MAX_PAYLOAD_BYTES = 16 * 1024;

/**
 * JSON with every object's keys in code-point order and no spaces: the same data always gives
 * the same bytes, so a signature over them is checked against exactly what was signed. The
 * passport holds only strings, integers, null and arrays, for which this is RFC 8785's form.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A key's id in the passport: the first bytes of its public key's SHA-256, base64url. */
export function keyIdOf(key: KeyObject): string {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('base64url').slice(0, 11);
}

/**
 * The QR code's token: the canonical JSON, deflated (the keys repeat per dose), base64url; a dot;
 * the Ed25519 signature of the canonical JSON's bytes, base64url.
 */
export function signPassport(data: PassportData, privateKey: KeyObject): string {
  const bytes = Buffer.from(canonicalJson(data), 'utf8');
  const signature = signBytes(null, bytes, privateKey);
  return `${deflateRawSync(bytes, { level: 9 }).toString('base64url')}.${signature.toString('base64url')}`;
}

export type PassportCheck =
  { readonly genuine: true; readonly data: PassportData } | { readonly genuine: false };

/**
 * Genuine only when the signature is, by the key the passport names (its kid), one of the keys
 * `keyFor` believes, over exactly these bytes, and the bytes are the canonical form of what they
 * say (a re-ordered or re-spaced copy is not what was signed). The kid is itself signed: naming
 * another key breaks the signature.
 */
export function checkPassport(
  token: string,
  keyFor: (kid: string) => KeyObject | undefined,
): PassportCheck {
  const opened = openPassport(token);
  if (!opened) return { genuine: false };
  const publicKey = keyFor(opened.kid);
  if (!publicKey || !verifyBytes(null, opened.bytes, publicKey, opened.signature)) {
    return { genuine: false };
  }
  if (canonicalJson(opened.data) !== opened.bytes.toString('utf8')) return { genuine: false };
  return { genuine: true, data: opened.data as PassportData };
}

/** The key a passport says signed it, before anything is believed (null: not a passport). */
export function passportKeyId(token: string): string | null {
  return openPassport(token)?.kid ?? null;
}

function openPassport(token: string): {
  readonly bytes: Buffer;
  readonly signature: Buffer;
  readonly data: unknown;
  readonly kid: string;
} | null {
  const [payload, signature] = token.split('.');
  if (!payload || !signature) return null;
  let bytes: Buffer;
  let data: unknown;
  try {
    bytes = inflateRawSync(Buffer.from(payload, 'base64url'), {
      maxOutputLength: MAX_PAYLOAD_BYTES,
    });
    data = JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
  const signed = Buffer.from(signature, 'base64url');
  const kid = (data as { kid?: unknown } | null)?.kid;
  if (signed.length !== 64 || typeof kid !== 'string') return null;
  return { bytes, signature: signed, data, kid };
}
