import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * `Webhook-Signature`: hex HMAC-SHA256 of the exact body bytes, keyed with the endpoint secret as
 * a plain UTF-8 string (no decoding, no timestamp, no prefix), as the public API's clients check it.
 */
export function signWebhookBody(body: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * What a receiver does: recompute and compare in constant time after a length check. A header
 * that is not 64 hex characters never matches. (Hex case does not matter to clients.)
 */
export function verifyWebhookSignature(
  body: string | Buffer,
  secret: string,
  header: string | undefined | null,
): boolean {
  if (!header || !/^[0-9a-fA-F]{64}$/.test(header)) return false;
  const expected = Buffer.from(signWebhookBody(body, secret), 'hex');
  const given = Buffer.from(header, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
