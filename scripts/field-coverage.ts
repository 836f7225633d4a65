/**
 * `npx tsx scripts/field-coverage.ts`: a developer's measure of issue #37's "field for field". For
 * every GET endpoint of the real API's example answers (the PHP client's fixtures, read in place
 * from ../shared/reference/fixtures, never copied), it reads the same endpoint here and prints per
 * resource the fields the fixture has that our answer lacks (`missing`) and those we send that
 * the fixture does not have (`extra`), one level into nested objects. Sparse objects (`links`,
 * event `details`, a billing request's `actions[]` keys) leave keys out on purpose, so their
 * missing keys are listed apart. The proof is test/api/field-fidelity*.test.ts; this only measures.
 *
 * Against a running server: FIELD_COVERAGE_URL and FIELD_COVERAGE_TOKEN (a read token of an
 * organisation with data). Otherwise it starts its own (the build, as `npm start` runs it, on a
 * temporary PGlite directory) and makes a few resources through the API first.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_TOKEN, request, startBankflow, workspace } from './bench/common';

const FIXTURES = process.env.FIELD_COVERAGE_FIXTURES ?? path.resolve('../shared/reference/fixtures/gocardless-pro-php');

/** Objects whose keys apply per instance: their missing keys are not a fault. */
const SPARSE = new Set([
  'links',
  'details',
  'actions',
  'metadata',
  'resource_metadata',
  'request_headers',
  'response_headers',
]);

