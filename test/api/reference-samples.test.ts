import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, ApiResponse } from '../support/client';
import { startSandbox, type Sandbox } from '../support/every-method-sandbox';
import { freshResources, type Fresh } from '../support/every-method-fresh';
import { SAMPLES, replaySample, type Refusal, type Request } from '../support/reference-samples';

/**
 * Every request example of the real API's reference (the Node client's code samples, as it sends
 * them: 152 calls of 134 samples) replayed through the real server, each written as our own
 * request of the same shape (same method, path, query keys, body keys and headers; our ids and our
 * values, test/support/reference-samples.ts) against a resource in the state the sample needs. Each is accepted (2xx), or refused with
 * the status, type and field/reason docs/api-fidelity-requests.md gives for the samples that are
 * themselves invalid, so a sample refused for any other reason fails here.
 *
 * The last test reads the reference's list beside the clone (`../shared`, as the bank-file tests
 * read their XSDs) only to check that this table has one entry per sample, of the sample's shape.
 */
const SAMPLES_FILE = join(
  import.meta.dirname,
  '../../../shared/reference/fixtures/gocardless-nodejs/request-samples.json',
);

interface ReferenceSample {
  resource: string;
  action: string;
  variant: number;
  method: string;
  path_template: string;
  url_params: Record<string, string>;
  query?: string;
  body?: unknown;
  headers: Record<string, string>;
}

/**
 * Every key path of a JSON value (arrays by their elements' paths): the shape, not the values. A
 * `metadata` object's keys are the caller's own data, not the shape.
 */
function shape(value: unknown, at = ''): string[] {
  if (at.endsWith('.metadata')) return [];
  if (Array.isArray(value)) return [...new Set(value.flatMap((item) => shape(item, `${at}[]`)))].sort();
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .flatMap(([key, inner]) => [`${at}.${key}`, ...shape(inner, `${at}.${key}`)])
      .sort();
  }
  return [];
}

/** `/payments/:identity` as a pattern our path must match. */
const templatePattern = (template: string) =>
  new RegExp(`^${template.replace(/:[a-z_]+/g, '[A-Za-z0-9_]+').replace(/\//g, '\\/')}$`);

const outcomeOf = (res: ApiResponse): Refusal | { status: number } =>
  res.status < 300
    ? { status: res.status }
    : {
        status: res.status,
        type: res.body?.error?.type,
        errors: (res.body?.error?.errors ?? []).map((e: { field?: string; reason?: string }) =>
          [e.field, e.reason].filter(Boolean).join(': '),
        ),
      };

let sandbox: Sandbox;
let fresh: Fresh;
/** The merchant's second read_write token: an approval needs another approver than the maker. */
let approver: ApiClient;

beforeAll(async () => {
  sandbox = await startSandbox();
  fresh = freshResources(sandbox);
  const { services } = sandbox.server;
  const token = await services.db.transaction((tx) =>
    services.access.createToken(tx, sandbox.m.organisationId, 'read_write', 'sample approver'),
  );
  approver = sandbox.m.api.withToken(token.value);
}, 120_000);
afterAll(() => sandbox?.server.close());

/** What each replay sent, for the shape check after them. */
const sent = new Map<string, Request>();

describe('the reference’s request samples', () => {
  it.each(Object.keys(SAMPLES))('%s: accepted, or refused for its documented reason', async (key) => {
    const { made, res } = await replaySample(sandbox, fresh, approver, key);
    sent.set(key, made);
    const expected = SAMPLES[key]!.refused;
    if (expected) {
      expect(outcomeOf(res), res.text).toEqual(expected);
    } else {
      expect(res.status, res.text).toBeGreaterThanOrEqual(200);
      expect(res.status, res.text).toBeLessThan(300);
    }
  });

  it('are all here, each sent in the sample’s shape (method, path, query keys, body keys, headers)', () => {
    const reference = JSON.parse(readFileSync(SAMPLES_FILE, 'utf8')) as ReferenceSample[];
    expect(reference).toHaveLength(152);
    expect(Object.keys(SAMPLES).sort()).toEqual(reference.map((r) => `${r.resource}.${r.action}.${r.variant}`).sort());
    for (const sample of reference) {
      const key = `${sample.resource}.${sample.action}.${sample.variant}`;
      const made = sent.get(key);
      if (!made) throw new Error(`${key} was not replayed`);
      expect(
        {
          method: made.method,
          query: Object.keys(made.query ?? {}).sort(),
          body: shape(made.body),
          headers: Object.keys(made.headers ?? {}).map((h) => h.toLowerCase()),
        },
        key,
      ).toEqual({
        method: sample.method,
        query: [...new URLSearchParams(sample.query ?? '').keys()].sort(),
        body: shape(sample.body),
        headers: Object.keys(sample.headers).map((h) => h.toLowerCase()),
      });
      expect(made.path, key).toMatch(templatePattern(sample.path_template));
    }
  });
});
