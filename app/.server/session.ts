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
  /**
   * In the drop-in: the merchant page's origin (checked against the organisation's registered
   * origins when the session began). Framing, postMessage and the events' source follow it.
   */
  dropin?: string;
  /**
   * Begun without the flow's cookie after the payer had answered: their email must be confirmed
   * (a one-time code, decision 0093) before any page shows their answers.
   */
  locked?: boolean;
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

/** Whether the request carries a session cookie at all (a refused cookie never comes back). */
export const hasSessionCookie = (request: Request) => readCookie(request, COOKIE) !== undefined;

/**
 * Sessions this process has unsealed, by sealed value: iron derives its keys with PBKDF2 on every
 * unseal, 0.6 ms of a payer page's CPU (issue 15). A value is only ever kept after it unsealed
 * with the secret, and for no longer than the seal's own expiry nor a minute.
 */
const unsealed = new Map<string, { data: PayerSession; until: number }>();
const UNSEALED_KEPT_MS = 60_000;

/** The seal's expiry (ms since the epoch): iron's sixth `*` field; undefined when it has none. */
function sealExpiry(sealed: string): number | undefined {
  const expiration = Number(sealed.split('*')[5]);
  return Number.isSafeInteger(expiration) && expiration > 0 ? expiration : undefined;
}

async function unsealSession(sealed: string, secret: string): Promise<PayerSession | null> {
  const key = `${secret}\u0000${sealed}`;
  const kept = unsealed.get(key);
  if (kept && kept.until > Date.now()) return { ...kept.data };
  unsealed.delete(key);
  const data = await unsealData<PayerSession>(sealed, { password: secret });
  const expiry = sealExpiry(sealed);
  if (data && typeof data.flowId === 'string' && expiry) {
    if (unsealed.size >= 10_000) unsealed.clear();
    unsealed.set(key, { data: { ...data }, until: Math.min(expiry, Date.now() + UNSEALED_KEPT_MS) });
  }
  return data;
}

export async function readSession(request: Request, flowId: string, secret: string): Promise<PayerSession | null> {
  const sealed = readCookie(request, COOKIE);
  if (!sealed) return null;
  try {
    const data = await unsealSession(decodeURIComponent(sealed), secret);
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
  // In the drop-in the pages are a third-party iframe: only a SameSite=None cookie is sent there,
  // and Partitioned (CHIPS) keeps it to this merchant's site, so browsers that block third-party
  // cookies still keep it.
  const site = session.dropin ? 'SameSite=None; Partitioned' : 'SameSite=Lax';
  return `${COOKIE}=${encodeURIComponent(sealed)}; Path=/pay/${session.flowId}; Max-Age=${ttl}; HttpOnly; Secure; ${site}`;
}

export function csrfMatches(session: { csrf: string }, given: FormDataEntryValue | null): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(session.csrf);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Another sealed cookie of the payer pages (a template link's CSRF token): its data, or null when absent, forged or expired. */
export async function readSealedCookie<T>(request: Request, name: string, secret: string): Promise<T | null> {
  const sealed = readCookie(request, name);
  if (!sealed) return null;
  try {
    return (await unsealData<T>(decodeURIComponent(sealed), { password: secret })) ?? null;
  } catch {
    return null;
  }
}

/** `data` sealed for a cookie value (URI-encoded), living `ttl` seconds. */
export async function sealedCookie(data: object, secret: string, ttl: number): Promise<string> {
  return encodeURIComponent(await sealData(data, { password: secret, ttl }));
}
