import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { PageClient } from '../support/browser';
import { createTestDatabase } from '../support/database';
import type { Merchant } from '../support/factories';
import { post } from '../support/journeys';
import { startPagesServer, UK_ACCOUNT, UK_PAYER } from '../support/pages';
import type { TestServer } from '../support/server';
import { recordStatements, writesIn } from '../support/statement-log';

/**
 * Issue 15, payer pages: a step the payer reopens is a read. It writes nothing and opens no
 * transaction (no fsync, no lock), and it asks the database for each row once, in a few statements,
 * so 50 payers at once cost the server little (measured in docs/benchmarks.md, "Payer pages under
 * load").
 */
let server: TestServer;
let m: Merchant;
let recorded: ReturnType<typeof recordStatements>;
const clock = new ManualClock(new Date('2026-03-02T10:00:10Z'));

beforeAll(async () => {
  recorded = recordStatements(await createTestDatabase());
  server = await startPagesServer({
    clock,
    db: recorded.db,
    webhookDelivery: { intervalMs: 0 },
    // The background jobs poll on their own timers; what is counted here is the pages' statements.
    notificationIntervalMs: 0,
    // Kept for the whole file, so what is counted does not depend on how fast this machine is:
    // a page reopened reads no creditor, and a change made here must still show at once.
    recentReadTtlMs: 600_000,
  });
  m = await server.merchant();
});
afterAll(() => server?.close());

type Stage = 'details' | 'account' | 'confirm' | 'bank';

/** A flow whose payer belongs on `stage`, opened by a browser (its session cookie set). */
async function payerAt(stage: Stage) {
  const request =
    stage === 'bank'
      ? { payment_request: { amount: 2500, currency: 'GBP', description: 'Reads' } }
      : { mandate_request: { scheme: 'bacs' } };
  const br = (await post(m.api, '/billing_requests', { billing_requests: request }, 201)).billing_requests;
  const actions = `/billing_requests/${br.id}/actions`;
  const { email, given_name, family_name, ...address } = UK_PAYER;
  if (stage !== 'details')
    await post(m.api, `${actions}/collect_customer_details`, {
      data: { customer: { email, given_name, family_name }, customer_billing_detail: address },
    });
  if (stage === 'confirm')
    await post(m.api, `${actions}/collect_bank_account`, { data: { ...UK_ACCOUNT, country_code: 'GB' } });
  const flow = (
    await post(m.api, '/billing_request_flows', { billing_request_flows: { links: { billing_request: br.id } } }, 201)
  ).billing_request_flows;
  const browser = new PageClient(server.url);
  const opened = await browser.open(`/pay/${flow.id}`);
  expect(opened.status).toBe(200);
  expect(opened.path).toBe(`/pay/${flow.id}/${stage}`);
  return { browser, path: opened.path };
}

/** The statements one GET of `path` sends, and its page. */
async function statementsOf(browser: PageClient, path: string) {
  recorded.statements.length = 0;
  recorded.queries.length = 0;
  const page = await browser.get(path);
  // On Postgres the per-address limit's counts go out in batches every 100 ms (decision 0031),
  // whichever request is running then: they are no page's statement.
  // The request logs' batch (decision 0086) is written about once a second, whichever page is open.
  const ours = (text: string) => !text.includes('rate_limit_windows') && !text.startsWith('INSERT INTO request_logs');
  return {
    page,
    statements: recorded.statements.filter(ours),
    queries: recorded.queries.filter((q) => ours(q.text)),
  };
}

describe('a payer step reopened', () => {
  it.each<[Stage, number]>([
    ['details', 4],
    ['account', 4],
    // The confirmation also reads the account's sealed details once, to show the sort code and a
    // masked number (decision 0084).
    ['confirm', 7],
    ['bank', 4],
  ])('%s: no write, no transaction, each row read once, %i statements', async (stage, most) => {
    const { browser, path } = await payerAt(stage);
    const { page, statements, queries } = await statementsOf(browser, path);
    expect(page.status).toBe(200);
    expect(writesIn(statements)).toEqual([]);
    expect(statements.filter((s) => /^(BEGIN|COMMIT|ROLLBACK)\b/.test(s))).toEqual([]);
    const asked = queries.map((q) => `${q.text} ${JSON.stringify(q.params)}`);
    expect(asked.filter((q, i) => asked.indexOf(q) !== i)).toEqual([]);
    // The flow, the request, its customer and billing detail (and account), and what the step
    // itself shows (the confirmation: the creditor's scheme identifier). A redirect flow is looked
    // up only when the request is ready to fulfil; the creditor and its branding were kept.
    expect(statements.filter((s) => /FROM (creditors|creditor_logos|payer_themes) /.test(s))).toEqual([]);
    expect(statements).toHaveLength(most);
  });
});

describe('what a process keeps of the creditor', () => {
  it('shows a change made through this process at once: the name, the address, a new logo', async () => {
    const { browser, path } = await payerAt('details');
    expect((await browser.get(path)).html).not.toContain('Renamed Rentals');
    await m.api.put(`/creditors/${m.creditorId}`, {
      creditors: { name: 'Renamed Rentals', address_line1: '4 New Road', city: 'Leeds', postal_code: 'LS1 4AP' },
    });
    const renamed = await browser.get(path);
    expect(renamed.html).toContain('Renamed Rentals');
    expect(renamed.html).toContain('4 New Road, Leeds, LS1 4AP');
    const image = new PNG({ width: 40, height: 40 });
    image.data.fill(90);
    const logo = await post(
      m.api,
      '/branding/logos',
      { logos: { image: PNG.sync.write(image).toString('base64') } },
      201,
    );
    expect((await browser.get(path)).html).toContain(`src="/branding/logos/${logo.logos.id}.png"`);
  });
});
