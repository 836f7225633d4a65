import { hkdfSync } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import type { Clock } from '../shared/clock';

/** The cookie the dashboard's `/dashboard/mailbox` sets: one organisation's pass, sent only to `/sandbox/mailbox`. */
export const MAILBOX_COOKIE = 'bf_mailbox';

/** How long a dashboard user's pass to the sandbox mailbox lasts before the dashboard gives a new one. */
export const MAILBOX_ACCESS_SECONDS = 3600;

/**
 * Passes to the sandbox mailbox, one organisation's mail each (issue #40.5, decision 0064). The
 * dashboard gives one to a signed-in user as a cookie on `/sandbox/mailbox`; the pages read only
 * that organisation's mail with it. Encrypted and authenticated (JWE, a key derived from the
 * sealing secret, as mandate PDF links), so it names nothing readable and cannot be altered.
 */
export function createMailboxAccess(deps: { sealingSecret: string; clock: Clock }) {
  const key = new Uint8Array(hkdfSync('sha256', deps.sealingSecret, 'mailbox', 'bankflow sandbox mailbox access', 32));
  return {
    async grant(organisationId: string): Promise<string> {
      const now = Math.floor(deps.clock.now().getTime() / 1000);
      return new EncryptJWT({ org: organisationId })
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setIssuedAt(now)
        .setExpirationTime(now + MAILBOX_ACCESS_SECONDS)
        .encrypt(key);
    },
    /** The organisation a pass is for, or null when it is not one of ours or has run out. */
    async organisationOf(pass: string): Promise<string | null> {
      try {
        const { payload } = await jwtDecrypt(pass, key, { currentDate: deps.clock.now() });
        return typeof payload.org === 'string' ? payload.org : null;
      } catch {
        return null;
      }
    },
  };
}
