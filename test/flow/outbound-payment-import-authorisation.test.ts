import https from 'node:https';
import gocardless, { Environments } from 'gocardless-nodejs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundPaymentImportWorker } from '../../server/jobs/outbound-payment-import-processing';
import type { PageClient } from '../support/browser';
import { csrfAt, dashboardUser, signedInAs } from '../support/dashboard';
import type { Merchant } from '../support/factories';
import { post } from '../support/journeys';
import { confirmedFunds, fund, recipient } from '../support/outbound';
import { startPagesServer } from '../support/pages';
import type { TestServer } from '../support/server';

/**
 * Outbound payment imports from validation to payments (decision 0043): a valid import is
 * authorised by an admin at its `authorisation_url` (a dashboard form, no JavaScript), the
 * processing job makes each valid entry an outbound payment through the outbound payments service
 * — the ledger debited once per payment, an entry the balance cannot cover failed with its reason
 * while the rest go through — and the import ends processed. Invalid imports cannot be
 * authorised, cancelled ones neither, another organisation's is 404, and two workers racing make
 * each payment once. The official client reads the result.
 */
let server: TestServer;
let m: Merchant;
let other: Merchant;
let admin: PageClient;
let jane: string;
let joe: string;

const item = (recipientId: string, amount: number, reference: string) => ({
  amount,
  scheme: 'faster_payments',
  recipient_bank_account_id: recipientId,
  reference,
});
async function createImport(items: unknown[]) {
  const body = { outbound_payment_imports: { entry_items: items } };
  return (await post(m.api, '/outbound_payment_imports', body, 201)).outbound_payment_imports as {
    id: string;
    status: string;
    authorisation_url: string;
  };
}
const pathOf = (imp: { authorisation_url: string }) => new URL(imp.authorisation_url).pathname;
const importOf = async (id: string) =>
  (await m.api.get(`/outbound_payment_imports/${id}`)).body.outbound_payment_imports;
/** The import's entries in the order they were sent. */
const entriesOf = async (id: string) =>
  (
    await m.api.get(`/outbound_payment_import_entries?outbound_payment_import=${id}&limit=500`)
  ).body.outbound_payment_import_entries.reverse();
