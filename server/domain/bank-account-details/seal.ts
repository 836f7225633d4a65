import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Full bank details are kept sealed at rest: AES-256-GCM under a key derived from the operator's
 * secret (BANK_DETAILS_KEY, or the one generated into DATA_DIR), so a copy of the database alone
 * does not reveal an account number. Format: `v1.<iv>.<tag>.<ciphertext>`, base64url parts.
 */
const VERSION = 'v1';

const keyOf = (secret: string) => createHash('sha256').update(`bankflow bank details\0${secret}`).digest();

export function seal(secret: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The sealed text opened, or an error when it was sealed under another key or altered. */
export function unseal(secret: string, sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('unknown sealed format');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
