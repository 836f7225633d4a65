import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/client';
import { startSandbox, type Sandbox } from '../support/every-method-sandbox';
import { freshResources, type Fresh } from '../support/every-method-fresh';
import { SAMPLES, replaySample } from '../support/reference-samples';

/**
 * Issue 37: every event's `links`, pinned per resource type and action. The sandbox replays every
 * request sample of the reference (test/support/reference-samples.ts), runs every scenario
 * simulator and the jobs (scheme clock, imports, exports, payouts, webhooks); then every event the
 * three organisations have must carry exactly the link keys its `resource_type.action` has below,
 * each a key of the real API's event links or a documented extension on its own resource type's
 * events (docs/api-fidelity.md, decision 0095); and every pair below must have been seen, so the
 * table is what the service emits. The official Node client iterates all of them (extensions
 * included) without error, each event with the fixture's fields.
 */

/** The real API's event link keys (the official clients' `EventLinks`). */
const REFERENCE_LINKS = [
  'bank_authorisation',
  'billing_request',
  'billing_request_flow',
  'creditor',
  'customer',
  'customer_bank_account',
  'instalment_schedule',
  'mandate',
  'mandate_request',
  'mandate_request_mandate',
  'new_customer_bank_account',
  'new_mandate',
  'organisation',
  'outbound_payment',
  'parent_event',
  'payer_authorisation',
  'payment',
  'payment_account_transaction',
  'payment_request_payment',
  'payout',
  'previous_customer_bank_account',
  'refund',
  'scheme_identifier',
  'subscription',
];

/** The real API's event resource types (`EventResourceType`). */
const REFERENCE_RESOURCE_TYPES = [
  'billing_requests',
  'creditors',
  'customers',
  'exports',
  'instalment_schedules',
  'mandates',
  'organisations',
  'outbound_payments',
  'payer_authorisations',
  'payments',
  'payment_account_transactions',
  'payouts',
  'refunds',
  'scheme_identifiers',
  'subscriptions',
];

/** Documented extensions: a link key, and the only resource type whose events carry it. */
const EXTENSION_LINKS: Record<string, string> = {
  block: 'blocks',
  mandate_import: 'mandate_imports',
  outbound_payment_import: 'outbound_payment_imports',
  export: 'exports',
};
const EXTENSION_RESOURCE_TYPES = ['blocks', 'mandate_imports', 'outbound_payment_imports'];

/** An event's fields, as the real API's example events have them. */
const EVENT_FIELDS = [
  'action',
  'created_at',
  'customer_notifications',
  'details',
  'id',
  'links',
  'metadata',
  'resource_metadata',
  'resource_type',
  'source',
];

/** Per `resource_type.action`: the link key sets its events carry (one, or the alternatives). */
const LINKS: Record<string, string[][]> = {
  'billing_requests.cancelled': [['billing_request', 'customer']],
  'billing_requests.choose_currency': [['billing_request', 'customer']],
  'billing_requests.collect_bank_account': [['billing_request', 'customer', 'customer_bank_account']],
  'billing_requests.collect_customer_details': [['billing_request', 'customer']],
  'billing_requests.created': [['billing_request', 'customer']],
  'billing_requests.fallback_occurred': [['billing_request', 'customer']],
  'billing_requests.flow_created': [['billing_request', 'billing_request_flow', 'customer']],
  'billing_requests.fulfilled': [['billing_request', 'customer', 'customer_bank_account', 'mandate_request_mandate']],
  'billing_requests.payer_details_confirmed': [['billing_request', 'customer']],
  'billing_requests.select_institution': [['billing_request', 'customer']],
  'blocks.created': [['block']],
  'blocks.disabled': [['block']],
  'blocks.enabled': [['block']],
  'creditors.bounced_payout': [['creditor', 'payout']],
  'creditors.new_payout_currency_added': [['creditor']],
  'creditors.updated': [['creditor']],
  'exports.completed': [['export']],
  'exports.started': [['export']],
  'instalment_schedules.cancelled': [['instalment_schedule', 'mandate']],
  'instalment_schedules.created': [['instalment_schedule', 'mandate']],
  'mandate_imports.cancelled': [['creditor', 'mandate_import']],
  'mandate_imports.processed': [['creditor', 'mandate_import']],
  'mandate_imports.processing': [['creditor', 'mandate_import']],
  'mandate_imports.submitted': [['creditor', 'mandate_import']],
  'mandates.active': [['mandate']],
  'mandates.cancelled': [['mandate']],
  'mandates.created': [['customer_bank_account', 'mandate']],
  'mandates.expired': [['mandate']],
  'mandates.failed': [['mandate']],
  'mandates.reinstated': [['mandate']],
  'mandates.resubmission_requested': [['mandate']],
  'mandates.submitted': [['mandate']],
  'mandates.transferred': [['mandate', 'new_customer_bank_account', 'previous_customer_bank_account']],
  'outbound_payment_imports.validated': [['creditor', 'outbound_payment_import']],
  'outbound_payments.cancelled': [['creditor', 'outbound_payment']],
  'outbound_payments.created': [['creditor', 'outbound_payment']],
  'outbound_payments.executed': [['creditor', 'outbound_payment']],
  'outbound_payments.set_to_executing': [['creditor', 'outbound_payment']],
  'outbound_payments.set_to_pending_approval': [['creditor', 'outbound_payment']],
  'payer_authorisations.completed': [['customer', 'customer_bank_account', 'mandate', 'payer_authorisation']],
  'payments.cancelled': [['payment']],
  'payments.chargeback_settled': [['payment']],
  'payments.charged_back': [['payment']],
  'payments.confirmed': [['payment']],
  'payments.created': [['payment']],
  'payments.failed': [['payment']],
  'payments.late_failure_settled': [['payment']],
  // A payout's payments carry it; a payment the sandbox's simulator pays out has no payout yet.
  'payments.paid_out': [['payment'], ['payment', 'payout']],
  'payments.resubmission_requested': [['payment']],
  'payments.submitted': [['payment']],
  'payouts.paid': [['creditor', 'payout']],
  'refunds.created': [['payment', 'refund']],
  'refunds.failed': [['payment', 'refund']],
  'refunds.funds_returned': [['payment', 'refund']],
  'refunds.paid': [['payment', 'refund']],
  'refunds.refund_settled': [['payment', 'refund']],
  'scheme_identifiers.activated': [['creditor', 'scheme_identifier']],
  'subscriptions.cancelled': [['mandate', 'subscription']],
  'subscriptions.created': [['mandate', 'subscription']],
  'subscriptions.paused': [['mandate', 'subscription']],
  'subscriptions.payment_created': [['mandate', 'payment', 'subscription']],
  'subscriptions.resumed': [['mandate', 'subscription']],
};

