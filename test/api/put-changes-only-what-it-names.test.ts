import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../../server/api/routes';
import type { ApiClient } from '../support/client';
import { startSandbox, type Sandbox } from '../support/every-method-sandbox';
import { freshResources, payerAuthorisationBody, type Fresh } from '../support/every-method-fresh';
import type { Merchant } from '../support/factories';
import { sshKeyPair } from '../support/sftp-server';

/**
 * Issue 37: "an update changes what it names and nothing else, everywhere". For every PUT route of
 * the route table (so a new one fails here until it has an entry), every field its body takes is
 * sent alone, on a resource made through the API: the answer carries the new value, every other
 * attribute is what it was, and a read after says the same. `null` is sent for each field too: where
 * the body schema allows it (what `/openapi.json` documents), it clears that field and nothing else;
 * where it does not, it is refused (400) and changes nothing.
 */
interface Subject {
  /** Who sends it (a merchant of its own where the update would disturb the sandbox's). */
  via: (s: Sandbox) => ApiClient;
  /** The resource to update, made through the API: its path. */
  make: (s: Sandbox, f: Fresh) => Promise<string>;
  /** Read the resource as it is now (default: GET its path, under the route's key). */
  read?: (api: ApiClient, path: string) => Promise<Record<string, unknown>>;
  /** Sent with every update (the keys a set-by-key route needs), not checked as a field. */
  base?: Record<string, unknown>;
  /** A new value per field of the body: every field the body takes must have one. */
  values: Record<string, unknown>;
  /** What the answer shows for a value sent, where it is not the value itself. */
  shown?: Record<string, (resource: Record<string, unknown>) => unknown>;
  /** Expected from a value, where it is not the value itself (an amount string is an integer). */
  expected?: Record<string, unknown>;
  /** Attributes a field's change documents as changing with it (the spec's derived values). */
  alsoChanges?: Record<string, string[]>;
  /** What `null` leaves in a nullable field, where it is not null (a documented no-op). */
  nullShows?: Record<string, 'unchanged'>;
  /** A nullable field whose `null` this resource refuses (documented), nothing written. */
  nullRefused?: Record<string, { status: number; type: string }>;
  /** Attributes every update moves (`updated_at`). */
  touches?: string[];
}

/** Whether a JSON schema admits null itself (not only somewhere inside it). */
function admitsNull(schema: unknown): boolean {
  const node = (schema ?? {}) as { type?: unknown; anyOf?: unknown[] };
  if (node.type === 'null' || (Array.isArray(node.type) && node.type.includes('null'))) return true;
  return (node.anyOf ?? []).some(admitsNull);
}

/**
 * The body's own fields (the properties of the object under the route's key, or of the body), each
 * with whether the body takes `null` for it and whether the answer's attribute can be null.
 */
function bodyFields(route: (typeof apiRoutes)[number]): Record<string, { takesNull: boolean; canBeNull: boolean }> {
  const schema = z.toJSONSchema(route.body!, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
  };
  const inner = (schema.properties?.[route.resourceKey] ?? schema) as { properties?: Record<string, unknown> };
  const answer = (route.response ? z.toJSONSchema(route.response, { io: 'output', unrepresentable: 'any' }) : {}) as {
    properties?: Record<string, unknown>;
  };
  return Object.fromEntries(
    Object.entries(inner.properties ?? {}).map(([key, field]) => [
      key,
      { takesNull: admitsNull(field), canBeNull: admitsNull(answer.properties?.[key]) },
    ]),
  );
}

const PUT_ROUTES = apiRoutes.filter((route) => route.method === 'PUT');

let s: Sandbox;
let f: Fresh;
/** A merchant of its own for the creditor's own updates and settings. */
let own: Merchant;

beforeAll(async () => {
  s = await startSandbox();
  f = freshResources(s);
  own = await s.server.merchant(undefined, { payoutAccounts: true });
}, 120_000);
afterAll(() => s?.server.close());

const main = (x: Sandbox) => x.m.api;
const metadataOnly = (make: Subject['make'], via: Subject['via'] = main): Subject => ({
  via,
  make,
  values: { metadata: { changed_by: 'put-sweep' } },
});

