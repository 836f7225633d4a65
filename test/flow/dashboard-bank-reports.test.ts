import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageClient } from '../support/browser';
import { recordSubmission } from '../support/bank-submissions';
import { csrfAt, dashboardUser, signedInAs } from '../support/dashboard';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';
import { simulate } from '../support/money';
import { startPagesServer } from '../support/pages';
import type { TestServer } from '../support/server';

/**
 * The bank reports pages (issue #36): an admin uploads a report as a browser without JavaScript
 * sends a file input, the list counts it, and its page links the payment an item changed; a
 * malformed file is the error summary with its line and nothing stored; the same file twice opens
 * the first report; a viewer cannot upload; another organisation's report is 404.
 */
let server: TestServer;
let m: Merchant;
let admin: PageClient;

beforeAll(async () => {
  server = await startPagesServer();
  m = await server.merchant('Bank reports pages', { payoutAccounts: true });
  await post(m.api, '/sandbox/clock/actions/freeze', { data: {} });
  admin = await signedInAs(server, (await dashboardUser(server, m.organisationId, 'admin')).email);
}, 120_000);
afterAll(() => server?.close());

/** A multipart form as a browser sends the upload form. */
function multipart(fields: Record<string, string>, file: { name: string; content: string }) {
  const boundary = '----bankflowreports9c1';
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/xml\r\n\r\n${file.content}\r\n`,
  );
  return { body: `${parts.join('')}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
}

const arudd = (ref: string) =>
  `<?xml version="1.0"?><BACSDocument><Data><ARUDD>
  <Header reportType="REFT1019" adviceNumber="00001" currentProcessingDate="2026-12-08"/>
  <ServiceLicenseInformation userName="TESTCO" userNumber="654321"/>
  <Advice><OriginatingAccountRecords><OriginatingAccountRecord>
  <OriginatingAccount name="TESTCO" number="11223344" sortCode="400000" type="C"/>
  <ReturnedDebitItem ref="${ref}" transCode="17" returnCode="0128" returnDescription="REFER TO PAYER"
      originalProcessingDate="2026-12-04" valueOf="20.00" currency="GBP"><PayerAccount number="9" sortCode="8"/></ReturnedDebitItem>
  <ReturnedDebitItem ref="NOSUCHREF" transCode="17" returnCode="0128" returnDescription="REFER TO PAYER"
      originalProcessingDate="2026-12-04" valueOf="5.00" currency="GBP"><PayerAccount number="9" sortCode="8"/></ReturnedDebitItem>
  </OriginatingAccountRecord></OriginatingAccountRecords></Advice></ARUDD></Data></BACSDocument>`;

/** A submitted Bacs debit of 20.00 the bank's submission run has sent. */
async function submittedPayment() {
  const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
  await simulate(m, 'mandate_activated', mandateId);
  const links = { mandate: mandateId };
  const paymentId = (await post(m.api, '/payments', { payments: { amount: 2000, currency: 'GBP', links } }, 201))
    .payments.id as string;
  await simulate(m, 'payment_submitted', paymentId);
  const reference = (await m.api.get(`/mandates/${mandateId}`)).body.mandates.reference as string;
  await recordSubmission(server, m, {
    scheme: 'bacs',
    format: 'standard18',
    fileReference: `VOL${Date.now() % 1000}`,
    instructions: [
      { resource_type: 'payments', resource_id: paymentId, instruction: 'collection', reference, amount: 2000 },
    ],
  });
  return { paymentId, reference };
}

const reportCount = async () => (await m.api.get('/bank_reports')).body.bank_reports.length as number;

async function upload(browser: PageClient, format: string, content: string) {
  const form = multipart(
    { csrf: await csrfAt(browser, '/dashboard/bank-reports'), format },
    { name: 'arudd.xml', content },
  );
  return browser.postRaw('/dashboard/bank-reports?index', form.body, form.type);
}