interface Endpoint {
  method: string;
  path_template: string;
  url_params: Record<string, string>;
  body: Record<string, unknown>;
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

async function startOwn(): Promise<{ url: string; token: string; stop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bankflow-field-coverage-'));
  const server = await startBankflow(await workspace(), dataDir);
  return { url: server.url, token: BENCH_TOKEN, stop: () => server.stop() };
}

function client(base: string, token: string) {
  const headers = {
    authorization: `Bearer ${token}`,
    accept: 'application/json',
    'service-version': '2015-07-06',
    'content-type': 'application/json',
  };
  return async (method: string, pathname: string, payload?: unknown) => {
    const res = await request(method, base + pathname, headers, payload ? JSON.stringify(payload) : undefined);
    return { status: res.status, body: (res.body ? JSON.parse(res.body) : {}) as Json };
  };
}
type Api = ReturnType<typeof client>;

/** A handful of resources, made the way an integrator would, so the lists have rows to compare. */
async function seed(api: Api): Promise<void> {
  const must = async (method: string, p: string, body?: unknown) => {
    const res = await api(method, p, body);
    if (res.status >= 300) throw new Error(`${method} ${p} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const customer = await must('POST', '/customers', { customers: { email: 'coverage@example.com' } });
  const customerId = (customer.customers as Json).id as string;
  const account = await must('POST', '/customer_bank_accounts', {
    customer_bank_accounts: {
      account_holder_name: 'Jane Doe',
      branch_code: '200000',
      account_number: '55779911',
      country_code: 'GB',
      links: { customer: customerId },
    },
  });
  const mandate = await must('POST', '/mandates', {
    mandates: { links: { customer_bank_account: (account.customer_bank_accounts as Json).id } },
  });
  const mandateId = (mandate.mandates as Json).id as string;
  await must('POST', '/payments', { payments: { amount: 1500, currency: 'GBP', links: { mandate: mandateId } } });
  await must('POST', '/subscriptions', {
    subscriptions: { amount: 2000, currency: 'GBP', interval_unit: 'monthly', links: { mandate: mandateId } },
  });
  await must('POST', '/billing_requests', { billing_requests: { mandate_request: { currency: 'GBP' } } });
  await must('POST', '/billing_request_templates', {
    billing_request_templates: { name: 'Coverage', mandate_request_currency: 'GBP' },
  });
  await must('POST', '/blocks', {
    blocks: { block_type: 'email', reason_type: 'identity_fraud', resource_reference: 'coverage@example.com' },
  });
}

/** `a` minus `b`, sorted. */
const minus = (a: Iterable<string>, b: Set<string>) => [...a].filter((k) => !b.has(k)).sort();

/** Compares one of our objects with the fixture's, one level into nested objects. */
function compare(
  prefix: string,
  ours: Json,
  theirs: Json,
  out: { missing: string[]; extra: string[]; sparse: string[] },
) {
  const ourKeys = new Set(Object.keys(ours));
  const field = prefix.replace(/\.$/, '').split('.').pop()!;
  const missing = minus(Object.keys(theirs), ourKeys).map((k) => prefix + k);
  (SPARSE.has(field.replace(/\[\]$/, '')) ? out.sparse : out.missing).push(...missing);
  out.extra.push(...minus(ourKeys, new Set(Object.keys(theirs))).map((k) => prefix + k));
  if (prefix.split('.').length > 2) return;
  for (const [key, value] of Object.entries(theirs)) {
    const mine = ours[key];
    if (SPARSE.has(key) && key !== 'links') continue;
    if (isObject(value) && isObject(mine)) compare(`${prefix}${key}.`, mine, value, out);
    if (Array.isArray(value) && isObject(value[0]) && Array.isArray(mine) && isObject(mine[0]))
      compare(`${prefix}${key}[].`, mine[0], value[0], out);
  }
}

async function main() {
  const own = process.env.FIELD_COVERAGE_URL ? undefined : await startOwn();
  const base = process.env.FIELD_COVERAGE_URL ?? own!.url;
  const api = client(base, process.env.FIELD_COVERAGE_TOKEN ?? own!.token);
  try {
    if (own) await seed(api);
    let faults = 0;
    for (const file of fs.readdirSync(FIXTURES).filter((f) => f.endsWith('.json') && !f.includes('error'))) {
      const resource = file.replace(/\.json$/, '');
      const parsed = JSON.parse(fs.readFileSync(path.join(FIXTURES, file), 'utf8')) as Record<string, Endpoint>;
      // The error envelopes (unauthorized.json, rate_limit_exceeded.json) are no endpoints.
      const endpoints = Object.fromEntries(Object.entries(parsed).filter(([, e]) => isObject(e.body)));
      const list = Object.values(endpoints).find((e) => e.method === 'GET' && Object.keys(e.url_params).length === 0);
      // The fixture's examples differ in which keys they carry: every one of them counts.
      const examples = Object.values(endpoints).flatMap((e) =>
        // `linked` is an event list's included resources, not the resource itself.
        Object.entries(e.body)
          .filter(([k]) => k !== 'linked')
          .flatMap(([, v]) => (Array.isArray(v) ? v.filter(isObject) : isObject(v) ? [v] : [])),
      );
      const example = examples.length
        ? (Object.assign({}, ...examples.filter((v) => !('cursors' in v))) as Json)
        : undefined;
      if (!list || !example) {
        console.log(`${resource}: no list endpoint in the fixture; not measured`);
        continue;
      }
      const key = Object.keys(list.body).find((k) => Array.isArray(list.body[k]))!;
      const answer = await api('GET', `${list.path_template}?limit=50`);
      const rows = answer.body[key] as Json[] | undefined;
      if (answer.status !== 200 || !rows?.length) {
        console.log(`${resource}: ${answer.status}, no rows to compare`);
        continue;
      }
      const out = { missing: [] as string[], extra: [] as string[], sparse: [] as string[] };
      // A field some rows lack counts as missing: a typed client meets every row.
      for (const row of rows) compare('', row, example, out);
      const uniq = (a: string[]) => [...new Set(a)].sort();
      const [missing, extra] = [uniq(out.missing), uniq(out.extra)];
      faults += missing.length + extra.length;
      console.log(
        `${resource}: ${missing.length ? `missing ${missing.join(', ')}` : 'nothing missing'}` +
          `${extra.length ? `; extra ${extra.join(', ')}` : ''}` +
          `${out.sparse.length ? ` (sparse, absent here: ${uniq(out.sparse).length})` : ''}`,
      );
    }
    console.log(`${faults} field(s) differ`);
  } finally {
    await own?.stop();
  }
}

await main();
