import fs from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { PageClient } from '../support/browser';
import type { Merchant } from '../support/factories';
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
import { mandateFlow } from '../support/journeys';
import { startPagesServer, UK_ACCOUNT, UK_PAYER } from '../support/pages';
import { rowCounts } from '../support/row-counts';
import type { TestServer } from '../support/server';

/**
 * Every payer step that takes a POST (each `pay.$flowId.<step>` route with an action, found from
 * app/routes, so a new step is fuzzed without a word here), with its own inputs missing, oversized,
 * sent twice, hostile or unknown: the answer is the step with its error (400) or where the payer
 * belongs (3xx), never a 5xx, and a refused form writes nothing.
 */
let server: TestServer;
let m: Merchant;
const clock = new ManualClock(new Date());

const STEPS = fs
  .readdirSync('app/routes')
  .map((file) => /^pay\.\$flowId\.([a-z-]+)\.tsx$/.exec(file)?.[1])
  .filter(
    (step): step is string =>
      !!step && /export const action/.test(fs.readFileSync(`app/routes/pay.$flowId.${step}.tsx`, 'utf8')),
  );

let prototypesBefore: ReturnType<typeof prototypesSnapshot>;

beforeAll(async () => {
  prototypesBefore = prototypesSnapshot();
  // The fuzz sends far more than a payer would: the per-address limit (tested on its own) is lifted.
  server = await startPagesServer({ clock, env: { PAYER_RATE_LIMIT_PER_MINUTE: '1000000' } });
  m = await server.merchant();
});
afterAll(() => server?.close());

/** A payer on a fresh mandate flow, moved on to `stage`: at details, at account, or at confirm. */
async function payerAt(stage: 'details' | 'account' | 'confirm') {
  const { flow } = await mandateFlow(m.api);
  const browser = new PageClient(server.url);
  const page = await browser.open(`/pay/${flow.id}`);
  const csrf = browser.csrfOf(page.html);
  if (stage !== 'details') await browser.post(`/pay/${flow.id}/details`, { ...UK_PAYER, csrf });
  if (stage === 'confirm') await browser.post(`/pay/${flow.id}/account`, { ...UK_ACCOUNT, csrf });
  return { flowId: flow.id as string, browser, csrf };
}

const inputNames = (html: string) =>
  [...new Set([...html.matchAll(/name="([a-z_]+)"/g)].map((x) => x[1]!))].filter((n) => n !== 'csrf');

const fieldValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  // What the database cannot store, often: the payer pages' own 500 before issue 17.
  { weight: 2, arbitrary: fc.constantFrom('Ja\u0000ne', '\u0000') },
  { weight: 1, arbitrary: fc.constant('y'.repeat(4_000)) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom(...Object.values(UK_PAYER), ...Object.values(UK_ACCOUNT)) },
);

const VALID: Record<string, string> = { ...UK_PAYER, ...UK_ACCOUNT };

/** Raw form parts no browser would send: a prototype key as a name, escapes that are not UTF-8. */
const rawFormPart = (names: string[]) =>
  fc.oneof(
    fc.constantFrom(...PROTOTYPE_KEYS).map((key) => `${key}=x`),
    fc
      .tuple(fc.constantFrom(...names), fc.constantFrom(...INVALID_UTF8_ESCAPES))
      .map(([name, escape]) => `${name}=a${escape}b`),
    fc.constantFrom(...INVALID_UTF8_ESCAPES).map((escape) => `x${escape}=1`),
  );

/**
 * A form body: the step's inputs with a payer's good values, then one dropped, some replaced by
 * hostile, oversized or odd values, one sent twice, unknown ones added, the token kept or not;
 * sometimes a raw part (prototype key, escapes not UTF-8) and a Content-Encoding we do not decode.
 */
