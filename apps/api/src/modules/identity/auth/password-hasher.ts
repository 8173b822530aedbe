import { Algorithm, hash, verify } from '@node-rs/argon2';
import { Injectable } from '@nestjs/common';

// OWASP's argon2id floor: 19 MiB, two passes, one lane.
const OPTIONS = { algorithm: Algorithm.Argon2id, timeCost: 2, memoryCost: 19456, parallelism: 1 };

/**
 * Stores argon2id of what the client sends (the SHA-256 of the password). A sign-in for an
 * unknown account verifies against a fixed hash, so both take the same time.
 */
@Injectable()
export class PasswordHasher {
  private readonly dummy = hash('medbook-unknown-account', OPTIONS);

  hash(secret: string): Promise<string> {
    return hash(secret, OPTIONS);
  }

  async verify(stored: string | null, secret: string): Promise<boolean> {
    if (!stored) {
      await verify(await this.dummy, secret).catch(() => false);
      return false;
    }
    return verify(stored, secret).catch(() => false);
  }
}
