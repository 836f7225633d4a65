import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sealData, unsealData } from 'iron-session';

/**
 * The dashboard's session: an iron-session sealed cookie on /dashboard, always carrying the CSRF
 * token its forms send back. Signed in, it names the user and the session generation it was made
 * in; the user's generation moving on (sign out everywhere, a new password) ends it. Between the
 * password and the TOTP code it names the user only as `pending`.
 */
export interface DashboardSession {
  csrf: string;
  userId?: string;
  generation?: number;
  pending?: { userId: string; generation: number };
  /** A TOTP secret being set up: shown to the user, saved only once they give back a code. */
  totpSetup?: string;
}

const COOKIE = 'bf_dash';
/** A working day: after it the merchant signs in again. */
export const SESSION_SECONDS = 12 * 3600;

export const newDashboardSession = (): DashboardSession => ({ csrf: randomBytes(24).toString('base64url') });

function readCookie(request: Request): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === COOKIE) return rest.join('=');
  }
  return undefined;
}

export async function readDashboardSession(request: Request, secret: string): Promise<DashboardSession | null> {
  const sealed = readCookie(request);
  if (!sealed) return null;
  try {
    const data = await unsealData<DashboardSession>(decodeURIComponent(sealed), {
      password: secret,
      ttl: SESSION_SECONDS,
    });
    return data && typeof data.csrf === 'string' ? data : null;
  } catch {
    return null;
  }
}

export async function dashboardCookie(session: DashboardSession, secret: string): Promise<string> {
  const sealed = await sealData(session, { password: secret, ttl: SESSION_SECONDS });
  return `${COOKIE}=${encodeURIComponent(sealed)}; Path=/dashboard; Max-Age=${SESSION_SECONDS}; HttpOnly; Secure; SameSite=Lax`;
}

/** A signed-in session starts afresh: a new CSRF token, so one seen before sign-in is worth nothing after. */
export const signedInSession = (userId: string, generation: number): DashboardSession => ({
  ...newDashboardSession(),
  userId,
  generation,
});

export function csrfMatches(session: DashboardSession, given: FormDataEntryValue | null): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(session.csrf);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
