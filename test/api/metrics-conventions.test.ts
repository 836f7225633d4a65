import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { MailError } from '../../server/mail/transport';
import { PageClient } from '../support/browser';
import { createMandateViaBillingRequest } from '../support/journeys';
import { startReceiver, type Receiver } from '../support/receiver';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue 40 point 6, the rules Prometheus's `promtool check metrics` applies, checked on a real
 * scrape (promtool itself is not a package this project can install): counters end in `_total`
 * and nothing else does, every family has HELP and TYPE, names and labels are well formed, units
 * are base units, an `_info` gauge reads 1. And what an operator needs: probes, the OpenAPI
 * document and the scrape under their own route labels, and background work counted by outcome.
 */
const clock = new ManualClock(new Date());
let server: TestServer;
let receiver: Receiver;
let scraper: PageClient;

beforeAll(async () => {
  receiver = await startReceiver();
  server = await startTestServer({
    clock,
    schemeClockIntervalMs: 0,
    webhookDelivery: { intervalMs: 0, sender: receiver.sender() },
  });
  scraper = new PageClient(server.url);
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

const scrape = async () => (await scraper.get('/metrics')).html;

/** `name{labels} value` of every sample whose name is `name`. */
const valueOf = (text: string, name: string, labels = '') => {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
};

interface Family {
  name: string;
  type?: string;
  help?: string;
  samples: string[];
}

/** The exposition's families, by their HELP and TYPE lines and the samples under them. */
function familiesOf(text: string): Family[] {
  const families = new Map<string, Family>();
  const family = (name: string) => families.get(name) ?? families.set(name, { name, samples: [] }).get(name)!;
  let current: Family | undefined;
  for (const line of text.split('\n')) {
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (meta) {
      current = family(meta[2]!);
      if (meta[1] === 'HELP') current.help = meta[3];
      else current.type = meta[3];
    } else if (line.trim() && current) current.samples.push(line);
  }
  return [...families.values()];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
/** Units promtool warns about: Prometheus wants seconds and bytes. */
const NON_BASE_UNITS = /_(milliseconds|microseconds|nanoseconds|minutes|hours|days|kilobytes|megabytes|bits)(_|$)/;

describe('the metrics exposition', () => {
  it('keeps the rules promtool checks', async () => {
    await scraper.get('/health/live');
    const families = familiesOf(await scrape());
    expect(families.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const f of families) {
      if (!NAME.test(f.name)) problems.push(`${f.name}: not a metric name`);
      if (!f.help) problems.push(`${f.name}: no HELP`);
      if (!f.type) problems.push(`${f.name}: no TYPE`);
      if (f.type === 'counter' && !f.name.endsWith('_total')) problems.push(`${f.name}: a counter without _total`);
      if (f.type !== 'counter' && f.name.endsWith('_total')) problems.push(`${f.name}: a ${f.type} named _total`);
      if (NON_BASE_UNITS.test(f.name)) problems.push(`${f.name}: not a base unit`);
      if (f.name.endsWith('_info') && f.type !== 'gauge') problems.push(`${f.name}: an _info that is not a gauge`);
      const seen = new Set<string>();
      for (const sample of f.samples) {
        const [, series, labels] = /^([^{ ]+)(?:\{(.*)\})? /.exec(sample) ?? [];
        if (!series?.startsWith(f.name)) problems.push(`${sample}: not of family ${f.name}`);
        for (const [, label] of (labels ?? '').matchAll(/([^=,]+)="(?:[^"\\]|\\.)*"/g))
          if (!LABEL.test(label!)) problems.push(`${sample}: label ${label} not well formed`);
        const key = sample.slice(0, sample.lastIndexOf(' '));
        if (seen.has(key)) problems.push(`${key}: twice`);
        seen.add(key);
        if (f.name.endsWith('_info') && !sample.endsWith(' 1')) problems.push(`${sample}: an _info not 1`);
      }
    }
    expect(problems).toEqual([]);
    expect(families.find((f) => f.name === 'bankflow_http_connections_refused')).toBeUndefined();
  });

  it('says which version runs', async () => {
    const text = await scrape();
    expect(text).toContain('# TYPE bankflow_build_info gauge');
    expect(text).toMatch(/^bankflow_build_info\{version="\d+\.\d+\.\d+[^"]*",node_version="v\d+\.\d+\.\d+"\} 1$/m);
  });

  it('counts probes, the OpenAPI document and scrapes under their own routes, not as unmatched', async () => {
    for (const path of ['/health', '/health/live', '/health/ready', '/openapi.json', '/no_such_path'])
      await scraper.get(path);
    await scrape();
    const text = await scrape();
    for (const route of ['/health', '/health/live', '/health/ready', '/openapi.json', '/metrics']) {
      const labels = `route="${route}",method="GET",status="200"`;
      expect(valueOf(text, 'bankflow_http_requests_total', labels), route).toBeGreaterThan(0);
    }
    // What is left unmatched is what no route answers: the 404s.
    const unmatched = text.split('\n').filter((l) => l.startsWith('bankflow_http_requests_total{route="unmatched"'));
    expect(unmatched.length).toBeGreaterThan(0);
    for (const line of unmatched) expect(line).toContain('status="404"');
  });

  it('counts webhook attempts by outcome', async () => {
    const m = await server.merchant();
    await server.services.webhookEndpoints.create(server.services.db, m.organisationId, receiver.url);
    const before = await scrape();
    const count = (text: string, outcome: string) =>
      valueOf(text, 'bankflow_webhook_attempts_total', `outcome="${outcome}"`) ?? NaN;

    receiver.answer(() => ({ status: 200, body: '{}' }));
    await m.api.post('/blocks', {
      blocks: { block_type: 'email', reason_type: 'no_intent_to_pay', resource_reference: 'a@example.com' },
    });
    expect(await server.webhookWorker.runDue()).toBe(1);
    receiver.answer(() => ({ status: 500, body: '{}' }));
    await m.api.post('/blocks', {
      blocks: { block_type: 'email', reason_type: 'no_intent_to_pay', resource_reference: 'b@example.com' },
    });
    expect(await server.webhookWorker.runDue()).toBe(1);

    const after = await scrape();
    expect(count(after, 'delivered') - count(before, 'delivered')).toBe(1);
    expect(count(after, 'http_error') - count(before, 'http_error')).toBe(1);
    expect(count(after, 'no_response')).toBe(count(before, 'no_response'));
  });

  it('counts scheme clock moves once their batch committed', async () => {
    const m = await server.merchant();
    await createMandateViaBillingRequest(m, { currency: 'GBP' });
    const before = valueOf(await scrape(), 'bankflow_scheme_clock_moves_total', 'outcome="applied"')!;
    clock.advance(10 * 86_400_000);
    const applied = await server.schemeClock.runDue();
    expect(applied).toBeGreaterThan(0);
    const text = await scrape();
    expect(valueOf(text, 'bankflow_scheme_clock_moves_total', 'outcome="applied"')! - before).toBe(applied);
    expect(valueOf(text, 'bankflow_scheme_clock_moves_total', 'outcome="failed"')).toBe(0);
  });

  it('counts mail sends by outcome', async () => {
    const { organisationId } = await server.merchant();
    const message = { to: 'payer@example.com', organisationId, subject: 'Hello', text: 'Hello', language: 'en' };
    const before = await scrape();
    await server.services.mailer.send(message);
    const after = await scrape();
    const sent = (text: string) => valueOf(text, 'bankflow_mail_sends_total', 'outcome="sent"')!;
    expect(sent(after) - sent(before)).toBe(1);

    const refusing = await startTestServer({
      mailer: {
        async send() {
          throw new MailError('refused', true, 'rejected_address');
        },
      },
    });
    try {
      await expect(refusing.services.mailer.send(message)).rejects.toThrow(MailError);
      const text = (await new PageClient(refusing.url).get('/metrics')).html;
      expect(valueOf(text, 'bankflow_mail_sends_total', 'outcome="failed"')).toBe(1);
      expect(valueOf(text, 'bankflow_mail_sends_total', 'outcome="sent"')).toBe(0);
    } finally {
      await refusing.close();
    }
  });
});
