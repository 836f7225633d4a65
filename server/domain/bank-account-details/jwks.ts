import { FlattenedEncrypt, importJWK, type FlattenedJWE, type JWK } from 'jose';
import type { FieldIssue } from '../shared/errors';

/** What the spec asks for: RSA-OAEP with SHA-256 to the caller's key, A256GCM for the content. */
export const KEY_ALGORITHM = 'RSA-OAEP-256';
export const CONTENT_ENCRYPTION = 'A256GCM';
const RSA_2048_MODULUS_BYTES = 256;

export interface Jwks {
  keys: JWK[];
}

/** An RSA-2048 public encryption key with a `kid`: the only kind bank details are sent to. */
function isUsableKey(key: JWK): boolean {
  if (key.kty !== 'RSA' || typeof key.kid !== 'string' || !key.kid || typeof key.n !== 'string') return false;
  if (key.use !== undefined && key.use !== 'enc') return false;
  if (key.alg !== undefined && key.alg !== KEY_ALGORITHM) return false;
  return Buffer.from(key.n, 'base64url').length === RSA_2048_MODULUS_BYTES;
}

/**
 * Checks a JWKS an operator registers: a `keys` array, no private key material (the service must
 * never hold the organisation's private key), and at least one usable key.
 */
export function checkJwks(value: unknown): { ok: true; jwks: Jwks } | { ok: false; issues: FieldIssue[] } {
  const keys = (value as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys) || keys.some((k) => typeof k !== 'object' || k === null))
    return { ok: false, issues: [{ field: 'jwks', code: 'invalid_jwks' }] };
  if ((keys as JWK[]).some((k) => 'd' in k || 'p' in k || 'q' in k))
    return { ok: false, issues: [{ field: 'jwks', code: 'jwks_has_private_key' }] };
  if (!(keys as JWK[]).some(isUsableKey)) return { ok: false, issues: [{ field: 'jwks', code: 'jwks_no_usable_key' }] };
  return { ok: true, jwks: { keys: keys as JWK[] } };
}

/** The JWKS's first usable key, which the protected header names by its `kid`. */
export const usableKey = (jwks: Jwks): JWK | undefined => jwks.keys.find(isUsableKey);

/** Encrypts `plaintext` to `key` as a flattened JWE: the spec's five base64url fields. */
export async function encryptTo(
  key: JWK,
  plaintext: string,
): Promise<Required<Pick<FlattenedJWE, 'protected' | 'encrypted_key' | 'iv' | 'ciphertext' | 'tag'>>> {
  const publicKey = await importJWK({ kty: key.kty, n: key.n, e: key.e }, KEY_ALGORITHM);
  const jwe = await new FlattenedEncrypt(new TextEncoder().encode(plaintext))
    .setProtectedHeader({ alg: KEY_ALGORITHM, enc: CONTENT_ENCRYPTION, kid: key.kid })
    .encrypt(publicKey);
  return {
    protected: jwe.protected!,
    encrypted_key: jwe.encrypted_key!,
    iv: jwe.iv!,
    ciphertext: jwe.ciphertext,
    tag: jwe.tag!,
  };
}
