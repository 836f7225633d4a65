import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageClient } from '../support/browser';
import { dashboardUser, signedInAs } from '../support/dashboard';
import {
  CONTENT_ENCODINGS,
  fuzzRuns,
  fuzzSeed,
  hostileQueryPart,
  HOSTILE_STRINGS,
  INVALID_UTF8_ESCAPES,
  PROTOTYPE_KEYS,
  prototypesChangedSince,
  prototypesSnapshot,
} from '../support/fuzz';
import { startPagesServer } from '../support/pages';
import { rowCounts } from '../support/row-counts';
import type { TestServer } from '../support/server';

/**
 * The dashboard's forms, fuzzed as the payer steps are (issue 40): every POST form found on the
 * admin's pages, sent with its inputs dropped, hostile, sent twice, with prototype keys as names,
 * escapes that are not UTF-8, an encoding we do not decode, and hostile queries on the pages. No
 * answer is a 5xx, an encoded form is a 415, and a refused form writes nothing. Forms that end the
 * session or send requests off this machine (sign-out, security, webhooks) are left out.
 */
let server: TestServer;
let admin: PageClient;
let prototypesBefore: ReturnType<typeof prototypesSnapshot>;

const PAGES = [
  '/dashboard',
  '/dashboard/payment-links',
  '/dashboard/payment-links/templates/new',
  '/dashboard/settings',
  '/dashboard/team',
  '/dashboard/developers',
  '/dashboard/developers/simulators',
];
const LEFT_OUT = /sign-out|security|webhooks|account/;

beforeAll(async () => {
  prototypesBefore = prototypesSnapshot();
  server = await startPagesServer({ env: { PAYER_RATE_LIMIT_PER_MINUTE: '1000000' } });
  const m = await server.merchant();
  admin = await signedInAs(server, (await dashboardUser(server, m.organisationId, 'admin')).email);
});
afterAll(() => server?.close());

/** The page's POST forms: where each goes and the names of its inputs (the CSRF token's value too). */
function formsOf(page: string, html: string) {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)]
    .filter(([, attributes]) => /method="post"/i.test(attributes!))
    .map(([, attributes, inner]) => ({
      action: (/action="([^"]*)"/.exec(attributes!)?.[1] ?? page).replace(/&amp;/g, '&'),
      names: [...new Set([...inner!.matchAll(/name="([^"]+)"/g)].map((x) => x[1]!))].filter((n) => n !== 'csrf'),
      // What the page fills in itself (hidden intents, the creditor, defaults): the fuzz starts there.
      values: Object.fromEntries(
        [...inner!.matchAll(/<input\b[^>]*\bname="([^"]+)"[^>]*\bvalue="([^"]*)"/g)]
          .filter(([, name]) => name !== 'csrf')
          .map(([, name, value]) => [name!, value!.replace(/&amp;/g, '&')]),
      ) as Record<string, string>,
      csrf: /name="csrf" value="([^"]+)"/.exec(inner!)?.[1] ?? '',
    }))
    .filter((form) => !LEFT_OUT.test(form.action));
}

const value = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom('25.00', 'GBP', 'admin', 'a@example.com', 'yes') },
);

function bodyOf(names: string[], csrf: string) {
  const raw = fc.oneof(
    fc.constantFrom(...PROTOTYPE_KEYS).map((key) => `${key}=x`),
    fc
      .tuple(fc.constantFrom(...(names.length ? names : ['x'])), fc.constantFrom(...INVALID_UTF8_ESCAPES))
      .map(([name, escape]) => `${name}=a${escape}b`),
  );
  return fc.record({
    fields: fc.array(fc.tuple(fc.constantFrom(...(names.length ? names : ['intent'])), value), { maxLength: 3 }),
    raw: fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: raw }),
    token: fc.constantFrom(csrf, csrf, csrf, '', 'forged'),
    encoding: fc.oneof(
      { weight: 4, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constantFrom(...CONTENT_ENCODINGS) },
    ),
  });
}

describe('the dashboard’s forms, fuzzed', () => {
  it('answers no 5xx, a 415 for an encoded form, and writes nothing when it refuses', async () => {
    let forms = 0;
    const statuses: Record<number, number> = {};
    for (const page of PAGES) {
      const shown = await admin.get(page);
      expect(shown.status, `GET ${page}`).toBe(200);
      for (const form of formsOf(page, shown.html)) {
        forms++;
        await fc.assert(
          fc.asyncProperty(bodyOf(form.names, form.csrf), async ({ fields, raw, token, encoding }) => {
            const params = new URLSearchParams({ ...form.values, ...Object.fromEntries(fields) });
            if (token) params.append('csrf', token);
            const body = [params.toString(), raw].filter(Boolean).join('&');
            const before = await rowCounts(server.services.db);
            const res = await admin.postRaw(
              form.action,
              body,
              'application/x-www-form-urlencoded',
              encoding ? { 'content-encoding': encoding } : {},
            );
            statuses[res.status] = (statuses[res.status] ?? 0) + 1;
            const label = `POST ${form.action} ${body.slice(0, 200)} (${encoding ?? 'plain'})`;
            expect(res.status, `${label}: ${res.html.slice(0, 300)}`).toBeLessThan(500);
            if (encoding && encoding !== 'identity') expect(res.status, label).toBe(415);
            if (res.status >= 400) expect(await rowCounts(server.services.db), `${label} wrote`).toEqual(before);
          }),
          // A seed of its own per form: the same draws for every form would leave some cases out everywhere.
          { seed: fuzzSeed + forms, numRuns: fuzzRuns(10), endOnFailure: true },
        );
      }
    }
    expect(forms).toBeGreaterThan(4);
    console.info(`fuzzed ${forms} dashboard forms (seed ${fuzzSeed}): answers ${JSON.stringify(statuses)}`);
  }, 300_000);

  it('answers its pages with a hostile query: the 400 page for escapes not UTF-8, never a 5xx', async () => {
    for (const page of PAGES) {
      await fc.assert(
        fc.asyncProperty(hostileQueryPart, async (part) => {
          const res = await admin.get(`${page}?${part}`);
          expect(res.status, `GET ${page}?${part}`).toBeLessThan(500);
          if (INVALID_UTF8_ESCAPES.some((escape) => part.includes(escape))) expect(res.status).toBe(400);
        }),
        { seed: fuzzSeed, numRuns: fuzzRuns(6), endOnFailure: true },
      );
    }
  });

  it('leaves the server process’s built-in prototypes as they were after the whole run (issue 40.1)', () => {
    expect(prototypesChangedSince(prototypesBefore)).toEqual([]);
  });
});
