import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../server/db/db';
import { ManualClock } from '../../server/domain/shared/clock';
import { translator } from '../../i18n/flow';
import { PageClient } from '../support/browser';
import { createTestDatabase } from '../support/database';
import type { Merchant } from '../support/factories';
import { post } from '../support/journeys';
import { startPagesServer } from '../support/pages';
import type { TestServer } from '../support/server';

/**
 * Issue 17, "Abuse" and defect 6 on the pages: a per-address limit on payer pages and flow links
 * (429, Retry-After, the page in the payer's language; one count for every process on one
 * Postgres), and the headers pages carry. Addresses come from X-Forwarded-For (a trusted proxy),
 * so each test is its own client.
 */
const LIMIT = 5;
const clock = new ManualClock(new Date('2026-03-02T10:00:10Z'));
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let server: TestServer;
let m: Merchant;

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startPagesServer({
    clock,
    db,
    env: { PAYER_RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY: 'true' },
  });
  m = await server.merchant();
});
afterAll(() => server?.close());

async function newFlowId(): Promise<string> {
  const br = (
    await post(m.api, '/billing_requests', { billing_requests: { mandate_request: { currency: 'GBP' } } }, 201)
  ).billing_requests;
  return (
    await post(m.api, '/billing_request_flows', { billing_request_flows: { links: { billing_request: br.id } } }, 201)
  ).billing_request_flows.id;
}

const from = (address: string, language = 'en') => ({ 'x-forwarded-for': address, 'accept-language': language });

describe('payer pages rate limit', () => {
  it('answers 429 with Retry-After in the payer’s language once an address passes the limit', async () => {
    const flowId = await newFlowId();
    const browser = new PageClient(server.url);
    for (let i = 0; i < LIMIT; i++) {
      expect((await browser.get(`/pay/${flowId}`, from('198.51.100.1', 'de'))).status).not.toBe(429);
    }
    const refused = await browser.get(`/pay/${flowId}`, from('198.51.100.1', 'de'));
    expect(refused.status).toBe(429);
    // The window is the clock's minute: 50 s are left of it.
    expect(refused.headers['retry-after']).toBe('50');
    expect(refused.headers['content-language']).toBe('de');
    expect(refused.html).toContain('<html lang="de">');
    expect(refused.html).toContain(`<h1>${translator('de')('toomany.title')}</h1>`);
    expect(refused.headers['cache-control']).toBe('no-store');

    // Another address is not affected, and the refusals are counted for the operator.
    expect((await browser.get(`/pay/${flowId}`, from('198.51.100.2'))).status).not.toBe(429);
    const metrics = await new PageClient(server.url).get('/metrics');
    expect(metrics.html).toMatch(/bankflow_rate_limit_refusals_total\{limit="payer"\} [1-9]/);
  });

  it('has every catalogue speak the 429 page', () => {
    for (const language of ['da', 'de', 'en', 'es', 'fr', 'it', 'nb', 'nl', 'pt', 'sl', 'sv'] as const) {
      expect(translator(language)('toomany.title')).not.toBe('toomany.title');
      expect(translator(language)('toomany.body')).not.toBe('toomany.body');
    }
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'shares one count between two servers on one Postgres, as two processes would',
    async () => {
      const flowId = await newFlowId();
      const second = await startPagesServer({
        clock,
        db: createPostgresDatabase(db.url!, { max: 4 }),
        env: { PAYER_RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY: 'true' },
      });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < LIMIT + 1; i++) {
          const target = new PageClient(i % 2 ? second.url : server.url);
          statuses.push((await target.get(`/pay/${flowId}`, from('198.51.100.3'))).status);
        }
        expect(statuses.slice(0, LIMIT).every((s) => s !== 429)).toBe(true);
        expect(statuses[LIMIT]).toBe(429);
      } finally {
        await second.close();
      }
    },
  );
});

describe('page headers', () => {
  it('payer pages are never cached and carry HSTS, nosniff and a CSP that forbids framing', async () => {
    const flowId = await newFlowId();
    const res = await new PageClient(server.url).get(`/pay/${flowId}`, from('198.51.100.10'));
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it.each(['/', '/docs/errors'])('%s has a CSP allowing only its own resources, no framing', async (path) => {
    const res = await new PageClient(server.url).get(path, from('198.51.100.11'));
    expect(res.status).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    // The policy allows no inline script, so the page sends none.
    expect(res.html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });
});
