import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../../server/api/routes';
import { setTakeover } from '../../server/domain/notifications/takeover-queries';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';
import { createOutbound, fund, recipient } from '../support/outbound';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The authorisation sweep (issue 17): every route of the route table × no token, a malformed
 * token, an unknown token, a disabled token, a read_only token for writes, and another
 * organisation's token with this organisation's ids. Each answers what the spec says. The table
 * below names, for every route, whose id goes in its path: a route added without an entry here
 * fails the first test.
 */
type IdKind =
  | 'billing_request'
  | 'flow'
  | 'customer'
  | 'customer_bank_account'
  | 'creditor'
  | 'creditor_bank_account'
  | 'mandate'
  | 'payment'
  | 'subscription'
  | 'block'
  | 'event'
  | 'outbound_payment'
  | 'scheme_identifier'
  | 'export'
  | 'customer_notification'
  | 'request_log'
  /** An id this sweep does not create a resource for: the auth cases still hold. */
  | 'unmade';

/** No path id: `null`. Otherwise the resource whose id the route takes. */
const SWEEP: Record<string, IdKind | null> = {
  createBillingRequest: null,
  listBillingRequests: null,
  getBillingRequest: 'billing_request',
  billingRequest_collect_customer_details: 'billing_request',
  billingRequest_collect_bank_account: 'billing_request',
  billingRequest_confirm_payer_details: 'billing_request',
  billingRequest_fulfil: 'billing_request',
  billingRequest_cancel: 'billing_request',
  billingRequest_notify: 'billing_request',
  billingRequest_fallback: 'billing_request',
  billingRequest_choose_currency: 'billing_request',
  billingRequest_select_institution: 'billing_request',
  listInstitutionsForBillingRequest: 'billing_request',
  createBillingRequestFlow: null,
  initialiseBillingRequestFlow: 'flow',
  listInstitutions: null,
  createBankAuthorisation: null,
  getBankAuthorisation: 'unmade',
  createCustomer: null,
  listCustomers: null,
  getCustomer: 'customer',
  updateCustomer: 'customer',
  removeCustomer: 'customer',
  createCustomerBankAccount: null,
  listCustomerBankAccounts: null,
  getCustomerBankAccount: 'customer_bank_account',
  updateCustomerBankAccount: 'customer_bank_account',
  disableCustomerBankAccount: 'customer_bank_account',
  createCreditor: null,
  listCreditors: null,
  getCreditor: 'creditor',
  updateCreditor: 'creditor',
  createCreditorBankAccount: null,
  listCreditorBankAccounts: null,
  getCreditorBankAccount: 'creditor_bank_account',
  disableCreditorBankAccount: 'creditor_bank_account',
  createMandate: null,
  listMandates: null,
  getMandate: 'mandate',
  updateMandate: 'mandate',
  cancelMandate: 'mandate',
  reinstateMandate: 'mandate',
  createMandateImport: null,
  getMandateImport: 'unmade',
  submitMandateImport: 'unmade',
  cancelMandateImport: 'unmade',
  createMandateImportEntry: null,
  listMandateImportEntries: null,
  createOutboundPaymentImport: null,
  listOutboundPaymentImports: null,
  getOutboundPaymentImport: 'unmade',
  listOutboundPaymentImportEntries: null,
  createOutboundPayment: null,
  withdrawOutboundPayment: null,
  cancelOutboundPayment: 'outbound_payment',
  approveOutboundPayment: 'outbound_payment',
  outboundPaymentStats: null,
  listOutboundPayments: null,
  getOutboundPayment: 'outbound_payment',
  updateOutboundPayment: 'outbound_payment',
  getPaymentAccountTransaction: 'unmade',
  listPaymentAccountTransactions: 'unmade',
  createPayerAuthorisation: null,
  getPayerAuthorisation: 'unmade',
  updatePayerAuthorisation: 'unmade',
  submitPayerAuthorisation: 'unmade',
  confirmPayerAuthorisation: 'unmade',
  createPayment: null,
  listPayments: null,
  getPayment: 'payment',
  updatePayment: 'payment',
  cancelPayment: 'payment',
  retryPayment: 'payment',
  createRefund: null,
  listRefunds: null,
  getRefund: 'unmade',
  updateRefund: 'unmade',
  listNegativeBalanceLimits: null,
  createLogoForCreditor: null,
  createPayerThemeForCreditor: null,
  listBalances: null,
  listPaymentAccounts: null,
  getPaymentAccount: 'unmade',
  listPayouts: null,
  getPayout: 'unmade',
  updatePayout: 'unmade',
  listPayoutItems: null,
  createSubscription: null,
  listSubscriptions: null,
  getSubscription: 'subscription',
  updateSubscription: 'subscription',
  pauseSubscription: 'subscription',
  resumeSubscription: 'subscription',
  cancelSubscription: 'subscription',
  createInstalmentSchedule: null,
  createInstalmentScheduleWithDates: null,
  createInstalmentScheduleWithSchedule: null,
  createInstalmentScheduleCreateWithDates: null,
  createInstalmentScheduleCreateWithSchedule: null,
  listInstalmentSchedules: null,
  getInstalmentSchedule: 'unmade',
  updateInstalmentSchedule: 'unmade',
  cancelInstalmentSchedule: 'unmade',
  createBlock: null,
  listBlocks: null,
  blockByReference: null,
  getBlock: 'block',
  disableBlock: 'block',
  enableBlock: 'block',
  listEvents: null,
  getEvent: 'event',
  handleCustomerNotification: 'customer_notification',
  listWebhooks: null,
  getWebhook: 'unmade',
  retryWebhook: 'unmade',
  runScenarioSimulator: 'unmade',
  listRequestLogs: null,
  getRequestLog: 'request_log',
  getSandboxSettings: null,
  updateSandboxSettings: null,
  getSandboxClock: null,
  freezeSandboxClock: null,
  advanceSandboxClock: null,
  unfreezeSandboxClock: null,
  createBankDetailsLookup: null,
  createBankAccountHolderVerification: null,
  getBankAccountHolderVerification: 'unmade',
  getBankAccountDetails: 'unmade',
  createBillingRequestTemplate: null,
  listBillingRequestTemplates: null,
  getBillingRequestTemplate: 'unmade',
  updateBillingRequestTemplate: 'unmade',
  createRedirectFlow: null,
  getRedirectFlow: 'unmade',
  completeRedirectFlow: 'unmade',
  createMandatePdf: null,
  createBillingRequestWithActions: null,
  createSchemeIdentifier: null,
  listSchemeIdentifiers: null,
  getSchemeIdentifier: 'scheme_identifier',
  listExports: null,
  getExport: 'export',
  listTaxRates: null,
  getTaxRate: 'unmade',
  listCurrencyExchangeRates: null,
  checkFundsAvailability: 'mandate',
  createVerificationDetail: null,
  listVerificationDetails: null,
  // The sweep's mandate was never transferred (404 even for its owner): isolation is in transferred-mandates.test.ts.
  getTransferredMandate: 'unmade',
  // Bank reports' isolation (another organisation's report and its items) is in bank-reports.test.ts.
  createBankReport: null,
  listBankReports: null,
  getBankReport: 'unmade',
  // Isolation of a report's file (uploaded or the sandbox bank's) is in sandbox-bank.test.ts.
  getBankReportFile: 'unmade',
  listBankReportItems: null,
  listBankSftpPulls: null,
  // The CLI's long poll of the events list (decision 0085).
  waitForEvents: null,
  // The file bank (decision 0081): isolation of submissions is in bank-submissions.test.ts.
  listBankConnections: 'creditor',
  setBankConnection: 'creditor',
  listBankSubmissions: null,
  getBankSubmission: 'unmade',
  getBankSubmissionFile: 'unmade',
  markBankSubmissionSubmitted: 'unmade',
  runBankSubmissions: null,
};

