import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import {
  RESUME_CODE_MAX_ATTEMPTS,
  RESUME_CODE_MAX_SENDS,
  RESUME_CODE_TTL_MS,
} from '../../server/domain/flows/resume-codes';
import type { TestServer } from '../support/server';
import { startPagesServer, UK_PAYER } from '../support/pages';
import { PageClient } from '../support/browser';
import type { Merchant } from '../support/factories';
import { post } from '../support/journeys';
import { startSmtpReceiver } from '../support/smtp';

/**
 * Issue #38, resume anywhere (decision 0093): a browser without the flow's cookie, after the payer
 * answered, confirms the payer's email with a one-time code before it sees the answers. Through
 * HTTP as a browser without JavaScript, the code read from a real SMTP inbox.
 */
let server: TestServer;
let m: Merchant;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
const clock = new ManualClock(new Date());

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startPagesServer({ clock, env: { SMTP_URL: smtp.url, MAIL_FROM: 'pay@bankflow.test' } });
  m = await server.merchant();
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

let counter = 0;
/** A Bacs mandate's flow the payer left at the account step in browser A, after giving `email`. */
async function leftAtAccount() {
  const email = `resume-${Date.now()}-${++counter}@example.com`;
  const br = (
    await post(m.api, '/billing_requests', { billing_requests: { mandate_request: { currency: 'GBP' } } }, 201)
  ).billing_requests;
  const flow = (
    await post(
      m.api,
      '/billing_request_flows',
      { billing_request_flows: { lock_currency: true, links: { billing_request: br.id } } },
      201,
    )
  ).billing_request_flows;
  const flowId = flow.id as string;
  const a = new PageClient(server.url);
  const first = await a.open(`/pay/${flowId}`);
  expect(first.path).toBe(`/pay/${flowId}/details`);
  const done = await a.post(`/pay/${flowId}/details`, { ...UK_PAYER, email, csrf: a.csrfOf(first.html) });
  expect(done.status).toBe(303);
  expect(done.location).toBe(`/pay/${flowId}/account`);
  return { flowId, email, a };
}

const mailsTo = (email: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(email));
/** The newest code mailed to the address (waits for the SMTP server to have it). */
async function codeFor(email: string, count = 1): Promise<string> {
  for (let i = 0; i < 100 && mailsTo(email).length < count; i++) await new Promise((r) => setTimeout(r, 20));
  const mails = mailsTo(email);
  expect(mails).toHaveLength(count);
  return /\b(\d{6})\b/.exec(mails[mails.length - 1]!.parsed.text ?? '')![1]!;
}
const reasonOf = (html: string) => /data-reason="([a-z_]+)"/.exec(html)?.[1];

async function codeRow(flowId: string) {
  const { rows } = await server.services.db.query<Record<string, unknown>>(
    'SELECT * FROM flow_resume_codes WHERE flow_id = $1',
    [flowId],
  );
  return rows[0];
}