/**
 * Moves the scheme clock makes only once their due time has come (a submitted mandate import goes
 * on to processing at the clock's next run after it is due): checked when seen, not required.
 */
const CLOCK_DUE = ['mandate_imports.processing', 'mandate_imports.processed'];

interface WireEvent {
  id: string;
  resource_type: string;
  action: string;
  links: Record<string, string>;
}

let sandbox: Sandbox;
let fresh: Fresh;
let approver: ApiClient;
/** Every event of the sandbox's three organisations, by organisation. */
const events = new Map<string, WireEvent[]>();

const SIMULATORS = {
  payment: [
    'payment_submitted',
    'payment_confirmed',
    'payment_paid_out',
    'payment_failed',
    'payment_charged_back',
    'payment_late_failure',
    'payment_chargeback_settled',
    'payment_late_failure_settled',
  ],
  mandate: ['mandate_submitted', 'mandate_activated', 'mandate_failed', 'mandate_expired', 'mandate_transferred'],
  refund: ['refund_settled', 'refund_bounced', 'refund_returned'],
};

async function allEvents(api: ApiClient): Promise<WireEvent[]> {
  const out: WireEvent[] = [];
  let after: string | null = null;
  for (;;) {
    const res: { body: { events: WireEvent[]; meta: { cursors: { after: string | null } } } } = await api.get(
      `/events?limit=500${after ? `&after=${after}` : ''}`,
    );
    out.push(...res.body.events);
    after = res.body.meta.cursors.after;
    if (!after) return out;
  }
}

beforeAll(async () => {
  sandbox = await startSandbox();
  fresh = freshResources(sandbox);
  const s = sandbox;
  const { services } = s.server;
  const token = await services.db.transaction((tx) =>
    services.access.createToken(tx, s.m.organisationId, 'read_write', 'sample approver'),
  );
  approver = s.m.api.withToken(token.value);
  for (const key of Object.keys(SAMPLES)) await replaySample(s, fresh, approver, key);
  const run = async (api: ApiClient, simulator: string, resource: string) => {
    const res = await api.post(`/scenario_simulators/${simulator}/actions/run`, { data: { links: { resource } } });
    expect(res.status, `${simulator}: ${res.text}`).toBe(200);
  };
  // Refunds first: the payment simulators' chargebacks and late failures take the balance that covers them.
  for (const simulator of SIMULATORS.refund) {
    const payment = await fresh.payment('payment_confirmed');
    const refund = await s.m.api.post('/refunds', {
      refunds: { amount: 100, total_amount_confirmation: 100, links: { payment } },
    });
    expect(refund.status, refund.text).toBe(201);
    await run(s.m.api, simulator, refund.body.refunds.id);
  }
  for (const simulator of SIMULATORS.payment) await run(s.m.api, simulator, await fresh.payment());
  for (const simulator of SIMULATORS.mandate) await run(s.m.api, simulator, await fresh.mandate());
  for (const status of ['action_required', 'in_review', 'successful'])
    await run(s.plain.m.api, `creditor_verification_status_${status}`, s.plain.m.creditorId);
  await run(s.paidOut.m.api, 'payout_bounced', s.paidOut.payout);
  for (let round = 0; round < 3; round++) {
    await s.server.schemeClock.runDue();
    await s.server.mandateImportWorker.runDue();
    await s.server.exportWorker.runDue();
    await s.server.payoutRunner.runDue();
    await s.server.webhookWorker.runDue();
  }
  for (const [name, api] of [
    ['main', s.m.api],
    ['plain', s.plain.m.api],
    ['paid out', s.paidOut.m.api],
  ] as const)
    events.set(name, await allEvents(api));
}, 600_000);
afterAll(() => sandbox?.server.close());