async function gbpAccount(api: ApiClient, creditor: string, holder: string) {
  const made = await api.post('/creditor_bank_accounts', {
    creditor_bank_accounts: {
      account_holder_name: holder,
      account_number: '66779911',
      branch_code: '200000',
      country_code: 'GB',
      links: { creditor },
    },
  });
  return made.body.creditor_bank_accounts.id as string;
}

let newPayoutAccount = '';

const SFTP = {
  host: 'sftp.bank.example',
  username: 'bankflow',
  host_key_sha256: `SHA256:${'A'.repeat(43)}`,
  submissions_dir: '/in',
};

const SUBJECTS: Record<string, Subject> = {
  '/customers/:id': {
    via: main,
    make: async (_s, fr) => `/customers/${await fr.customer()}`,
    values: {
      email: 'changed@example.com',
      given_name: 'Changed',
      family_name: 'Name',
      company_name: 'Changed Ltd',
      language: 'fr',
      phone_number: '+447700900999',
      address_line1: '9 New Street',
      address_line2: 'Floor 2',
      address_line3: 'Wing B',
      city: 'Bristol',
      region: 'Avon',
      postal_code: 'BS1 4DJ',
      country_code: 'IE',
      swedish_identity_number: '198112289874',
      danish_identity_number: '0101901234',
      metadata: { changed_by: 'put-sweep' },
    },
  },
  '/customer_bank_accounts/:id': metadataOnly(async (_s, fr) => `/customer_bank_accounts/${await fr.bankAccount()}`),
  '/creditors/:id': {
    via: () => own.api,
    make: async () => {
      newPayoutAccount = await gbpAccount(own.api, own.creditorId, 'Own Ltd second');
      return `/creditors/${own.creditorId}`;
    },
    values: {
      name: 'Renamed Ltd',
      address_line1: '1 Quay Street',
      address_line2: 'Unit 4',
      address_line3: 'Dock Side',
      city: 'Bristol',
      region: 'Avon',
      postal_code: 'BS1 6AA',
      country_code: 'GB',
      bank_reference_prefix: 'RENAM',
      email: 'billing@renamed.example',
      phone_number: '+441179000000',
      links: { default_gbp_payout_account: '(new account)' },
    },
    shown: { links: (c) => (c.links as Record<string, string>).default_gbp_payout_account },
    nullShows: { links: 'unchanged' },
    // A creditor has a country (it decides its schemes): null is refused, as blank.
    nullRefused: { country_code: { status: 422, type: 'validation_failed' } },
  },
  '/mandates/:id': metadataOnly(async (_s, fr) => `/mandates/${await fr.mandate()}`),
  '/outbound_payments/:id': metadataOnly(async (_s, fr) => `/outbound_payments/${await fr.outboundPayment()}`),
  '/payer_authorisations/:id': {
    via: main,
    make: async (_s, fr) => `/payer_authorisations/${await fr.payerAuthorisation(false)}`,
    values: {
      customer: { ...payerAuthorisationBody().customer, given_name: 'Jeanne' },
      bank_account: { ...payerAuthorisationBody().bank_account, account_holder_name: 'Jeanne Dupont' },
      mandate: { scheme: 'sepa_core', reference: 'JEANNE-0001' },
    },
    // The full account number is never sent back (`account_number_ending` stands for it).
    shown: {
      bank_account: (p) => ({
        account_holder_name: (p.bank_account as { account_holder_name: string }).account_holder_name,
      }),
    },
    expected: { bank_account: { account_holder_name: 'Jeanne Dupont' } },
    // What the payer still has to give follows from what was given.
    alsoChanges: {
      customer: ['incomplete_fields'],
      bank_account: ['incomplete_fields'],
      mandate: ['incomplete_fields'],
    },
  },
  '/payments/:id': {
    via: main,
    make: async (_s, fr) => `/payments/${await fr.payment()}`,
    values: { metadata: { changed_by: 'put-sweep' }, retry_if_possible: true },
  },
  '/refunds/:id': metadataOnly(async (x, fr) => {
    const payment = await fr.payment('payment_confirmed');
    const made = await x.m.api.post('/refunds', {
      refunds: { amount: 100, total_amount_confirmation: 100, links: { payment } },
    });
    return `/refunds/${made.body.refunds.id}`;
  }),
  '/payouts/:id': metadataOnly(
    async (x) => `/payouts/${x.paidOut.payout}`,
    (x) => x.paidOut.m.api,
  ),
  '/subscriptions/:id': {
    via: main,
    make: async (_s, fr) => `/subscriptions/${await fr.subscription()}`,
    values: {
      amount: '2600',
      app_fee: '10',
      metadata: { changed_by: 'put-sweep' },
      name: 'Renamed box',
      payment_reference: 'BOX-REF',
      retry_if_possible: true,
    },
    expected: { amount: 2600, app_fee: 10 },
    alsoChanges: { amount: ['upcoming_payments'] },
  },
  '/instalment_schedules/:id': metadataOnly(async (_s, fr) => `/instalment_schedules/${await fr.instalmentSchedule()}`),
  '/sandbox/settings': {
    via: () => own.api,
    make: async () => '/sandbox/settings',
    values: { hold_payouts: true },
  },
  '/creditors/:id/bank_connections': {
    via: () => own.api,
    // A file bank (SFTP is only for one), with the originator Bacs files name.
    make: async () => {
      const path = `/creditors/${own.creditorId}/bank_connections`;
      const made = await own.api.put(path, {
        bank_connections: {
          scheme: 'bacs',
          kind: 'file',
          originator: { sort_code: '200000', account_number: '87654321' },
        },
      });
      expect(made.status, made.text).toBe(200);
      return path;
    },
    read: async (api, path) =>
      (await api.get(path)).body.bank_connections.find((c: { scheme: string }) => c.scheme === 'bacs'),
    base: { scheme: 'bacs', kind: 'file' },
    // `configured` says whether the connection has what a file bank needs: it follows these.
    alsoChanges: { cutoff_time: ['configured'], originator: ['configured'], sftp: ['configured'] },
    // A file bank needs its originator: removing it is refused.
    nullRefused: { originator: { status: 400, type: 'invalid_api_usage' } },
    values: {
      scheme: 'bacs',
      kind: 'file',
      cutoff_time: '15:30',
      originator: { sort_code: '200000', account_number: '12345678' },
      sftp: { ...SFTP, private_key: sshKeyPair().privateKey },
    },
    // The private key is write-only: the answer says it has one.
    expected: { sftp: { ...SFTP, has_private_key: true } },
  },
  '/billing_request_templates/:id': {
    via: main,
    // Both requests set, so each field alone leaves a template that still makes a billing request.
    make: async (x) => {
      const made = await x.m.api.post('/billing_request_templates', {
        billing_request_templates: {
          name: 'Membership',
          mandate_request_currency: 'GBP',
          payment_request_amount: '50.00',
          payment_request_currency: 'GBP',
        },
      });
      return `/billing_request_templates/${made.body.billing_request_templates.id}`;
    },
    touches: ['updated_at'],
    // The template as it then is must still make a billing request (docs/api-fidelity-requests.md).
    nullRefused: {
      payment_request_amount: { status: 422, type: 'validation_failed' },
      payment_request_currency: { status: 422, type: 'validation_failed' },
    },
    values: {
      name: 'Renamed template',
      metadata: { changed_by: 'put-sweep' },
      mandate_request_currency: 'GBP',
      mandate_request_scheme: 'bacs',
      mandate_request_description: 'Membership',
      mandate_request_verify: 'when_available',
      mandate_request_metadata: { plan: 'gold' },
      mandate_request_constraints: null,
      payment_request_amount: '75.00',
      payment_request_currency: 'GBP',
      payment_request_description: 'Joining fee',
      payment_request_scheme: 'faster_payments',
      payment_request_metadata: { fee: 'joining' },
      redirect_uri: 'https://merchant.example/after',
    },
  },
};