describe('resuming a flow in another browser', () => {
  it('asks the other browser for the code mailed to the payer, then resumes at the step with the answers kept', async () => {
    const { flowId, email, a } = await leftAtAccount();
    const b = new PageClient(server.url);
    const entry = await b.get(`/pay/${flowId}`);
    expect(entry.status).toBe(303);
    expect(entry.location).toBe(`/pay/${flowId}/resume`);
    const code = await codeFor(email);
    // The code is kept only as an HMAC bound to the flow, never as the digits.
    const row = (await codeRow(flowId))!;
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(email);
    expect(row.attempts).toBe(0);

    const page = await b.get(`/pay/${flowId}/resume`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('r***@e***.com');
    expect(page.html).not.toContain(email);
    // No step (nor what it would show) before the code: every one sends the browser to the code page.
    for (const step of ['details', 'account', 'confirm', 'cancel']) {
      const res = await b.get(`/pay/${flowId}/${step}`);
      expect(res.status, step).toBe(303);
      expect(res.location, step).toBe(`/pay/${flowId}/resume`);
    }
    // The form needs the session's CSRF token.
    expect((await b.post(`/pay/${flowId}/resume`, { code })).status).toBe(403);
    const csrf = b.csrfOf(page.html);
    const wrong = await b.post(`/pay/${flowId}/resume`, { code: code === '000000' ? '111111' : '000000', csrf });
    expect(wrong.status).toBe(400);
    expect(reasonOf(wrong.html)).toBe('resume_code_incorrect');
    expect((await codeRow(flowId))!.attempts).toBe(1);
    const malformed = await b.post(`/pay/${flowId}/resume`, { code: '12ab', csrf });
    expect(malformed.status).toBe(400);
    expect(reasonOf(malformed.html)).toBe('resume_code_format');

    const right = await b.post(`/pay/${flowId}/resume`, { code: code.replace(/(\d{3})/, '$1 '), csrf });
    expect(right.status).toBe(303);
    expect(right.location).toBe(`/pay/${flowId}/account`);
    expect((await b.get(`/pay/${flowId}/account`)).status).toBe(200);
    const details = await b.get(`/pay/${flowId}/details`);
    expect(details.status).toBe(200);
    expect(details.html).toContain(`value="${email}"`);
    expect(details.html).toContain('value="Jane"');
    // The code works once: a third browser needs one of its own.
    const c = new PageClient(server.url);
    await c.get(`/pay/${flowId}`);
    const cPage = await c.get(`/pay/${flowId}/resume`);
    const reused = await c.post(`/pay/${flowId}/resume`, { code, csrf: c.csrfOf(cPage.html) });
    expect(reused.status).toBe(400);
    expect(await codeFor(email, 2)).not.toBeUndefined();

    // The payer's own browser goes on without a code.
    const again = await a.get(`/pay/${flowId}`);
    expect(again.location).toBe(`/pay/${flowId}/account`);
    expect(mailsTo(email)).toHaveLength(2);
  });

  it('refuses the right code after too many wrong ones, and an expired one; a new code works', async () => {
    const { flowId, email } = await leftAtAccount();
    const b = new PageClient(server.url);
    await b.get(`/pay/${flowId}`);
    const code = await codeFor(email);
    const csrf = b.csrfOf((await b.get(`/pay/${flowId}/resume`)).html);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const reasons: (string | undefined)[] = [];
    for (let i = 0; i < RESUME_CODE_MAX_ATTEMPTS; i++)
      reasons.push(reasonOf((await b.post(`/pay/${flowId}/resume`, { code: wrongCode, csrf })).html));
    expect(reasons.at(-1)).toBe('resume_code_attempts_exceeded');
    expect(reasons.slice(0, -1).every((r) => r === 'resume_code_incorrect')).toBe(true);
    const late = await b.post(`/pay/${flowId}/resume`, { code, csrf });
    expect(late.status).toBe(400);
    expect(reasonOf(late.html)).toBe('resume_code_attempts_exceeded');
    expect((await b.get(`/pay/${flowId}/account`)).location).toBe(`/pay/${flowId}/resume`);

    // "Send a new code": a fresh code, its attempts counted from zero; then it expires.
    const sent = await b.post(`/pay/${flowId}/resume?send=1`, { csrf });
    expect(sent.status).toBe(303);
    expect(sent.location).toBe(`/pay/${flowId}/resume?sent=1`);
    const second = await codeFor(email, 2);
    expect((await codeRow(flowId))!.attempts).toBe(0);
    clock.advance(RESUME_CODE_TTL_MS + 1000);
    const expired = await b.post(`/pay/${flowId}/resume`, { code: second, csrf });
    expect(expired.status).toBe(400);
    expect(reasonOf(expired.html)).toBe('resume_code_expired');

    await b.post(`/pay/${flowId}/resume?send=1`, { csrf });
    const third = await codeFor(email, 3);
    const ok = await b.post(`/pay/${flowId}/resume`, { code: third, csrf });
    expect(ok.status).toBe(303);
    expect(ok.location).toBe(`/pay/${flowId}/account`);
  });

  it('limits the codes a flow sends in an hour, whichever browser asks', async () => {
    const { flowId, email } = await leftAtAccount();
    const b = new PageClient(server.url);
    await b.get(`/pay/${flowId}`);
    const csrf = b.csrfOf((await b.get(`/pay/${flowId}/resume`)).html);
    for (let i = 1; i < RESUME_CODE_MAX_SENDS; i++)
      expect((await b.post(`/pay/${flowId}/resume?send=1`, { csrf })).status).toBe(303);
    await codeFor(email, RESUME_CODE_MAX_SENDS);
    const refused = await b.post(`/pay/${flowId}/resume?send=1`, { csrf });
    expect(refused.status).toBe(400);
    expect(reasonOf(refused.html)).toBe('resume_code_rate_limited');
    // A fresh browser is no way round it: the link sends nothing more.
    const c = new PageClient(server.url);
    expect((await c.get(`/pay/${flowId}`)).location).toBe(`/pay/${flowId}/resume`);
    await new Promise((r) => setTimeout(r, 100));
    expect(mailsTo(email)).toHaveLength(RESUME_CODE_MAX_SENDS);
    // An hour on, codes are sent again.
    clock.advance(60 * 60_000 + 1000);
    expect((await b.post(`/pay/${flowId}/resume?send=1`, { csrf })).status).toBe(303);
    await codeFor(email, RESUME_CODE_MAX_SENDS + 1);
  });

  it('a payer who never gave an email starts from the first step in another browser, no code sent', async () => {
    const br = (
      await post(m.api, '/billing_requests', { billing_requests: { mandate_request: { currency: 'GBP' } } }, 201)
    ).billing_requests;
    const flowId = (
      await post(
        m.api,
        '/billing_request_flows',
        { billing_request_flows: { lock_currency: true, links: { billing_request: br.id } } },
        201,
      )
    ).billing_request_flows.id as string;
    await new PageClient(server.url).open(`/pay/${flowId}`);
    const before = smtp.received.length;
    const b = new PageClient(server.url);
    const entry = await b.get(`/pay/${flowId}`);
    expect(entry.location).toBe(`/pay/${flowId}/details`);
    expect((await b.get(`/pay/${flowId}/details`)).status).toBe(200);
    expect(await codeRow(flowId)).toBeUndefined();
    expect(smtp.received.length).toBe(before);
  });
});
