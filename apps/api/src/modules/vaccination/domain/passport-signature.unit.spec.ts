import { generateKeyPairSync } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { PassportData } from '@medbook/contracts';
import { canonicalJson, checkPassport, keyIdOf, signPassport } from './passport-signature';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const other = generateKeyPairSync('ed25519');

const data: PassportData = {
  v: 1,
  kid: keyIdOf(privateKey),
  patient_id: '00000000-0000-4000-8000-000000000001',
  name: 'Ada Lovelace',
  birth_date: '1990-04-01',
  issued_at: '2026-11-23T10:00:00.000Z',
  vaccinations: [
    {
      kind: 'Covid',
      vaccine: 'Comirnaty',
      date: '2026-11-20',
      lot: 'FA1234',
      dose: 1,
      practice: 'Demo Clinic',
    },
  ],
};

/** Whether two deflated payloads inflate to the same bytes (one that does not inflate: no). */
function contentEquals(payload: string, original: string): boolean {
  try {
    return inflateRawSync(Buffer.from(payload, 'base64url')).equals(
      inflateRawSync(Buffer.from(original, 'base64url')),
    );
  } catch {
    return false;
  }
}

/** The service believes its own key only. */
const believed = (kid: string) => (kid === keyIdOf(privateKey) ? publicKey : undefined);

/** The token with its payload's JSON changed by `change`, the signature kept. */
function altered(token: string, change: (json: string) => string): string {
  const [payload, signature] = token.split('.') as [string, string];
  const json = inflateRawSync(Buffer.from(payload, 'base64url')).toString('utf8');
  const changed = change(json);
  expect(changed).not.toBe(json);
  return `${deflateRawSync(Buffer.from(changed)).toString('base64url')}.${signature}`;
}

describe('canonical JSON', () => {
  it('orders keys at every depth and drops no value', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 'x', c: null }] })).toBe(
      '{"a":[{"c":null,"d":"x"}],"b":1}',
    );
  });
});

describe('the passport signature', () => {
  it('verifies a passport signed by the key', () => {
    const check = checkPassport(signPassport(data, privateKey), believed);
    expect(check).toEqual({ genuine: true, data });
  });

  it('fails when a date, the name or a dose number is changed', () => {
    const token = signPassport(data, privateKey);
    for (const change of [
      (json: string) => json.replace('2026-11-20', '2026-11-19'),
      (json: string) => json.replace('Ada Lovelace', 'Ada Lovelacf'),
      (json: string) => json.replace('"dose":1', '"dose":2'),
    ]) {
      expect(checkPassport(altered(token, change), believed)).toEqual({ genuine: false });
    }
  });

  it('fails when any byte of the token changes', () => {
    const token = signPassport(data, privateKey);
    for (let i = 0; i < token.length; i += 1) {
      if (token[i] === '.') continue;
      const replacement = token[i] === 'A' ? 'B' : 'A';
      const changed = `${token.slice(0, i)}${replacement}${token.slice(i + 1)}`;
      const check = checkPassport(changed, believed);
      // The last base64url character of the signature carries 4 unused bits: changing only
      // those decodes to the same bytes, which is the same signature, not an altered one. The
      // payload is deflated, and the signature covers what it inflates to: a change in bits the
      // inflater never reads (the stream's padding) is the same passport too. The key, and so
      // the payload (its kid), is new each run: CI met such a byte once.
      const sameContent =
        Buffer.from(changed.split('.')[1]!, 'base64url').equals(
          Buffer.from(token.split('.')[1]!, 'base64url'),
        ) && contentEquals(changed.split('.')[0]!, token.split('.')[0]!);
      expect(check.genuine).toBe(sameContent);
    }
  });

  it('fails for a signature made with another key, and for a re-ordered copy of the data', () => {
    expect(checkPassport(signPassport(data, other.privateKey), believed)).toEqual({
      genuine: false,
    });
    const token = signPassport(data, privateKey);
    const reordered = altered(token, (json) => JSON.stringify(JSON.parse(json), null, 1));
    expect(checkPassport(reordered, believed)).toEqual({ genuine: false });
  });

  it('fails on garbage, without throwing', () => {
    expect(checkPassport('abc.def', believed)).toEqual({ genuine: false });
    expect(checkPassport('.', believed)).toEqual({ genuine: false });
  });
});

describe('a rotated key', () => {
  const newer = generateKeyPairSync('ed25519');
  const both = (kid: string) =>
    kid === keyIdOf(privateKey)
      ? publicKey
      : kid === keyIdOf(newer.privateKey)
        ? newer.publicKey
        : undefined;
  const renewed: PassportData = { ...data, kid: keyIdOf(newer.privateKey) };

  it("leaves passports signed by the older key genuine, beside the newer key's", () => {
    expect(checkPassport(signPassport(data, privateKey), both)).toEqual({ genuine: true, data });
    expect(checkPassport(signPassport(renewed, newer.privateKey), both)).toEqual({
      genuine: true,
      data: renewed,
    });
  });

  it('is no longer believed once retired: its passports read not genuine', () => {
    const retired = (kid: string) =>
      kid === keyIdOf(newer.privateKey) ? newer.publicKey : undefined;
    expect(checkPassport(signPassport(data, privateKey), retired)).toEqual({ genuine: false });
  });

  it('cannot be named by a passport another key signed (the kid is signed too)', () => {
    const token = signPassport(data, privateKey);
    const renamed = altered(token, (json) => json.replace(data.kid, renewed.kid));
    expect(checkPassport(renamed, both)).toEqual({ genuine: false });
    // Signed by the newer key but naming the older one: checked with the older, and refused.
    expect(checkPassport(signPassport(data, newer.privateKey), both)).toEqual({ genuine: false });
  });
});
