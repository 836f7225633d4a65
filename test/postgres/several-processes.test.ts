import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageClient } from '../support/browser';
import { UK_ACCOUNT, UK_PAYER } from '../support/pages';
import {
  apiFor,
  prepareStore,
  spawnServer,
  writeLoad,
  writeMandate,
  type Spawned,
  type SpawnedStore,
} from '../support/spawned';

/**
 * Three server processes on one Postgres, as behind a load balancer (issue 17, "Several processes
 * on one Postgres"): idempotency, webhook delivery, the scheme clock and payer sessions stay
 * correct whichever process a request reaches, and the scheme clock moves to a survivor when
 * its runner dies.
 */
let store: SpawnedStore;
let servers: Spawned[] = [];
beforeAll(async () => {
  store = await prepareStore();
  servers = await Promise.all([spawnServer(store.env), spawnServer(store.env), spawnServer(store.env)]);
}, 120_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => s.kill()));
  await store?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

const schemeClockHolder = async () => {
  const db = await store.open();
  const { rows } = await db.query<{ holder: string }>(
    "SELECT holder FROM job_leases WHERE name = 'scheme_clock' AND expires_at >= clock_timestamp()",
  );
  return rows[0] ? Number.parseInt(rows[0].holder, 10) : undefined;
};

describe('several processes on one Postgres', () => {
  it('one idempotency key sent to all three processes at once creates one resource', async () => {
    const apis = servers.map((s) => apiFor(s, store.token));
    const key = `multi-${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        apis[i % apis.length]!.post(
          '/customers',
          { customers: { ...UK_PAYER, given_name: 'Ida' } },
          { headers: { 'idempotency-key': key } },
        ),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(11);
    const created = results.find((r) => r.status === 201)!.body.customers.id;
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body.error.errors[0].reason).toBe('idempotent_creation_conflict');
      expect(r.body.error.errors[0].links.conflicting_resource_id).toBe(created);
    }
  });

  it('writes through all three: each event is delivered exactly once, each move applied once, by one clock runner', async () => {
    const apis = servers.map((s) => apiFor(s, store.token));
    let turn = 0;
    const acked: string[] = [];
    await writeLoad(() => apis[turn++ % apis.length]!, store.creditorId, 3, sleep(3_000), acked);
    const mandates = acked.filter((id) => id.startsWith('MD'));
    expect(mandates.length).toBeGreaterThan(2);
    for (const id of mandates) {
      await until(`${id} active`, async () =>
        (await apis[0]!.get(`/mandates/${id}`)).body.mandates.status === 'active' ? true : undefined,
      );
    }
    // One runner holds the scheme clock, and it is one of ours.
    const holder = await schemeClockHolder();
    expect(servers.map((s) => s.child.pid)).toContain(holder);

    const db = await store.open();
    const { rows: events } = await db.query<{ id: string }>('SELECT id FROM events WHERE organisation_id = $1', [
      store.organisationId,
    ]);
    await until('every webhook', async () => {
      const received = new Set(store.receiver.eventIds());
      return events.every((e) => received.has(e.id)) ? true : undefined;
    });
    // No process crashed and the receiver always answered: nothing may have been sent twice.
    const ids = store.receiver.eventIds();
    expect(ids.length).toBe(new Set(ids).size);
    const { rows: twice } = await db.query(
      `SELECT links->>'mandate', action FROM events WHERE organisation_id = $1 AND resource_type = 'mandates'
        GROUP BY 1, 2 HAVING count(*) > 1`,
      [store.organisationId],
    );
    expect(twice).toEqual([]);
  }, 90_000);

  it('a payer starts on one process and finishes on another; the merchant sees it on a third', async () => {
    const [apiServer, pagesOne, pagesTwo] = servers as [Spawned, Spawned, Spawned];
    const api = apiFor(apiServer, store.token);
    const br = (await api.post('/billing_requests', { billing_requests: { mandate_request: { currency: 'GBP' } } }))
      .body.billing_requests;
    const flow = (
      await api.post('/billing_request_flows', {
        billing_request_flows: { lock_currency: true, links: { billing_request: br.id } },
      })
    ).body.billing_request_flows;

    // The session cookie made by one process is honoured by the next (one SESSION_SECRET).
    const browser = new PageClient(pagesOne.url);
    const first = await browser.open(`/pay/${flow.id}`);
    expect(first.status).toBe(200);
    const csrf = browser.csrfOf(first.html);
    expect((await browser.post(`/pay/${flow.id}/details`, { ...UK_PAYER, csrf })).status).toBe(303);
    const onTwo = browser.at(pagesTwo.url);
    expect((await onTwo.post(`/pay/${flow.id}/account`, { ...UK_ACCOUNT, csrf })).status).toBe(303);
    const done = await onTwo.post(`/pay/${flow.id}/confirm`, { csrf, sole_signatory: 'yes' });
    expect(done.location).toBe(`/pay/${flow.id}/success`);

    const after = (await api.get(`/billing_requests/${br.id}`)).body.billing_requests;
    expect(after.status).toBe('fulfilled');
    // …and its webhook arrives, sent by whichever process claimed it.
    await until('the fulfilled webhook', async () => {
      const found = store.receiver.received.some((r) =>
        r.body.events.some(
          (e) =>
            (e as { action?: string }).action === 'fulfilled' &&
            (e as { links?: Record<string, string> }).links?.billing_request === br.id,
        ),
      );
      return found ? true : undefined;
    });
  }, 60_000);

  it('one flow link opened cookie-less on all three processes at once records one visit', async () => {
    const api = apiFor(servers[0]!, store.token);
    const br = (await api.post('/billing_requests', { billing_requests: { mandate_request: { currency: 'GBP' } } }))
      .body.billing_requests;
    const flow = (
      await api.post('/billing_request_flows', {
        billing_request_flows: { lock_currency: true, links: { billing_request: br.id } },
      })
    ).body.billing_request_flows;
    // Each request a new session (no cookie kept), 10 to each process, all at once.
    const entries = await Promise.all(
      Array.from({ length: 30 }, (_, i) => new PageClient(servers[i % 3]!.url).get(`/pay/${flow.id}`)),
    );
    expect(entries.map((e) => e.status)).toEqual(Array(30).fill(303));
    const visits = (await api.get(`/events?billing_request=${br.id}&action=flow_visited`)).body.events;
    expect(visits).toHaveLength(1);
  }, 60_000);

  it('when the scheme clock runner dies, another process takes over within seconds', async () => {
    const holder = await until('a scheme clock runner', schemeClockHolder);
    const victim = servers.find((s) => s.child.pid === holder)!;
    await victim.kill();
    const survivors = servers.filter((s) => s !== victim);
    const api = apiFor(survivors[0]!, store.token);
    const acked = await writeMandate(api, store.creditorId, `after-death-${Date.now()}`);
    const mandate = acked.find((id) => id.startsWith('MD'))!;
    expect(mandate).toBeDefined();
    const started = Date.now();
    await until(
      'the mandate activated by a survivor',
      async () => ((await api.get(`/mandates/${mandate}`)).body.mandates.status === 'active' ? true : undefined),
      20_000,
    );
    // The lease runs out 5 s after its last renewal; a survivor takes it on its next round.
    expect(Date.now() - started).toBeLessThan(12_000);
    const next = await schemeClockHolder();
    expect(survivors.map((s) => s.child.pid)).toContain(next);
  }, 60_000);
});