async function readOf(subject: Subject, route: (typeof PUT_ROUTES)[number], api: ApiClient, path: string) {
  if (subject.read) return subject.read(api, path);
  const res = await api.get(path);
  expect(res.status, res.text).toBe(200);
  return res.body[route.resourceKey] as Record<string, unknown>;
}

/** The attributes of `after` that differ from `before`. */
const changed = (before: Record<string, unknown>, after: Record<string, unknown>) =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .sort();

describe('every PUT changes what it names and nothing else', () => {
  it('has an entry per PUT route of the route table, naming every field its body takes', () => {
    expect(PUT_ROUTES.length).toBeGreaterThanOrEqual(14);
    expect(Object.keys(SUBJECTS).sort()).toEqual(PUT_ROUTES.map((r) => r.path).sort());
    for (const route of PUT_ROUTES) {
      expect(Object.keys(SUBJECTS[route.path]!.values).sort(), route.path).toEqual(
        Object.keys(bodyFields(route)).sort(),
      );
    }
  });

  it.each(PUT_ROUTES.map((r) => [r.path, r] as const))('PUT %s: one field at a time', async (_path, route) => {
    const subject = SUBJECTS[route.path]!;
    const api = subject.via(s);
    const path = await subject.make(s, f);
    const fields = bodyFields(route);
    // Every update's body is wrapped in the route's key, as the reference's clients send it.
    const wrap = (body: Record<string, unknown>) => ({ [route.resourceKey]: body });
    for (const [field, raw] of Object.entries(subject.values)) {
      if (subject.base && field in subject.base) continue;
      const value =
        field === 'links' && route.path === '/creditors/:id' ? { default_gbp_payout_account: newPayoutAccount } : raw;
      const before = await readOf(subject, route, api, path);
      const res = await api.put(path, wrap({ ...subject.base, [field]: value }));
      expect(res.status, `${route.path} ${field}: ${res.text}`).toBe(200);
      const after = res.body[route.resourceKey] as Record<string, unknown>;
      const shownNow = subject.shown?.[field] ? subject.shown[field]!(after) : after[field];
      const wanted =
        subject.expected?.[field] ?? (field === 'links' && route.path === '/creditors/:id' ? newPayoutAccount : value);
      if (value !== null && typeof value === 'object' && typeof shownNow === 'object') {
        expect(shownNow, `${route.path} ${field}`).toMatchObject(wanted as object);
      } else {
        expect(shownNow, `${route.path} ${field}`).toEqual(wanted);
      }
      const allowed = [field, ...(subject.alsoChanges?.[field] ?? []), ...(subject.touches ?? [])];
      expect(
        changed(before, after).filter((key) => !allowed.includes(key)),
        `${route.path} ${field}: other attributes changed`,
      ).toEqual([]);
      expect(await readOf(subject, route, api, path), `${route.path} ${field}: read after`).toEqual(after);

      // null clears an attribute that can be empty; on one that cannot, it means "not given" (as
      // every body reads null) and changes nothing; a field whose body refuses null answers 400.
      const ready = await readOf(subject, route, api, path);
      const cleared = await api.put(path, wrap({ ...subject.base, [field]: null }));
      const { takesNull, canBeNull } = fields[field]!;
      const refusal = subject.nullRefused?.[field];
      if (!takesNull || refusal) {
        expect(cleared.status, `${route.path} ${field}: null ${cleared.text}`).toBe(refusal?.status ?? 400);
        expect(cleared.body.error.type).toBe(refusal?.type ?? 'invalid_api_usage');
        expect(await readOf(subject, route, api, path), `${route.path} ${field}: a refused null wrote`).toEqual(ready);
      } else {
        expect(cleared.status, `${route.path} ${field}: null ${cleared.text}`).toBe(200);
        const now = cleared.body[route.resourceKey] as Record<string, unknown>;
        if (canBeNull && subject.nullShows?.[field] !== 'unchanged') {
          expect(now[field], `${route.path} ${field}: null clears`).toBeNull();
          expect(
            changed(ready, now).filter((key) => !allowed.includes(key)),
            `${route.path} ${field}: null changed other attributes`,
          ).toEqual([]);
        } else {
          expect(
            changed(ready, now).filter((key) => !(subject.touches ?? []).includes(key)),
            `${route.path} ${field}: null on an attribute that cannot be empty changed something`,
          ).toEqual([]);
        }
      }
      // Put the value back, so the next field is sent alone on a resource as complete as before.
      expect((await api.put(path, wrap({ ...subject.base, [field]: value }))).status).toBe(200);
    }
  });
});
