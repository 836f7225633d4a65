import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageClient } from '../support/browser';
import { csrfAt, dashboardUser, signedInAs } from '../support/dashboard';
import type { Merchant } from '../support/factories';
import { mandateFlow } from '../support/journeys';
import { startPagesServer, UK_PAYER } from '../support/pages';
import { rowCounts } from '../support/row-counts';
import type { TestServer } from '../support/server';

/**
 * Issue 40.1 on the pages: no form of ours names an input `__proto__`, `constructor` or
 * `prototype`, so a form that does is refused as a form that did not arrive whole: the payer's
 * step again with its error summary (400), the dashboard's expired-form page (403), nothing
 * written, and the process's Object.prototype as it was.
 */
let server: TestServer;
let m: Merchant;
let adminEmail: string;
const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort();
let keysBefore: string[];

beforeAll(async () => {
  keysBefore = prototypeKeys();
  server = await startPagesServer();
  m = await server.merchant();
  adminEmail = (await dashboardUser(server, m.organisationId, 'admin')).email;
});
afterAll(() => server?.close());

async function payerAtDetails() {
  const { flow } = await mandateFlow(m.api);
  const browser = new PageClient(server.url);
  const page = await browser.open(`/pay/${flow.id}`);
  return { flowId: flow.id as string, browser, csrf: browser.csrfOf(page.html) };
}

describe('prototype keys in a form', () => {
  it.each([['constructor=x'], ['prototype=x'], ['__proto__=a&__proto__=b'], ['__proto__=x']])(
    'the payer’s details form with %s is the step again, refused, and writes nothing',
    async (extra) => {
      const { flowId, browser, csrf } = await payerAtDetails();
      const body = `${new URLSearchParams({ ...UK_PAYER, csrf })}&${extra}`;
      const before = await rowCounts(server.services.db);
      const res = await browser.postRaw(`/pay/${flowId}/details`, body, 'application/x-www-form-urlencoded');
      expect(res.status).toBe(400);
      expect(res.html).toMatch(/class="error-summary" role="alert"/);
      expect(await rowCounts(server.services.db)).toEqual(before);
      // The same form without the key goes on: the refusal was the key's.
      const good = await browser.postRaw(
        `/pay/${flowId}/details`,
        String(new URLSearchParams({ ...UK_PAYER, csrf })),
        'application/x-www-form-urlencoded',
      );
      expect(good.status).toBe(303);
      expect(prototypeKeys()).toEqual(keysBefore);
    },
  );

  it('a dashboard form with constructor is refused like any form that did not arrive whole, and makes no link', async () => {
    const admin = await signedInAs(server, adminEmail);
    const csrf = await csrfAt(admin, '/dashboard/payment-links');
    const form = new URLSearchParams({ csrf, description: 'Piano lessons', amount: '25.00', currency: 'GBP' });
    const before = await rowCounts(server.services.db);
    const res = await admin.postRaw(
      '/dashboard/payment-links?index',
      `${form}&constructor=x`,
      'application/x-www-form-urlencoded',
    );
    expect(res.status).toBe(403);
    expect(await rowCounts(server.services.db)).toEqual(before);
    const made = await admin.postRaw(
      '/dashboard/payment-links?index',
      String(form),
      'application/x-www-form-urlencoded',
    );
    expect(made.status).toBe(303);
    expect(prototypeKeys()).toEqual(keysBefore);
  });
});
