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
 * Genuine only when the signature is the service key's over exactly these bytes, and the bytes
 * are the canonical form of what they say (a re-ordered or re-spaced copy is not what was signed).
 */
export function checkPassport(token: string, publicKey: KeyObject): PassportCheck {
  const [payload, signature] = token.split('.');
  if (!payload || !signature) return { genuine: false };
  let bytes: Buffer;
  try {
    bytes = inflateRawSync(Buffer.from(payload, 'base64url'), {
      maxOutputLength: MAX_PAYLOAD_BYTES,
    });
  } catch {
    return { genuine: false };
  }
  const signed = Buffer.from(signature, 'base64url');
  if (signed.length !== 64 || !verifyBytes(null, bytes, publicKey, signed)) {
    return { genuine: false };
  }
  let data: unknown;
  try {
    data = JSON.parse(bytes.toString('utf8'));
  } catch {
    return { genuine: false };
  }
  if (canonicalJson(data) !== bytes.toString('utf8')) return { genuine: false };
  return { genuine: true, data: data as PassportData };
}