/** How many ledger entries name each of these payments (the amount leaving `confirmed` is one each). */
async function postingsOn(paymentIds: string[]) {
  const { rows } = await server.services.db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM ledger_entries WHERE outbound_payment_id = ANY($1) AND account = 'confirmed'`,
    [paymentIds],
  );
  return Number(rows[0]!.count);
}
async function paymentsOfImport(id: string) {
  const { rows } = await server.services.db.query<{ id: string; amount: number }>(
    'SELECT id, amount FROM outbound_payments WHERE outbound_payment_import_id = $1',
    [id],
  );
  return rows;
}
async function authorise(imp: { authorisation_url: string }) {
  const csrf = await csrfAt(admin, pathOf(imp));
  return admin.post(pathOf(imp), { csrf, intent: 'authorise' });
}

beforeAll(async () => {
  // The official client names its version header as the public API does.
  server = await startPagesServer({ env: { VERSION_HEADER: 'GoCardless-Version' } });
  m = await server.merchant('Imports merchant', { withoutFees: true });
  other = await server.merchant('Someone else');
  jane = await recipient(m);
  joe = await recipient(m, 'Joe Bloggs');
  await fund(m, 5000);
  admin = await signedInAs(server, (await dashboardUser(server, m.organisationId, 'admin')).email);
});
afterAll(() => server?.close());

describe('an outbound payment import, authorised and processed', () => {
  it('is authorised at its authorisation_url and processed into payments, the ledger debited once each', async () => {
    const before = await confirmedFunds(server, m.creditorId);
    const imp = await createImport([item(jane, 1500, 'INV 1'), item(joe, 2000, 'INV 2'), item(jane, before, 'INV 3')]);
    expect(imp).toMatchObject({
      status: 'valid',
      authorisation_url: `${server.config.publicUrl}/dashboard/outbound-payment-imports/${imp.id}`,
    });

    const page = await admin.get(pathOf(imp));
    expect(page.status).toBe(200);
    expect(page.html.match(/data-testid="entry"/g)).toHaveLength(3);
    expect(page.html).toContain('INV 2');
    expect(page.html).toContain(`£${((3500 + before) / 100).toFixed(2)}`);
    expect(page.html).toContain('name="intent" value="authorise"');

    const done = await admin.post(pathOf(imp), { csrf: admin.csrfOf(page.html), intent: 'authorise' });
    expect(done.status).toBe(303);
    expect(done.location).toBe(`${pathOf(imp)}?done=authorise`);
    expect((await importOf(imp.id)).status).toBe('processing');
    const again = await authorise(imp);
    expect(again.status).toBe(422);
    expect(again.html).toContain('outbound_payment_import_not_valid');

    await server.outboundPaymentImportWorker.runDue();
    expect(await server.outboundPaymentImportWorker.runDue()).toBe(0);
    expect(await importOf(imp.id)).toMatchObject({
      status: 'processed',
      entry_counts: { total: 3, valid: 3, processed: 2, failed_to_process: 1 },
    });
    const [first, second, third] = await entriesOf(imp.id);
    expect(third.links.outbound_payment).toBeUndefined();
    expect(third.validation_errors).toEqual({
      outbound_payment: {
        amount: ['insufficient_balance'],
        recipient_bank_account: [],
        reference: [],
        scheme: 'faster_payments',
      },
    });
    expect(third.verification_result).toBeNull();
    expect(third.processed_at).toEqual(expect.any(String));
    const made = [first, second].map((e) => e.links.outbound_payment as string);
    for (const [index, id] of made.entries()) {
      const payment = (await m.api.get(`/outbound_payments/${id}`)).body.outbound_payments;
      expect(payment).toMatchObject({
        amount: [1500, 2000][index],
        reference: `INV ${index + 1}`,
        status: 'scheduled',
        links: { outbound_payment_import: imp.id, recipient_bank_account: [jane, joe][index] },
      });
    }
    expect((await paymentsOfImport(imp.id)).map((p) => p.id).sort()).toEqual([...made].sort());
    expect(await postingsOn(made)).toBe(2);
    expect(await confirmedFunds(server, m.creditorId)).toBe(before - 3500);

    const events = (await m.api.get('/events?resource_type=outbound_payment_imports&limit=500')).body.events.filter(
      (e: { links: { outbound_payment_import?: string } }) => e.links.outbound_payment_import === imp.id,
    );
    expect(events.map((e: { action: string }) => e.action).reverse()).toEqual(['validated', 'authorised', 'processed']);
    expect(events[1].source.type).toBe('user');
    const shown = await admin.get(`${pathOf(imp)}?done=authorise`);
    expect(shown.html).toContain(made[0]);
    expect(shown.html).toContain('insufficient_balance');
    expect(shown.html).not.toContain('name="intent"');
  });

  it('refuses to authorise an invalid import (422, its reason) and makes no payment', async () => {
    const imp = await createImport([item(jane, 100, 'OK'), item(jane, 0, 'ZERO')]);
    expect(imp.status).toBe('invalid');
    const page = await admin.get(pathOf(imp));
    expect(page.html).toContain('data-testid="not-valid"');
    expect(page.html).toContain('amount: too_small');
    expect(page.html).not.toContain('value="authorise"');
    const refused = await authorise(imp);
    expect(refused.status).toBe(422);
    expect(refused.html).toContain('outbound_payment_import_not_valid');
    await server.outboundPaymentImportWorker.runDue();
    expect((await importOf(imp.id)).status).toBe('invalid');
    expect(await paymentsOfImport(imp.id)).toEqual([]);
  });

  it('cancels a valid import before authorisation, after which it cannot be authorised or cancelled', async () => {
    const imp = await createImport([item(jane, 100, 'CANCEL ME')]);
    const csrf = await csrfAt(admin, pathOf(imp));
    const done = await admin.post(pathOf(imp), { csrf, intent: 'cancel' });
    expect(done.status).toBe(303);
    expect((await importOf(imp.id)).status).toBe('cancelled');
    expect((await authorise(imp)).status).toBe(422);
    const again = await admin.post(pathOf(imp), { csrf, intent: 'cancel' });
    expect(again.status).toBe(422);
    expect(again.html).toContain('cancellation_failed');
    expect((await admin.post(pathOf(imp), { csrf, intent: 'send' })).status).toBe(400);
    await server.outboundPaymentImportWorker.runDue();
    expect(await paymentsOfImport(imp.id)).toEqual([]);
  });

  it('answers another organisation’s user and token 404, and changes nothing', async () => {
    const imp = await createImport([item(jane, 100, 'MINE')]);
    const stranger = await signedInAs(server, (await dashboardUser(server, other.organisationId, 'admin')).email);
    expect((await stranger.get(pathOf(imp))).status).toBe(404);
    const csrf = await csrfAt(stranger);
    expect((await stranger.post(pathOf(imp), { csrf, intent: 'authorise' })).status).toBe(404);
    expect((await other.api.get(`/outbound_payment_imports/${imp.id}`)).status).toBe(404);
    expect((await importOf(imp.id)).status).toBe('valid');
  });

  it('makes each payment once when several workers process the same import at once', async () => {
    await fund(m, 1000);
    const before = await confirmedFunds(server, m.creditorId);
    const imp = await createImport(Array.from({ length: 7 }, (_, n) => item(n % 2 ? jane : joe, 100, `RACE ${n}`)));
    expect((await authorise(imp)).status).toBe(303);
    const { db, logger, outboundPaymentImports } = server.services;
    const workers = [1, 2, 3].map(() =>
      createOutboundPaymentImportWorker({ db, logger, outboundPaymentImports, batchSize: 2 }),
    );
    await Promise.all(workers.map((w) => w.runDue()));
    const payments = await paymentsOfImport(imp.id);
    expect(payments).toHaveLength(7);
    expect(await postingsOn(payments.map((p) => p.id))).toBe(7);
    expect(await confirmedFunds(server, m.creditorId)).toBe(before - 700);
    expect(await importOf(imp.id)).toMatchObject({ status: 'processed', entry_counts: { processed: 7 } });
  });
});

describe('the official client', () => {
  it('creates, finds and lists imports and lists entries, showing the processed state', async () => {
    const base = new URL(server.url);
    const agent = new https.Agent({
      host: base.hostname,
      port: Number(base.port),
      servername: base.hostname,
      rejectUnauthorized: false,
    });
    const client = gocardless(m.token, Environments.Sandbox, { proxy: { https: agent } } as never);
    await fund(m, 1000);
    const created = await client.outboundPaymentImports.create({
      entry_items: [item(jane, 300, 'CLIENT 1'), item(joe, 400, 'CLIENT 2')] as never,
    });
    expect(created).toMatchObject({ status: 'valid', amount_sum: 700 });
    expect((await authorise(created as { authorisation_url: string })).status).toBe(303);
    await server.outboundPaymentImportWorker.runDue();

    const found = await client.outboundPaymentImports.find(created.id);
    expect(found).toMatchObject({ status: 'processed', entry_counts: { processed: 2, failed_to_process: 0 } });
    const listed = await client.outboundPaymentImports.list({ status: 'processed' as never });
    expect(listed.outbound_payment_imports.map((i) => i.id)).toContain(created.id);
    const entries = await client.outboundPaymentImportEntries.list({ outbound_payment_import: created.id });
    expect(entries.outbound_payment_import_entries).toHaveLength(2);
    for (const entry of entries.outbound_payment_import_entries) {
      expect(entry.links?.outbound_payment).toMatch(/^OUT/);
      expect(entry.processed_at).toEqual(expect.any(String));
      const payment = await client.outboundPayments.find(entry.links!.outbound_payment!);
      expect(payment.links?.outbound_payment_import).toBe(created.id);
    }
  });
});