const every = () => [...events.values()].flat();
const keyOf = (event: WireEvent) => `${event.resource_type}.${event.action}`;

describe('each event’s links, per resource type and action', () => {
  it('are exactly the ones its resource type and action carry', () => {
    const wrong = every()
      .filter((event) => {
        const allowed = LINKS[keyOf(event)];
        const keys = JSON.stringify(Object.keys(event.links).sort());
        return !allowed?.some((set) => JSON.stringify([...set].sort()) === keys);
      })
      .map((event) => `${keyOf(event)}: ${Object.keys(event.links).sort().join(', ')}`);
    expect([...new Set(wrong)]).toEqual([]);
  });

  it('every resource type and action of the table was emitted (the table is what the service sends)', () => {
    const seen = new Set(every().map(keyOf));
    expect(Object.keys(LINKS).filter((key) => !seen.has(key) && !CLOCK_DUE.includes(key))).toEqual([]);
    for (const [key, sets] of Object.entries(LINKS)) {
      if (CLOCK_DUE.includes(key) && !seen.has(key)) continue;
      for (const set of sets) {
        const found = every().some(
          (event) =>
            keyOf(event) === key && JSON.stringify(Object.keys(event.links).sort()) === JSON.stringify([...set].sort()),
        );
        expect(found, `${key} with ${set.join(', ')}`).toBe(true);
      }
    }
  });

  it('name only the real API’s link keys, or a documented extension on its own resource type’s events', () => {
    for (const event of every()) {
      for (const key of Object.keys(event.links)) {
        if (REFERENCE_LINKS.includes(key)) continue;
        expect(EXTENSION_LINKS[key], `${keyOf(event)} links.${key}`).toBe(event.resource_type);
      }
      // Each event links the resource it is about.
      const own = event.resource_type.replace(/s$/, '');
      expect(Object.keys(event.links), keyOf(event)).toContain(own);
    }
  });
});

describe('the extension resource types (decision 0095)', () => {
  it('are the only resource types the real API lacks, each emitted here', () => {
    const types = new Set(every().map((event) => event.resource_type));
    expect([...types].filter((type) => !REFERENCE_RESOURCE_TYPES.includes(type)).sort()).toEqual(
      EXTENSION_RESOURCE_TYPES,
    );
  });

  it('are documented as extensions in /openapi.json, the values and the links', async () => {
    const document = (await sandbox.m.api.get('/openapi.json')).body;
    const event = document.components.schemas.Event;
    expect(event.properties.resource_type['x-bankflow-extension-values']).toEqual(EXTENSION_RESOURCE_TYPES);
    expect(event.properties.resource_type.description).toMatch(/extension/);
    for (const key of Object.keys(EXTENSION_LINKS)) {
      expect(event.properties.links.properties[key]['x-bankflow-extension'], key).toBe(true);
    }
    for (const key of REFERENCE_LINKS) {
      expect(event.properties.links.properties[key]['x-bankflow-extension'], key).toBeUndefined();
    }
  });

  it('the official Node client lists and iterates every event, extensions included, each with the fixture’s fields', async () => {
    const listed: Record<string, unknown>[] = [];
    for await (const event of sandbox.client.events.all({ limit: '200' } as never)) {
      listed.push(event as unknown as Record<string, unknown>);
    }
    const ours = events.get('main')!;
    expect(listed.map((event) => event.id).sort()).toEqual(ours.map((event) => event.id).sort());
    for (const event of listed) expect(Object.keys(event).sort(), String(event.id)).toEqual(EVENT_FIELDS);
    const types = new Set(listed.map((event) => event.resource_type as string));
    for (const type of EXTENSION_RESOURCE_TYPES) expect(types.has(type), type).toBe(true);
    // One of each through `list` and `find` too: the client types them as any other event.
    for (const type of EXTENSION_RESOURCE_TYPES) {
      const page = await sandbox.client.events.list({ resource_type: type } as never);
      expect(page.events.length, type).toBeGreaterThan(0);
      const found = await sandbox.client.events.find(page.events[0]!.id!);
      expect(found.resource_type).toBe(type);
      expect(
        Object.keys(found)
          .filter((key) => key !== '__response__')
          .sort(),
      ).toEqual(EVENT_FIELDS);
    }
  });
});
