/**
 * Seeding for `npm run bench -- --rows N`: one row of each listed kind made through the API (so it
 * is a row the service itself wrote), then cloned N times for its organisation and N times for a
 * second one with generate_series, in chunks, every column copied and only ids, times and the
 * filtered columns changed. Seeded ids sort before the API's (a zero where the ULID's time starts),
 * so seeded rows read as older, as they are.
 */
import type { Database } from '../../server/db/db';
import { api } from './common';

export interface Templates {
  block: string;
  customer: string;
  mandates: [string, string];
  payment: string;
  event: string;
  billingRequest: string;
  /** The dashboard's other lists (`makeMoneyTemplates`); seeded only when present. */
  money?: { subscription: string; refund: string; payout: string };
  /** A webhook endpoint, one of its deliveries, and a reusable link's template (the dashboard's). */
  developer?: { endpoint: string; delivery: string; linkTemplate: string };
}

export async function makeTemplates(url: string): Promise<Templates> {
  const block = await api(url, 'POST', '/blocks', {
    blocks: {
      block_type: 'email',
      reason_type: 'other',
      reason_description: 'seed',
      resource_reference: 'seed@example.com',
    },
  });
  const customer = await api(url, 'POST', '/customers', {
    customers: {
      given_name: 'Jane',
      family_name: 'Doe',
      email: 'jane@example.com',
      address_line1: '1 High St',
      city: 'London',
      postal_code: 'E1 6AN',
      country_code: 'GB',
    },
  });
  const account = await api(url, 'POST', '/customer_bank_accounts', {
    customer_bank_accounts: {
      account_holder_name: 'Jane Doe',
      branch_code: '200000',
      account_number: '55779911',
      country_code: 'GB',
      links: { customer: customer.customers.id },
    },
  });
  const mandate = async () =>
    (
      await api(url, 'POST', '/mandates', {
        mandates: { scheme: 'bacs', links: { customer_bank_account: account.customer_bank_accounts.id } },
      })
    ).mandates.id as string;
  const mandates: [string, string] = [await mandate(), await mandate()];
  const payment = await api(url, 'POST', '/payments', {
    payments: { amount: 2500, currency: 'GBP', links: { mandate: mandates[0] } },
  });
  const events = await api(url, 'GET', `/events?resource_type=payments&limit=1`);
  const billingRequest = await api(url, 'POST', '/billing_requests', {
    billing_requests: { mandate_request: { scheme: 'bacs' }, links: { customer: customer.customers.id } },
  });
  return {
    block: block.blocks.id,
    customer: customer.customers.id,
    mandates,
    payment: payment.payments.id,
    event: events.events[0].id,
    billingRequest: billingRequest.billing_requests.id,
  };
}

export type Lists = { name: string; path: string; deepCursor: string }[];

const CHUNK = 100_000;
/** The second organisation's ids start here, above any count this bench seeds for the first. */
const OTHER_OFFSET = 500_000_000;

async function insertableColumns(db: Database, table: string): Promise<string[]> {
  const { rows } = await db.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'NEVER'
      ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((r) => `"${r.column_name}"`);
}

/**
 * Clones row `templateId` of `table` `count` times. `overrides` is a jsonb_build_object argument
 * list in SQL over `g` (1…count), `$2` (the organisation) and `$3` (the seeding time); ids are
 * `prefix` + 26 hex digits, which sort before every ULID made today.
 */
async function clone(
  db: Database,
  table: string,
  prefix: string,
  templateId: string,
  organisationId: string,
  count: number,
  offset: number,
  overrides: string,
  seededAt: Date,
): Promise<void> {
  const columns = (await insertableColumns(db, table)).join(', ');
  for (let from = 1; from <= count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK - 1);
    await db.query(
      // The template read once (a join could scan the table again per row, new rows included);
      // LATERAL builds each record once (`(f()).*` would call f once per column).
      `WITH src AS MATERIALIZED (SELECT to_jsonb(t) AS row FROM ${table} t WHERE t.id = $1)
       INSERT INTO ${table} (${columns})
       SELECT ${columns
         .split(', ')
         .map((c) => `r.${c}`)
         .join(', ')}
         FROM src, generate_series(${from}, ${to}) AS g,
         LATERAL jsonb_populate_record(NULL::${table}, src.row || jsonb_build_object(
           'id', '${prefix}' || lpad(upper(to_hex(g + ${offset})), 26, '0'),
           'organisation_id', $2::text,
           'created_at', $3::timestamptz - make_interval(secs => ${count} - g + 1),
           'updated_at', $3::timestamptz - make_interval(secs => ${count} - g + 1)
           ${overrides ? `, ${overrides}` : ''})) AS r`,
      [templateId, organisationId, seededAt],
    );
  }
}

/** The organisation the templates are of (the bootstrap one). */
export async function organisationOf(db: Database, t: Templates): Promise<string> {
  const { rows } = await db.query<{ organisation_id: string }>('SELECT organisation_id FROM customers WHERE id = $1', [
    t.customer,
  ]);
  return rows[0]!.organisation_id;
}

