import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sealData, unsealData } from 'iron-session';

/**
 * The payer's session: an iron-session sealed cookie bound to one flow (the seal holds the flow
 * id, and the cookie's Path is the flow's pages), carrying the CSRF token every form sends back.
 * It survives reloads; another flow, or a forged or expired cookie, reads as no session.
 */
export interface PayerSession {
  flowId: string;
  csrf: string;
  language?: string;
  currencySeen?: boolean;
  visited?: boolean;
}

const COOKIE = 'bf_pay';

export function newSession(flowId: string): PayerSession {
  return { flowId, csrf: randomBytes(24).toString('base64url') };
}

function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie') ?? '';
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

export async function readSession(request: Request, flowId: string, secret: string): Promise<PayerSession | null> {
  const sealed = readCookie(request, COOKIE);
  if (!sealed) return null;
  try {
    const data = await unsealData<PayerSession>(decodeURIComponent(sealed), { password: secret });
    return data && data.flowId === flowId && typeof data.csrf === 'string' ? data : null;
  } catch {
    return null;
  }
}

/** The Set-Cookie header for a session, living as long as the flow does. */
export async function sessionCookie(
  session: PayerSession,
  secret: string,
  expiresAt: Date,
  now: Date,
): Promise<string> {
  const ttl = Math.max(60, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  const sealed = await sealData(session, { password: secret, ttl });
  return `${COOKIE}=${encodeURIComponent(sealed)}; Path=/pay/${session.flowId}; Max-Age=${ttl}; HttpOnly; Secure; SameSite=Lax`;
}

export function csrfMatches(session: PayerSession, given: FormDataEntryValue | null): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(session.csrf);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
