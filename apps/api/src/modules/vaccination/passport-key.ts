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

/** How often at most an unknown key id reads the believed keys again. */
const REREAD_MS = 1000;

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
 * first process to start inserts it; every other one reads the same row). Every key that has
 * signed is registered by its public key in passport_keys, so passports signed before a rotation
 * still verify, unless their key is retired (PASSPORT_RETIRED_KEY_IDS).
 */
@Injectable()
export class PassportKey implements OnModuleInit {
  private privateKey: KeyObject | null = null;
  private publicKeyObject: KeyObject | null = null;
  private id = '';
  /** The believed keys by id, as last read (another process may have rotated since). */
  private believed = new Map<string, KeyObject>();
  private readAt = 0;

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
    await this.database.db
      .insertInto('passport_keys')
      .values({
        kid: this.id,
        public_key: this.publicKeyObject.export({ type: 'spki', format: 'der' }),
      })
      .onConflict((oc) => oc.column('kid').doNothing())
      .execute();
    await this.readBelieved();
  }

  /**
   * The public key of a believed key by its id. An unknown id reads the keys again (a process
   * may have started with a new key since), at most once a second: the verification page is
   * public, and made-up ids must not each cost a query.
   */
  async verifying(kid: string): Promise<KeyObject | undefined> {
    if (this.config.passportRetiredKeyIds.includes(kid)) return undefined;
    if (!this.believed.has(kid) && Date.now() - this.readAt >= REREAD_MS) {
      await this.readBelieved();
    }
    return this.believed.get(kid);
  }

  private async readBelieved(): Promise<void> {
    this.readAt = Date.now();
    const rows = await this.database.db
      .selectFrom('passport_keys')
      .select(['kid', 'public_key'])
      .execute();
    const retired = new Set(this.config.passportRetiredKeyIds);
    this.believed = new Map(
      rows
        .filter((row) => !retired.has(row.kid))
        .map((row) => [
          row.kid,
          createPublicKey({ key: Buffer.from(row.public_key), format: 'der', type: 'spki' }),
        ]),
    );
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