function formOf(names: string[], csrf: string) {
  return fc
    .record({
      dropped: fc.subarray(names, { maxLength: 1 }),
      replaced: fc.array(fc.tuple(fc.constantFrom(...names), fieldValue), { minLength: 1, maxLength: 2 }),
      twice: fc.subarray(names, { maxLength: 1 }),
      extra: fc.array(fc.tuple(fc.constantFrom('x', 'intent', 'a\u0000', ...PROTOTYPE_KEYS), fieldValue), {
        maxLength: 2,
      }),
      raw: fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: rawFormPart(names) }),
      encoding: fc.oneof(
        { weight: 6, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.constantFrom(...CONTENT_ENCODINGS) },
      ),
      csrf: fc.constantFrom(csrf, csrf, csrf, '', 'forged'),
      contentType: fc.constantFrom(
        'application/x-www-form-urlencoded',
        'application/x-www-form-urlencoded',
        'application/x-www-form-urlencoded',
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded; charset=latin1',
      ),
    })
    .map(({ dropped, replaced, twice, extra, raw, encoding, csrf: token, contentType }) => {
      const params = new URLSearchParams();
      for (const name of names) {
        if (dropped.includes(name)) continue;
        const value = replaced.find(([n]) => n === name)?.[1] ?? VALID[name] ?? 'x';
        params.append(name, value);
        if (twice.includes(name)) params.append(name, 'again');
      }
      for (const [k, v] of extra) params.append(k, v);
      if (token) params.append('csrf', token);
      const headers: Record<string, string> = encoding ? { 'content-encoding': encoding } : {};
      return { body: [params.toString(), raw].filter(Boolean).join('&'), contentType, headers };
    });
}

describe('every payer step’s POST, fuzzed', () => {
  it('finds the steps from the route table', () => {
    expect(STEPS).toEqual(expect.arrayContaining(['details', 'account', 'confirm', 'bank', 'currency', 'cancel']));
  });

  it.each(['details', 'account', 'confirm'] as const)(
    'answers the step or a redirect, never a 5xx, with the payer at %s',
    async (stage) => {
      const { flowId, browser, csrf } = await payerAt(stage);
      for (const step of STEPS) {
        const path = `/pay/${flowId}/${step}`;
        const shown = await browser.get(path);
        expect(shown.status, `GET ${path}`).toBeLessThan(500);
        const names = inputNames(shown.html);
        await fc.assert(
          fc.asyncProperty(formOf(names.length ? names : ['intent'], csrf), async ({ body, contentType, headers }) => {
            const before = await rowCounts(server.services.db);
            const res = await browser.postRaw(path, body, contentType, headers);
            if (headers['content-encoding'] && !/^identity$/i.test(headers['content-encoding'])) {
              expect(res.status, `POST ${path} encoded ${headers['content-encoding']}`).toBe(415);
              expect(await rowCounts(server.services.db)).toEqual(before);
              return;
            }
            expect(res.status, `POST ${path} ${body.slice(0, 200)}: ${res.html.slice(0, 300)}`).toBeLessThan(500);
            if (res.status === 400) {
              expect(res.headers['content-type']).toMatch(/^text\/html/);
              expect(res.html).toMatch(/class="error-summary" role="alert"/);
              expect(await rowCounts(server.services.db), `POST ${path} was refused but wrote`).toEqual(before);
            }
          }),
          { seed: fuzzSeed, numRuns: fuzzRuns(25), endOnFailure: true },
        );
      }
    },
    300_000,
  );

  it('answers every step’s page with a hostile query: the 400 page for escapes not UTF-8, never a 5xx', async () => {
    const { flowId, browser } = await payerAt('details');
    for (const step of ['', ...STEPS.map((s) => `/${s}`)]) {
      await fc.assert(
        fc.asyncProperty(hostileQueryPart, async (part) => {
          const res = await browser.get(`/pay/${flowId}${step}?${part}`);
          expect(res.status, `GET /pay/${flowId}${step}?${part}`).toBeLessThan(500);
          if (INVALID_UTF8_ESCAPES.some((escape) => part.includes(escape))) expect(res.status).toBe(400);
        }),
        { seed: fuzzSeed, numRuns: fuzzRuns(6), endOnFailure: true },
      );
    }
  });

  it('answers a NUL typed into an input with the step, the error at that input, and keeps nothing', async () => {
    const { flowId, browser, csrf } = await payerAt('details');
    const before = await rowCounts(server.services.db);
    const res = await browser.post(`/pay/${flowId}/details`, { ...UK_PAYER, given_name: 'Ja\u0000ne', csrf });
    expect(res.status).toBe(400);
    expect(res.html).toMatch(/href="#given_name"/);
    expect(await rowCounts(server.services.db)).toEqual(before);
  });

  it('leaves the server process’s built-in prototypes as they were after the whole run (issue 40.1)', () => {
    expect(prototypesChangedSince(prototypesBefore)).toEqual([]);
  });
});
