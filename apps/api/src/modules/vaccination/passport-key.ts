import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { DATABASE, type Database } from '../../infra/database/database';
import { keyIdOf } from './domain/passport-signature';

/** auth_keys' row of the key made when PASSPORT_SIGNING_KEY is not set. */
const STORED_KEY_ID = 'passport-ed25519-v1';

/** PASSPORT_SIGNING_KEY as PEM text, base64 of that PEM, or base64 of the PKCS#8 DER. */
export function parseSigningKey(text: string): KeyObject {
  const trimmed = text.trim();
  let key: KeyObject;
  if (trimmed.startsWith('-----BEGIN')) key = createPrivateKey(trimmed);
  else {
    const bytes = Buffer.from(trimmed, 'base64');
    const asText = bytes.toString('utf8');
    key = asText.startsWith('-----BEGIN')
      ? createPrivateKey(asText)
      : createPrivateKey({ key: bytes, format: 'der', type: 'pkcs8' });
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new Error('PASSPORT_SIGNING_KEY must be an Ed25519 private key (PKCS#8)');
  }
  return key;
}

/**
 * The service's passport key: from configuration, else made once and kept in the database (the
 * first process to start inserts it; every other one reads the same row).
 */
@Injectable()
export class PassportKey implements OnModuleInit {
  private privateKey: KeyObject | null = null;
  private publicKeyObject: KeyObject | null = null;
  private id = '';

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    const key = this.config.passportSigningKey
      ? parseSigningKey(this.config.passportSigningKey)
      : await this.storedKey();
    this.privateKey = key;
    this.publicKeyObject = createPublicKey(key);
    this.id = keyIdOf(key);
  }

  private async storedKey(): Promise<KeyObject> {
    const { db } = this.database;
    const made = generateKeyPairSync('ed25519').privateKey;
    await db
      .insertInto('auth_keys')
      .values({ kid: STORED_KEY_ID, secret: made.export({ type: 'pkcs8', format: 'der' }) })
      .onConflict((oc) => oc.column('kid').doNothing())
      .execute();
    const row = await db
      .selectFrom('auth_keys')
      .select('secret')
      .where('kid', '=', STORED_KEY_ID)
      .executeTakeFirstOrThrow();
    return createPrivateKey({ key: Buffer.from(row.secret), format: 'der', type: 'pkcs8' });
  }

  get signing(): KeyObject {
    if (!this.privateKey) throw new Error('The passport key is not loaded yet');
    return this.privateKey;
  }

  get publicKey(): KeyObject {
    if (!this.publicKeyObject) throw new Error('The passport key is not loaded yet');
    return this.publicKeyObject;
  }

  get keyId(): string {
    return this.id;
  }
}
