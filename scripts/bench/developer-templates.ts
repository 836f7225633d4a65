/**
 * The dashboard bench's developer rows (scripts/bench/dashboard-lists.ts): a webhook endpoint with
 * a delivered delivery, and a reusable payment link's template, each made by the service itself,
 * which scripts/bench/seed-rows.ts then clones like the other kinds.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '../../server/db/db';
import { api } from './common';
import type { Templates } from './seed-rows';

/** A receiver that takes every delivery (204), for the endpoint the server is started with. */
export async function startReceiver(): Promise<{ url: string; close(): void }> {
  const server = http.createServer((req, res) => req.resume().on('end', () => res.writeHead(204).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, close: () => server.close() };
}

/** The reusable link, and the wait for a delivery of the earlier templates' events to succeed. */
export async function makeDeveloperTemplates(url: string, t: Templates): Promise<Templates> {
  const template = await api(url, 'POST', '/billing_request_templates', {
    billing_request_templates: { name: 'Bench link', payment_request_amount: 1500, payment_request_currency: 'GBP' },
  });
  for (let i = 0; i < 300; i++) {
    const { webhooks } = await api(url, 'GET', '/webhooks?limit=5');
    if (webhooks.some((w: { successful: boolean }) => w.successful)) break;
    if (i === 299) throw new Error('no delivery reached the bench’s receiver');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { ...t, developer: { endpoint: '', delivery: '', linkTemplate: template.billing_request_templates.id } };
}

/** The delivered delivery to clone and its endpoint, found once the store is open to the bench. */
export async function withDelivery(db: Database, t: Templates): Promise<Templates> {
  if (!t.developer) return t;
  const { rows } = await db.query<{ id: string; endpoint_id: string }>(
    `SELECT id, endpoint_id FROM webhooks WHERE status = 'succeeded' AND NOT is_test ORDER BY id LIMIT 1`,
  );
  if (!rows[0]) throw new Error('no succeeded delivery to clone');
  return { ...t, developer: { ...t.developer, endpoint: rows[0].endpoint_id, delivery: rows[0].id } };
}
