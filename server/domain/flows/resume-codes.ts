import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/db';
import { col, defineTable } from '../shared/table';
import type { FlowRow } from './types';

/**
 * The one-time codes that let a payer resume a flow in a browser without its session (decision
 * 0093): six digits mailed to the email the payer gave, kept only as an HMAC bound to the flow and
 * the address, living ten minutes, five wrong tries, five sends an hour.
 */
export const flowResumeCodesTable = defineTable('flow_resume_codes', {
  flow_id: col.text(),
  organisation_id: col.text(),
  billing_request_id: col.text(),
  code_hash: col.text(),
  email_hash: col.text(),
  expires_at: col.timestamptz(),
  attempts: col.integer(),
  used_at: col.timestamptz().nullable(),
  sends: col.integer(),
  sends_since: col.timestamptz(),
  created_at: col.timestamptz(),
  updated_at: col.timestamptz(),
});

export interface ResumeCodeRow {
  flow_id: string;
  organisation_id: string;
  billing_request_id: string;
  code_hash: string;
  email_hash: string;
  expires_at: Date;
  attempts: number;
  used_at: Date | null;
  sends: number;
  sends_since: Date;
  created_at: Date;
  updated_at: Date;
}

export const RESUME_CODE_TTL_MS = 10 * 60_000;
export const RESUME_CODE_MAX_ATTEMPTS = 5;
export const RESUME_CODE_MAX_SENDS = 5;
export const RESUME_CODE_SEND_WINDOW_MS = 60 * 60_000;

/** The code's HMAC, bound to the flow, its billing request and the address it was sent to. */
export function resumeCodeHash(
  secret: string,
  flow: Pick<FlowRow, 'id' | 'billing_request_id'>,
  email: string,
  code: string,
) {
  return createHmac('sha256', secret)
    .update(`resume\u0000${flow.id}\u0000${flow.billing_request_id}\u0000${email.toLowerCase()}\u0000${code}`)
    .digest('hex');
}

export const emailHash = (secret: string, email: string) =>
  createHmac('sha256', secret).update(`resume-email\u0000${email.toLowerCase()}`).digest('hex');

const sameHex = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export type IssueResult = { issued: true; code: string } | { issued: false; reason: 'resume_code_rate_limited' };

/**
 * A new code for the flow, replacing the one before (its attempts start again), unless the flow
 * has had its sends for this hour. The row is locked while it is read, so two sends at once count twice.
 */
export async function issueResumeCode(
  tx: Queryable,
  secret: string,
  flow: FlowRow,
  email: string,
  now: Date,
): Promise<IssueResult> {
  const { rows } = await tx.query<ResumeCodeRow>('SELECT * FROM flow_resume_codes WHERE flow_id = $1 FOR UPDATE', [
    flow.id,
  ]);
  const current = rows[0];
  const windowOpen = current && now.getTime() - current.sends_since.getTime() < RESUME_CODE_SEND_WINDOW_MS;
  if (current && windowOpen && current.sends >= RESUME_CODE_MAX_SENDS)
    return { issued: false, reason: 'resume_code_rate_limited' };
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const values = [
    flow.id,
    flow.organisation_id,
    flow.billing_request_id,
    resumeCodeHash(secret, flow, email, code),
    emailHash(secret, email),
    new Date(now.getTime() + RESUME_CODE_TTL_MS),
    windowOpen ? current.sends + 1 : 1,
    windowOpen ? current.sends_since : now,
    now,
  ];
  await tx.query(
    `INSERT INTO flow_resume_codes (flow_id, organisation_id, billing_request_id, code_hash, email_hash, expires_at,
       attempts, used_at, sends, sends_since, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, 0, NULL, $7, $8, $9, $9)
     ON CONFLICT (flow_id) DO UPDATE SET code_hash = $4, email_hash = $5, expires_at = $6, attempts = 0,
       used_at = NULL, sends = $7, sends_since = $8, updated_at = $9`,
    values,
  );
  return { issued: true, code };
}

export type CheckResult =
  | { ok: true }
  | { ok: false; reason: 'resume_code_incorrect' | 'resume_code_expired' | 'resume_code_attempts_exceeded' };

/**
 * Checks a code the payer typed: right, wrong (one attempt more), or refused (none sent, used,
 * expired, or too many wrong tries: a new code is needed). A right code is used once.
 */
export async function checkResumeCode(
  tx: Queryable,
  secret: string,
  flow: FlowRow,
  email: string,
  code: string,
  now: Date,
): Promise<CheckResult> {
  const { rows } = await tx.query<ResumeCodeRow>('SELECT * FROM flow_resume_codes WHERE flow_id = $1 FOR UPDATE', [
    flow.id,
  ]);
  const row = rows[0];
  if (!row || row.used_at || row.expires_at.getTime() <= now.getTime())
    return { ok: false, reason: 'resume_code_expired' };
  if (row.attempts >= RESUME_CODE_MAX_ATTEMPTS) return { ok: false, reason: 'resume_code_attempts_exceeded' };
  if (
    !sameHex(row.email_hash, emailHash(secret, email)) ||
    !sameHex(row.code_hash, resumeCodeHash(secret, flow, email, code))
  ) {
    await tx.query('UPDATE flow_resume_codes SET attempts = attempts + 1, updated_at = $2 WHERE flow_id = $1', [
      flow.id,
      now,
    ]);
    return row.attempts + 1 >= RESUME_CODE_MAX_ATTEMPTS
      ? { ok: false, reason: 'resume_code_attempts_exceeded' }
      : { ok: false, reason: 'resume_code_incorrect' };
  }
  await tx.query('UPDATE flow_resume_codes SET used_at = $2, updated_at = $2 WHERE flow_id = $1', [flow.id, now]);
  return { ok: true };
}

/** The payer answered a step: stamped once, the first time. */
export async function markPayerAnswered(tx: Queryable, flowId: string, now: Date): Promise<void> {
  await tx.query('UPDATE billing_request_flows SET payer_answered_at = COALESCE(payer_answered_at, $2) WHERE id = $1', [
    flowId,
    now,
  ]);
}
