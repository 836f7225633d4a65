import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Passwords are hashed with scrypt (Node's built-in, memory-hard): N = 2^15, r = 8, p = 1 uses
 * 32 MiB and ~50-100 ms per hash, OWASP's recommended floor. The parameters are stored with the
 * hash so they can be raised later without breaking old hashes.
 */
const PARAMETERS = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: { N: number; r: number; p: number }): Promise<Buffer> {
  const scryptOptions: ScryptOptions = { ...options, maxmem: 128 * options.N * options.r * 2 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, scryptOptions, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMETERS);
  const { N, r, p } = PARAMETERS;
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  // Without a hash, still spend the same time, so a missing account cannot be told by timing.
  const [scheme, n, r, p, salt, key] = (stored ?? `scrypt$${PARAMETERS.N}$8$1$AAAAAAAAAAAAAAAAAAAAAA$`).split('$');
  if (scheme !== 'scrypt' || !salt || key === undefined) return false;
  const derived = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  const expected = Buffer.from(key, 'base64url');
  return stored !== null && expected.length === derived.length && timingSafeEqual(expected, derived);
}

/** What a password must be: long enough to resist guessing, short enough to hash cheaply. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;
