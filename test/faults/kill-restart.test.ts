import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/client';
import { apiFor, prepareStore, spawnServer, writeLoad, type Spawned, type SpawnedStore } from '../support/spawned';

/**
 * kill -9 of a real server process under write load, on the test project's store (issue 17,
 * Faults). After a restart on the same store: every acknowledged write is there, every committed
 * event's webhook arrives at least once, and the scheme clock picks up where it stopped without
 * applying any move twice.
 */
let store: SpawnedStore;
beforeAll(async () => {
  store = await prepareStore();
});
afterAll(() => store?.close());

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

async function allEventIds(api: ApiClient): Promise<string[]> {
  const ids: string[] = [];
  let after: string | undefined;
  for (;;) {
    const res = await api.get(`/events?limit=500${after ? `&after=${after}` : ''}`);
    expect(res.status).toBe(200);
    ids.push(...res.body.events.map((e: { id: string }) => e.id));
    after = res.body.meta.cursors.after ?? undefined;
    if (!after) return ids;
  }
}

describe('kill -9 under write load', () => {
  it('loses no acknowledged write, delivers every event, and moves nothing twice', async () => {
    const first: Spawned = await spawnServer(store.env);
    const api = apiFor(first, store.token);
    let killed!: () => void;
    const killedAt = new Promise<void>((resolve) => (killed = resolve));
    const sink: string[] = [];
    const load = writeLoad(() => api, store.creditorId, 4, killedAt, sink);
    // Let some writes, moves and deliveries through, then pull the plug mid-flight.
    await until('writes under way', async () =>
      sink.filter((id) => id.startsWith('MD')).length >= 8 ? true : undefined,
    );
    await first.kill();
    killed();
    const acked = await load;
    expect(acked.length).toBeGreaterThan(10);

    const second = await spawnServer(store.env);
    try {
      const again = apiFor(second, store.token);
      for (const id of acked) {
        const path = id.startsWith('CU')
          ? `/customers/${id}`
          : id.startsWith('BA')
            ? `/customer_bank_accounts/${id}`
            : `/mandates/${id}`;
        expect((await again.get(path)).status, id).toBe(200);
      }
      // The scheme clock resumes: every acknowledged mandate is submitted and then activated.
      const mandates = acked.filter((id) => id.startsWith('MD'));
      expect(mandates.length).toBeGreaterThan(0);
      for (const id of mandates) {
        await until(`${id} active`, async () =>
          (await again.get(`/mandates/${id}`)).body.mandates.status === 'active' ? true : undefined,
        );
      }
      // Every committed event reaches the receiver at least once (duplicates allowed: at least once).
      const events = await allEventIds(again);
      // Deliveries the dead process had claimed wait out its lease (60 s) before they go again.
      await until(
        'every webhook',
        async () => {
          const received = new Set(store.receiver.eventIds());
          return events.every((id) => received.has(id)) ? true : undefined;
        },
        90_000,
      );
    } finally {
      expect(await second.stop()).toBe(0);
    }

    // No move applied twice: each mandate has at most one event per action.
    const db = await store.open();
    try {
      const { rows } = await db.query<{ mandate: string; action: string; n: number }>(
        `SELECT links->>'mandate' AS mandate, action, count(*)::int AS n FROM events
          WHERE organisation_id = $1 AND resource_type = 'mandates'
          GROUP BY 1, 2 HAVING count(*) > 1`,
        [store.organisationId],
      );
      expect(rows).toEqual([]);
    } finally {
      await db.close();
    }
  }, 200_000);
});