describe('the bank reports pages', () => {
  it('uploads a report, lists it with its counts, and its page links the payment it failed', async () => {
    const { paymentId, reference } = await submittedPayment();
    const file = arudd(reference);
    const done = await upload(admin, 'bacs', file);
    expect(done.status, done.html).toBe(303);
    const reportId = /^\/dashboard\/bank-reports\/(BKR[0-9A-Z]+)\?done=imported$/.exec(done.location ?? '')?.[1];
    expect(reportId, done.location).toBeDefined();
    expect((await m.api.get(`/payments/${paymentId}`)).body.payments.status).toBe('failed');

    const list = await admin.get('/dashboard/bank-reports');
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.html).toContain(`href="/dashboard/bank-reports/${reportId}"`);
    expect(list.html).toMatch(/<td>bacs<\/td><td>[^<]+<\/td><td>2<\/td><td>1<\/td><td>1<\/td>/);

    const page = await admin.get(`/dashboard/bank-reports/${reportId}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`href="/dashboard/payments/${paymentId}"`);
    expect(page.html.match(/data-testid="item"/g)).toHaveLength(2);
    const unmatched = await admin.get(`/dashboard/bank-reports/${reportId}?outcome=unmatched`);
    expect(unmatched.html.match(/data-testid="item"/g)).toHaveLength(1);
    expect(unmatched.html).toContain('NOSUCHREF');
    expect(unmatched.html).not.toContain(`href="/dashboard/payments/${paymentId}"`);

    // The same bytes again: the first report, nothing applied twice.
    const again = await upload(admin, 'bacs', file);
    expect(again.status).toBe(303);
    expect(again.location).toBe(`/dashboard/bank-reports/${reportId}?done=replayed`);
    expect((await m.api.get(`/bank_reports/${reportId}`)).body.bank_reports.applied_count).toBe(1);
    expect((await admin.get(again.location!)).html).toContain('role="status"');
  });

  it('refuses a malformed file with the error summary and its line, nothing stored', async () => {
    const before = await reportCount();
    const refused = await upload(admin, 'nacha', 'not a nacha file\n');
    expect(refused.status).toBe(422);
    expect(refused.html).toContain('class="error-summary"');
    expect(refused.html).toMatch(/id="file-error"[^>]*>[^<]*line 1\b/);
    const noFormat = await upload(admin, 'csv', 'x');
    expect(noFormat.status).toBe(400);
    expect(noFormat.html).toContain('id="format-error"');
    expect(await reportCount()).toBe(before);
  });

  it('refuses a file nesting elements 100,000 deep with the error summary (never a 500), nothing stored', async () => {
    // Issue 41.1: the reader's tree walk recursed once per level, off the stack at this depth.
    const before = await reportCount();
    const depth = 100_000;
    const refused = await upload(admin, 'camt', `<Document>${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}</Document>`);
    expect(refused.status, refused.html.slice(0, 300)).toBe(422);
    expect(refused.html).toContain('class="error-summary"');
    expect(refused.html).toMatch(/id="file-error"[^>]*>[^<]*line 1\b/);
    expect(await reportCount()).toBe(before);
  });

  it('lets a viewer see the reports but not upload one (403), nothing stored', async () => {
    const viewer = await signedInAs(server, (await dashboardUser(server, m.organisationId, 'viewer')).email);
    const page = await viewer.get('/dashboard/bank-reports');
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('type="file"');
    const before = await reportCount();
    const refused = await upload(viewer, 'bacs', arudd('VIEWERREF'));
    expect(refused.status).toBe(403);
    expect(await reportCount()).toBe(before);
  });

  it('answers another organisation’s report with the 404 page', async () => {
    const other = await server.merchant('Another organisation');
    const stranger = await signedInAs(server, (await dashboardUser(server, other.organisationId, 'admin')).email);
    const reportId = (await m.api.get('/bank_reports')).body.bank_reports[0].id as string;
    expect((await stranger.get(`/dashboard/bank-reports/${reportId}`)).status).toBe(404);
    expect((await stranger.get('/dashboard/bank-reports')).html).not.toContain(reportId);
  });
});