/**
 * The id half-way down a list of the organisation's (`where` narrows it as the list's filter
 * does): a deep page's cursor. Bench-only SQL: OFFSET here finds a cursor once; the lists never
 * page with it.
 */
export async function deepCursor(db: Database, organisationId: string, table: string, where = ''): Promise<string> {
  const { rows: counted } = await db.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM ${table} WHERE organisation_id = $1 ${where}`,
    [organisationId],
  );
  const { rows: at } = await db.query<{ id: string }>(
    `SELECT id FROM ${table} WHERE organisation_id = $1 ${where} ORDER BY id DESC OFFSET $2 LIMIT 1`,
    [organisationId, Math.floor(Number(counted[0]!.n) / 2)],
  );
  return at[0]!.id;
}

export async function seedRows(db: Database, t: Templates, count: number): Promise<Lists> {
  const org = await organisationOf(db, t);
  const other = 'OR0000000000000000000000OTHER';
  await db.query(
    `INSERT INTO organisations SELECT (jsonb_populate_record(NULL::organisations, to_jsonb(o) || jsonb_build_object('id', $2::text))).*
       FROM organisations o WHERE id = $1`,
    [org, other],
  );
  const seededAt = new Date(Date.now() - 60_000);
  const [m1, m2] = t.mandates;
  const kinds: [string, string, string, string][] = [
    ['blocks', 'BLC', t.block, `'resource_reference', 'seed' || g || '@example.com'`],
    ['customers', 'CU', t.customer, `'email', 'seed' || g || '@example.com'`],
    ['mandates', 'MD', t.mandates[0], `'reference', 'SEED' || (g + OFFSET)`],
    ['payments', 'PM', t.payment, `'mandate_id', CASE WHEN g % 2 = 0 THEN '${m1}' ELSE '${m2}' END`],
    ['events', 'EV', t.event, `'resource_type', CASE WHEN g % 2 = 0 THEN 'payments' ELSE 'mandates' END`],
    [
      'billing_requests',
      'BRQ',
      t.billingRequest,
      `'status', CASE g % 3 WHEN 0 THEN 'pending' WHEN 1 THEN 'fulfilled' ELSE 'cancelled' END` +
        // Every other one made by the reusable link, for the template's page (the dashboard's).
        (t.developer
          ? `, 'billing_request_template_id', CASE WHEN g % 2 = 0 THEN '${t.developer.linkTemplate}' END`
          : ''),
    ],
  ];
  // Settled copies, so the jobs of the measured server (payout run, scheme clock) have nothing to do with them.
  if (t.money)
    kinds.push(
      ['subscriptions', 'SB', t.money.subscription, `'status', 'cancelled'`],
      ['refunds', 'RF', t.money.refund, `'status', 'paid'`],
      ['payouts', 'PO', t.money.payout, `'status', 'paid', 'reference', 'SEED' || (g + OFFSET)`],
    );
  // Settled copies of one delivery, half succeeded and half failed (the status filter), none due.
  if (t.developer)
    kinds.push([
      'webhooks',
      'WB',
      t.developer.delivery,
      `'status', CASE WHEN g % 2 = 0 THEN 'succeeded' ELSE 'failed' END, 'next_attempt_at', NULL`,
    ]);
  for (const [table, prefix, template, overrides] of kinds) {
    const started = performance.now();
    for (const [organisation, offset] of [
      [org, 0],
      [other, OTHER_OFFSET],
    ] as const) {
      await clone(
        db,
        table,
        prefix,
        template,
        organisation,
        count,
        offset,
        overrides.replace('OFFSET', String(offset)),
        seededAt,
      );
    }
    await db.query(`ANALYZE ${table}`);
    console.log(`  ${table}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }

  // The filters the issue names, and the unfiltered lists; each deep cursor is half-way down.
  const eventsSince = new Date(seededAt.getTime() - (count / 2) * 1000).toISOString();
  const lists = [
    { name: '/blocks', path: '/blocks?limit=50', table: 'blocks', where: '' },
    { name: '/customers', path: '/customers?limit=50', table: 'customers', where: '' },
    { name: '/mandates', path: '/mandates?limit=50', table: 'mandates', where: '' },
    { name: '/payments', path: '/payments?limit=50', table: 'payments', where: '' },
    {
      name: '/payments?mandate=',
      path: `/payments?mandate=${m1}&limit=50`,
      table: 'payments',
      where: `AND mandate_id = '${m1}'`,
    },
    {
      name: '/events?resource_type=&created_at[gte]=',
      path: `/events?resource_type=payments&created_at[gte]=${eventsSince}&limit=50`,
      table: 'events',
      where: `AND resource_type = 'payments' AND created_at >= '${eventsSince}'`,
    },
    {
      name: '/billing_requests?status=',
      path: '/billing_requests?status=pending&limit=50',
      table: 'billing_requests',
      where: `AND status = 'pending'`,
    },
  ];
  const result: Lists = [];
  for (const list of lists)
    result.push({ name: list.name, path: list.path, deepCursor: await deepCursor(db, org, list.table, list.where) });
  return result;
}
