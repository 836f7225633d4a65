import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { createLogger } from '../../server/logger';
import { PageClient } from '../support/browser';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, mandateFlow, SANDBOX_ACCOUNTS } from '../support/journeys';
import { startPagesServer, UK_ACCOUNT, UK_PAYER } from '../support/pages';
import type { TestServer } from '../support/server';

/**
 * Issue 17, "Operations": a whole journey (the API, then a payer on the pages) with every log line
 * captured at debug level. No line may hold an access token, the payer's session cookie, an account
 * number or an IBAN; every line is JSON and every request's lines carry its request id.
 */
const lines: string[] = [];
const clock = new ManualClock(new Date());
let server: TestServer;
let m: Merchant;

beforeAll(async () => {
  server = await startPagesServer({ clock, logger: createLogger('debug', (line) => lines.push(line)) });
  m = await server.merchant();
});
afterAll(() => server?.close());

describe('logs of a whole journey', () => {
  it('hold no token, session token, account number or IBAN, and tie every request line to its id', async () => {
    const secrets = new Set<string>([m.token, m.readOnlyToken, SANDBOX_ACCOUNTS.EUR.iban, UK_ACCOUNT.account_number]);

    // The API: a SEPA mandate (an IBAN) through a billing request, a refused request, a read.
    await createMandateViaBillingRequest(m, { currency: 'EUR' });
    const refused = await m.api.post('/customers', { customers: { email: 'not an email', iban: 'x' } });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const requestIds = new Set<string>([String(refused.headers['x-request-id'])]);
    await m.readOnly.get('/customer_bank_accounts');

    // The payer pages: a Bacs mandate through the hosted flow (an account number), start to end.
    const { flow } = await mandateFlow(m.api);
    const browser = new PageClient(server.url);
    const first = await browser.open(`/pay/${flow.id}`);
    const csrf = browser.csrfOf(first.html);
    for (const cookie of [first.headers['set-cookie'] ?? []].flat()) secrets.add(cookie.split(';')[0]!.split('=')[1]!);
    await browser.post(`/pay/${flow.id}/details`, { ...UK_PAYER, csrf });
    const account = await browser.post(`/pay/${flow.id}/account`, { ...UK_ACCOUNT, csrf });
    requestIds.add(String(account.headers['x-request-id']));
    const done = await browser.post(`/pay/${flow.id}/confirm`, { csrf, sole_signatory: 'yes' });
    expect(done.location).toBe(`/pay/${flow.id}/success`);
    await server.webhookWorker.runDue?.();

    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) {
      for (const secret of secrets) expect(line, 'a secret in the logs').not.toContain(secret);
      const entry = JSON.parse(line) as { msg?: string; request_id?: string };
      if (entry.msg === 'api request' || entry.msg === 'page request') expect(entry.request_id).toMatch(/^RQ/);
    }
    const logged = new Set(lines.map((l) => (JSON.parse(l) as { request_id?: string }).request_id));
    for (const id of requestIds) expect(logged.has(id), `request ${id} in the logs`).toBe(true);
  });
});