let server: TestServer;
let m: Merchant;
let other: Merchant;
let disabledToken: string;
const ids = {} as Record<Exclude<IdKind, 'unmade'>, string>;

beforeAll(async () => {
  server = await startTestServer({ schemeClockIntervalMs: 0, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  m = await server.merchant(undefined, { payoutAccounts: true });
  other = await server.merchant();
  disabledToken = await server.services.db.transaction(async (tx) => {
    const created = await server.services.access.createToken(tx, m.organisationId, 'read_write', 'sweep disabled');
    await server.services.access.disableToken(tx, created.token.id);
    return created.value;
  });
  const { billingRequest, mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
  const open = (
    await post(m.api, '/billing_requests', { billing_requests: { mandate_request: { currency: 'GBP' } } }, 201)
  ).billing_requests;
  const flow = (
    await post(m.api, '/billing_request_flows', { billing_request_flows: { links: { billing_request: open.id } } }, 201)
  ).billing_request_flows;
  // The merchant sends its payments' advance notices itself: each payment's event names one to handle.
  await setTakeover(server.services.db, m.creditorId, 'payment_created', true, new Date());
  const payment = (
    await post(m.api, '/payments', { payments: { amount: 100, currency: 'GBP', links: { mandate: mandateId } } }, 201)
  ).payments;
  const subscription = (
    await post(
      m.api,
      '/subscriptions',
      { subscriptions: { amount: 100, currency: 'GBP', interval_unit: 'monthly', links: { mandate: mandateId } } },
      201,
    )
  ).subscriptions;
  const block = (
    await post(
      m.api,
      '/blocks',
      { blocks: { block_type: 'email', reason_type: 'identity_fraud', resource_reference: 'x@example.com' } },
      201,
    )
  ).blocks;
  const creditorBankAccount = (await m.api.get('/creditor_bank_accounts')).body.creditor_bank_accounts[0];
  const schemeIdentifier = (
    await post(m.api, '/scheme_identifiers', { scheme_identifiers: { name: 'Sweep Ltd', scheme: 'bacs' } }, 201)
  ).scheme_identifiers;
  const event = (await m.api.get('/events')).body.events[0];
  // Exports are asked for by the operator (decision 0037): no API create to call.
  const anExport = await server.services.db.transaction((tx) =>
    server.services.exports.create(tx, m.organisationId, {
      exportType: 'payments_index',
      currency: 'GBP',
      from: new Date('2020-01-01T00:00:00Z'),
      to: new Date('2030-01-01T00:00:00Z'),
    }),
  );
  await fund(m, 1000);
  const outboundPayment = await createOutbound(m, await recipient(m), 100);
  await server.requestLogs.flush();
  const requestLog = (await m.api.get('/request_logs?limit=1')).body.request_logs[0];
  Object.assign(ids, {
    request_log: requestLog.id,
    billing_request: open.id,
    flow: flow.id,
    customer: billingRequest.links.customer,
    customer_bank_account: billingRequest.links.customer_bank_account,
    creditor: m.creditorId,
    creditor_bank_account: creditorBankAccount.id,
    mandate: mandateId,
    payment: payment.id,
    subscription: subscription.id,
    block: block.id,
    event: event.id,
    outbound_payment: outboundPayment.id,
    scheme_identifier: schemeIdentifier.id,
    export: anExport.id,
    customer_notification: (await m.api.get(`/events?payment=${payment.id}&action=created`)).body.events[0]
      .customer_notifications[0].id,
  });
}, 120_000);
afterAll(() => server?.close());

/** An id of the same prefix that names nothing: what another organisation's id must look like. */
const nonexistent = (id: string) => id.replace(/[0-9A-Z]{6}$/, '000000');

function pathOf(route: (typeof apiRoutes)[number], id: string) {
  return route.path.replace(/:\w+/g, encodeURIComponent(id));
}

const idOf = (kind: IdKind | null) =>
  kind === null ? 'none' : kind === 'unmade' ? 'XX01HZZZZZZZZZZZZZZZZZZZZZZZ' : ids[kind];
const bodyFor = (method: string) => (method === 'POST' || method === 'PUT' ? {} : undefined);

describe('the authorisation sweep', () => {
  it('has an entry for every route of the route table, and none for a route that is gone', () => {
    const operations = apiRoutes.map((r) => r.operationId);
    expect(
      operations.filter((op) => !(op in SWEEP)),
      'routes without a sweep entry',
    ).toEqual([]);
    expect(
      Object.keys(SWEEP).filter((op) => !operations.includes(op)),
      'sweep entries without a route',
    ).toEqual([]);
  });

  it('refuses every route without a token, with a malformed, unknown or disabled one (401)', async () => {
    const cases = [
      { token: null, reason: 'missing_authorization_header' },
      { headers: { authorization: 'Bearer not a token!' }, reason: 'invalid_authorization_header' },
      {
        headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
        reason: 'invalid_authorization_header',
      },
      { token: 'unknown-token-value', reason: 'access_token_not_found' },
      { token: disabledToken, reason: 'access_token_not_active' },
    ];
    for (const route of apiRoutes) {
      const path = pathOf(route, idOf(SWEEP[route.operationId] ?? null));
      for (const c of cases) {
        const res = await m.api.request(route.method, path, bodyFor(route.method), {
          token: c.token === undefined ? undefined : c.token,
          headers: c.headers,
        });
        expect(res.status, `${route.method} ${path} with ${c.reason}`).toBe(401);
        expect(res.body.error.type).toBe('invalid_api_usage');
        expect(res.body.error.errors[0].reason).toBe(c.reason);
      }
    }
  }, 120_000);

  it('refuses every write with a read_only token (403), and lets it read', async () => {
    for (const route of apiRoutes) {
      const path = pathOf(route, idOf(SWEEP[route.operationId] ?? null));
      const res = await m.readOnly.request(route.method, path, bodyFor(route.method));
      if (route.method === 'GET') {
        // A read may still be refused for what it is (payer authorisations: feature_disabled), never for scope.
        const what = `${route.method} ${path} read with read_only`;
        expect(res.status, what).not.toBe(401);
        expect(res.body?.error?.errors?.[0]?.reason, what).not.toBe('insufficient_permissions');
      } else {
        expect(res.status, `${route.method} ${path} with read_only`).toBe(403);
        expect(res.body.error.errors[0].reason).toBe('insufficient_permissions');
      }
    }
  }, 120_000);

  it('answers another organisation using this one’s ids exactly as for an id that names nothing', async () => {
    for (const route of apiRoutes) {
      const kind = SWEEP[route.operationId] ?? null;
      if (kind === null || kind === 'unmade') continue;
      const id = ids[kind];
      const theirs = await other.api.request(route.method, pathOf(route, id), bodyFor(route.method));
      const nobody = await other.api.request(route.method, pathOf(route, nonexistent(id)), bodyFor(route.method));
      const what = `${route.method} ${route.path} with another organisation's ${kind}`;
      expect(theirs.status, what).toBeGreaterThanOrEqual(400);
      expect(theirs.status, what).toBeLessThan(500);
      expect({ status: theirs.status, reasons: reasonsOf(theirs.body) }, what).toEqual({
        status: nobody.status,
        reasons: reasonsOf(nobody.body),
      });
      // And the owner still sees it as it was: nothing another organisation sent reached it.
      if (route.method === 'GET') expect((await m.api.get(pathOf(route, id))).status, what).not.toBe(404);
    }
  }, 120_000);
});

const reasonsOf = (body: any) =>
  (body?.error?.errors ?? []).map((e: { reason?: string; field?: string }) => e.reason ?? e.field).sort();
