import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordSubmission } from '../support/bank-submissions';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';
import { ledgerBalances, simulate } from '../support/money';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The bank's reports in (issue #36, decision 0089): POST /bank_reports reads a report, matches each
 * item to the instruction a submission sent and moves its resource with the public API's event.
 * The merchant's sandbox clock is frozen so nothing moves but what the test and the bank do.
 */
let server: TestServer;
let merchant: Merchant;

beforeAll(async () => {
  server = await startTestServer();
  merchant = await server.merchant('Bank reports', { payoutAccounts: true });
  await post(merchant.api, '/sandbox/clock/actions/freeze', { data: {} });
});
afterAll(() => server?.close());

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

async function upload(m: Merchant, format: string, text: string, status = 201) {
  const res = await m.api.post('/bank_reports', {
    bank_reports: { format, file_name: `${format}.txt`, file: base64(text) },
  });
  expect(res.status, res.text).toBe(status);
  return res.body.bank_reports as {
    id: string;
    item_count: number;
    applied_count: number;
    unmatched_count: number;
  };
}

async function itemsOf(reportId: string) {
  const res = await merchant.api.get(`/bank_report_items?bank_report=${reportId}`);
  expect(res.status, res.text).toBe(200);
  return res.body.bank_report_items as Array<{
    line: number;
    kind: string;
    reference: string;
    reason_code: string | null;
    outcome: string;
    links: Record<string, string>;
  }>;
}

async function eventsOf(link: 'payment' | 'mandate' | 'refund', id: string) {
  const res = await merchant.api.get(`/events?${link}=${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body.events as Array<{
    id: string;
    action: string;
    details: Record<string, unknown>;
    links: Record<string, string>;
  }>;
}

const statusOf = async (path: string, key: string) => (await merchant.api.get(path)).body[key].status as string;

/** A GBP mandate made active, with a payment under it moved to `submitted` by the simulators. */
async function bacsPayment(amount: number, walk: string[] = ['payment_submitted']) {
  const { mandateId } = await createMandateViaBillingRequest(merchant, { currency: 'GBP' });
  await simulate(merchant, 'mandate_activated', mandateId);
  const created = await post(
    merchant.api,
    '/payments',
    { payments: { amount, currency: 'GBP', links: { mandate: mandateId } } },
    201,
  );
  const paymentId = created.payments.id as string;
  for (const simulator of walk) await simulate(merchant, simulator, paymentId);
  const mandate = (await merchant.api.get(`/mandates/${mandateId}`)).body.mandates as { reference: string };
  return { mandateId, paymentId, reference: mandate.reference };
}

const arudd = (items: Array<{ ref: string; amount: string; description: string }>) =>
  `<?xml version="1.0"?><BACSDocument><Data><ARUDD>
  <Header reportType="REFT1019" adviceNumber="00001" currentProcessingDate="2026-12-08"/>
  <ServiceLicenseInformation userName="TESTCO" userNumber="654321"/>
  <Advice><OriginatingAccountRecords><OriginatingAccountRecord>
  <OriginatingAccount name="TESTCO" number="11223344" sortCode="400000" type="C"/>
  ${items
    .map(
      (i) => `<ReturnedDebitItem ref="${i.ref}" transCode="17" returnCode="0128" returnDescription="${i.description}"
      originalProcessingDate="2026-12-04" valueOf="${i.amount}" currency="GBP"><PayerAccount number="9" sortCode="8"/></ReturnedDebitItem>`,
    )
    .join('\n')}
  </OriginatingAccountRecord></OriginatingAccountRecords></Advice></ARUDD></Data></BACSDocument>`;

const advices = (type: string, advice: string) =>
  `<BACSDocument><Data><MessagingAdvices><MessagingHeader advice-type="${type}" user-number="654321"/>${advice}</MessagingAdvices></Data></BACSDocument>`;

describe('Bacs reports', () => {
  it('an ARUDD return fails the submitted debit with the bank’s event; the same file again changes nothing', async () => {
    const { paymentId, reference } = await bacsPayment(2000);
    // Another debit under another mandate shares nothing with it.
    const other = await bacsPayment(2000);
    await recordSubmission(server, merchant, {
      scheme: 'bacs',
      format: 'standard18',
      fileReference: 'VOL001',
      instructions: [
        { resource_type: 'payments', resource_id: paymentId, instruction: 'collection', reference, amount: 2000 },
        {
          resource_type: 'payments',
          resource_id: other.paymentId,
          instruction: 'collection',
          reference: other.reference,
          amount: 2000,
        },
      ],
    });
    const file = arudd([{ ref: reference, amount: '20.00', description: 'REFER TO PAYER' }]);
    const report = await upload(merchant, 'bacs', file);
    expect(report).toMatchObject({ item_count: 1, applied_count: 1, unmatched_count: 0 });

    expect(await statusOf(`/payments/${paymentId}`, 'payments')).toBe('failed');
    expect(await statusOf(`/payments/${other.paymentId}`, 'payments')).toBe('submitted');
    const failed = (await eventsOf('payment', paymentId)).find((e) => e.action === 'failed')!;
    expect(failed.details).toMatchObject({
      origin: 'bank',
      cause: 'insufficient_funds',
      reason_code: 'ARUDD-0',
      scheme: 'bacs',
      will_attempt_retry: false,
    });
    const [item] = await itemsOf(report.id);
    expect(item).toMatchObject({ outcome: 'applied', reason_code: 'ARUDD-0', reference });
    expect(item!.links).toMatchObject({ bank_report: report.id, payment: paymentId, event: failed.id });

    const eventsBefore = (await eventsOf('payment', paymentId)).length;
    const again = await upload(merchant, 'bacs', file, 200);
    expect(again.id).toBe(report.id);
    expect((await eventsOf('payment', paymentId)).length).toBe(eventsBefore);
    const listed = (await merchant.api.get('/bank_reports')).body.bank_reports as Array<{ id: string }>;
    expect(listed.filter((r) => r.id === report.id)).toHaveLength(1);
  });

  it('a return after the payout is a late failure that takes the money back; account closed also cancels the mandate', async () => {
    const { paymentId, mandateId, reference } = await bacsPayment(3100, ['payment_paid_out']);
    expect(await statusOf(`/payments/${paymentId}`, 'payments')).toBe('paid_out');
    await recordSubmission(server, merchant, {
      scheme: 'bacs',
      format: 'standard18',
      fileReference: 'VOL002',
      instructions: [
        { resource_type: 'payments', resource_id: paymentId, instruction: 'collection', reference, amount: 3100 },
      ],
    });
    const before = await ledgerBalances(server, merchant.creditorId);
    await upload(merchant, 'bacs', arudd([{ ref: reference, amount: '31.00', description: 'ACCOUNT CLOSED' }]));
    expect(await statusOf(`/payments/${paymentId}`, 'payments')).toBe('failed');
    expect(await statusOf(`/mandates/${mandateId}`, 'mandates')).toBe('cancelled');
    const cancelled = (await eventsOf('mandate', mandateId)).find((e) => e.action === 'cancelled')!;
    expect(cancelled.details).toMatchObject({ origin: 'bank', cause: 'bank_account_closed', reason_code: 'ARUDD-B' });
    const after = await ledgerBalances(server, merchant.creditorId);
    expect(after).not.toEqual(before);
  });

  it('ADDACS cancels a mandate or moves it to the new account the payer’s bank gives; AUDDIS fails a set-up', async () => {
    const cancelledOne = await createMandateViaBillingRequest(merchant, { currency: 'GBP' });
    await simulate(merchant, 'mandate_activated', cancelledOne.mandateId);
    const moved = await createMandateViaBillingRequest(merchant, { currency: 'GBP' });
    await simulate(merchant, 'mandate_activated', moved.mandateId);
    const rejected = await createMandateViaBillingRequest(merchant, { currency: 'GBP' });
    await simulate(merchant, 'mandate_submitted', rejected.mandateId);
    const ref = async (id: string) => (await merchant.api.get(`/mandates/${id}`)).body.mandates.reference as string;
    const [refCancelled, refMoved, refRejected] = await Promise.all([
      ref(cancelledOne.mandateId),
      ref(moved.mandateId),
      ref(rejected.mandateId),
    ]);
    await recordSubmission(server, merchant, {
      scheme: 'bacs',
      format: 'standard18',
      fileReference: 'VOL003',
      instructions: [
        {
          resource_type: 'mandates',
          resource_id: cancelledOne.mandateId,
          instruction: 'mandate_setup',
          reference: refCancelled,
        },
        { resource_type: 'mandates', resource_id: moved.mandateId, instruction: 'mandate_setup', reference: refMoved },
        {
          resource_type: 'mandates',
          resource_id: rejected.mandateId,
          instruction: 'mandate_setup',
          reference: refRejected,
        },
      ],
    });
    const accountBefore = (await merchant.api.get(`/mandates/${moved.mandateId}`)).body.mandates.links
      .customer_bank_account as string;

    const addacs = await upload(
      merchant,
      'bacs',
      advices(
        'ADDACS',
        `<MessagingAdvice record-type="A" reference="${refCancelled}" reason-code="1"/>` +
          `<MessagingAdvice record-type="A" reference="${refMoved}" reason-code="3" payer-new-sort-code="089999" payer-new-account-number="66374958"/>`,
      ),
    );
    expect(addacs).toMatchObject({ item_count: 2, applied_count: 2 });
    expect(await statusOf(`/mandates/${cancelledOne.mandateId}`, 'mandates')).toBe('cancelled');
    const transferred = (await eventsOf('mandate', moved.mandateId)).find((e) => e.action === 'transferred')!;
    expect(transferred.details).toMatchObject({
      origin: 'bank',
      reason_code: 'ADDACS-3',
      cause: 'bank_account_transferred',
    });
    const mandateNow = (await merchant.api.get(`/mandates/${moved.mandateId}`)).body.mandates;
    expect(mandateNow.status).toBe('active');
    expect(mandateNow.links.customer_bank_account).not.toBe(accountBefore);
    expect(transferred.links.new_customer_bank_account).toBe(mandateNow.links.customer_bank_account);
    const account = (await merchant.api.get(`/customer_bank_accounts/${mandateNow.links.customer_bank_account}`)).body
      .customer_bank_accounts;
    expect(account.account_number_ending).toBe('58');

    await upload(
      merchant,
      'bacs',
      advices('AUDDIS', `<MessagingAdvice record-type="N" reference="${refRejected}" reason-code="5"/>`),
    );
    expect(await statusOf(`/mandates/${rejected.mandateId}`, 'mandates')).toBe('failed');
    const failed = (await eventsOf('mandate', rejected.mandateId)).find((e) => e.action === 'failed')!;
    expect(failed.details).toMatchObject({ origin: 'bank', reason_code: 'AUDDIS-5' });
  });
});

describe('SEPA reports', () => {
  async function sepaPayment(amount: number) {
    const { mandateId } = await createMandateViaBillingRequest(merchant, { currency: 'EUR' });
    const created = await post(
      merchant.api,
      '/payments',
      { payments: { amount, currency: 'EUR', links: { mandate: mandateId } } },
      201,
    );
    const paymentId = created.payments.id as string;
    await simulate(merchant, 'payment_submitted', paymentId);
    return { mandateId, paymentId };
  }

  const pain002 = (
    messageId: string,
    groupStatus: string,
    transactions: string,
  ) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10"><CstmrPmtStsRpt>
<GrpHdr><MsgId>STS-${messageId}</MsgId><CreDtTm>2026-12-03T10:00:00</CreDtTm></GrpHdr>
<OrgnlGrpInfAndSts><OrgnlMsgId>${messageId}</OrgnlMsgId><OrgnlMsgNmId>pain.008.001.08</OrgnlMsgNmId><GrpSts>${groupStatus}</GrpSts></OrgnlGrpInfAndSts>
<OrgnlPmtInfAndSts><OrgnlPmtInfId>${messageId}-1</OrgnlPmtInfId>${transactions}</OrgnlPmtInfAndSts></CstmrPmtStsRpt></Document>`;

  it('pain.002: a rejected transaction fails its debit (AM04), the file is accepted, an unknown reference is kept', async () => {
    const rejectedOne = await sepaPayment(1500);
    const acceptedOne = await sepaPayment(1600);
    const submissionId = await recordSubmission(server, merchant, {
      scheme: 'sepa_core',
      format: 'pain.008.001.08',
      fileReference: 'MSG-SEPA-1',
      instructions: [
        {
          resource_type: 'payments',
          resource_id: rejectedOne.paymentId,
          instruction: 'collection',
          reference: rejectedOne.paymentId,
        },
        {
          resource_type: 'payments',
          resource_id: acceptedOne.paymentId,
          instruction: 'collection',
          reference: acceptedOne.paymentId,
        },
      ],
    });
    const report = await upload(
      merchant,
      'pain.002',
      pain002(
        'MSG-SEPA-1',
        'PART',
        `<TxInfAndSts><OrgnlEndToEndId>${rejectedOne.paymentId}</OrgnlEndToEndId><TxSts>RJCT</TxSts><StsRsnInf><Rsn><Cd>AM04</Cd></Rsn></StsRsnInf></TxInfAndSts>` +
          `<TxInfAndSts><OrgnlEndToEndId>${acceptedOne.paymentId}</OrgnlEndToEndId><TxSts>ACCP</TxSts></TxInfAndSts>` +
          `<TxInfAndSts><OrgnlEndToEndId>NOT-OURS-1</OrgnlEndToEndId><TxSts>RJCT</TxSts><StsRsnInf><Rsn><Cd>AC01</Cd></Rsn></StsRsnInf></TxInfAndSts>`,
      ),
    );
    expect(report).toMatchObject({ item_count: 4, unmatched_count: 1 });
    expect(await statusOf(`/payments/${rejectedOne.paymentId}`, 'payments')).toBe('failed');
    expect(await statusOf(`/payments/${acceptedOne.paymentId}`, 'payments')).toBe('submitted');
    const failed = (await eventsOf('payment', rejectedOne.paymentId)).find((e) => e.action === 'failed')!;
    expect(failed.details).toMatchObject({ origin: 'bank', reason_code: 'AM04', cause: 'insufficient_funds' });
    const items = await itemsOf(report.id);
    expect(items.find((i) => i.reference === 'NOT-OURS-1')).toMatchObject({
      outcome: 'unmatched',
      reason_code: 'AC01',
    });
    expect(items.find((i) => i.kind === 'file_accepted')).toMatchObject({
      outcome: 'applied',
      links: { bank_submission: submissionId },
    });
    const unmatched = await merchant.api.get(`/bank_report_items?bank_report=${report.id}&outcome=unmatched`);
    expect(unmatched.body.bank_report_items).toHaveLength(1);
    const { rows } = await server.services.db.query<{ status: string }>(
      'SELECT status FROM bank_submissions WHERE id = $1',
      [submissionId],
    );
    expect(rows[0]!.status).toBe('accepted');
  });

  it('pain.002 rejecting the whole file fails every debit in it; camt.054 confirms a booked one and fails a returned one', async () => {
    const first = await sepaPayment(1700);
    const second = await sepaPayment(1800);
    await recordSubmission(server, merchant, {
      scheme: 'sepa_core',
      format: 'pain.008.001.08',
      fileReference: 'MSG-SEPA-2',
      instructions: [
        {
          resource_type: 'payments',
          resource_id: first.paymentId,
          instruction: 'collection',
          reference: first.paymentId,
        },
        {
          resource_type: 'payments',
          resource_id: second.paymentId,
          instruction: 'collection',
          reference: second.paymentId,
        },
      ],
    });
    await upload(merchant, 'pain.002', pain002('MSG-SEPA-2', 'RJCT', ''));
    expect(await statusOf(`/payments/${first.paymentId}`, 'payments')).toBe('failed');
    expect(await statusOf(`/payments/${second.paymentId}`, 'payments')).toBe('failed');

    const paid = await sepaPayment(1900);
    const returned = await sepaPayment(2100);
    await recordSubmission(server, merchant, {
      scheme: 'sepa_core',
      format: 'pain.008.001.08',
      fileReference: 'MSG-SEPA-3',
      instructions: [
        {
          resource_type: 'payments',
          resource_id: paid.paymentId,
          instruction: 'collection',
          reference: paid.paymentId,
        },
        {
          resource_type: 'payments',
          resource_id: returned.paymentId,
          instruction: 'collection',
          reference: returned.paymentId,
        },
      ],
    });
    const camt = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn>
<GrpHdr><MsgId>NTF-9</MsgId><CreDtTm>2026-12-07T08:00:00</CreDtTm></GrpHdr>
<Ntfctn><Id>N1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>
<Ntry><Amt Ccy="EUR">19.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
<NtryDtls><TxDtls><Refs><EndToEndId>${paid.paymentId}</EndToEndId></Refs><Amt Ccy="EUR">19.00</Amt></TxDtls></NtryDtls></Ntry>
<Ntry><Amt Ccy="EUR">21.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><RvslInd>true</RvslInd><Sts><Cd>BOOK</Cd></Sts>
<NtryDtls><TxDtls><Refs><EndToEndId>${returned.paymentId}</EndToEndId></Refs><Amt Ccy="EUR">21.00</Amt>
<RtrInf><Rsn><Cd>MD01</Cd></Rsn></RtrInf></TxDtls></NtryDtls></Ntry>
</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;
    const report = await upload(merchant, 'camt', camt);
    expect(report).toMatchObject({ item_count: 2, applied_count: 2 });
    expect(await statusOf(`/payments/${paid.paymentId}`, 'payments')).toBe('confirmed');
    expect(await statusOf(`/payments/${returned.paymentId}`, 'payments')).toBe('failed');
    const failed = (await eventsOf('payment', returned.paymentId)).find((e) => e.action === 'failed')!;
    expect(failed.details).toMatchObject({ origin: 'bank', reason_code: 'MD01' });
  });
});

describe('Nacha returns and notifications of change', () => {
  /** Our own return file: a returned debit (R01) and a notification of change (C02, new routing number). */
  function nachaReturns(returnTrace: string, nocTrace: string): string {
    const entry = (code: string, routing: string, amount: string, id: string, trace: string) =>
      `6${code}${routing}${'27155001'.padEnd(17)}${amount}${id.padEnd(15)}${'JOHN DOE'.padEnd(22)}  1${trace}`;
    const lines = [
      `101 026073150 ${'0'.repeat(9)}2612081030A094101${'SOME BANK NA'.padEnd(23)}${'ACME INC'.padEnd(23)}`,
      `5200ACME${' '.repeat(32)}1234567890PPD${'RETURN'.padEnd(10)}${' '.repeat(6)}261208   1026073150000001`,
      entry('26', '021000021', '0000001500', 'R1', '026073150000011'),
      `799R01${returnTrace}      02100002${'INSUFFICIENT FUNDS'.padEnd(44)}026073150000011`,
      entry('21', '026073150', '0000000000', 'N1', '026073150000012'),
      `798C02${nocTrace}      02607315${'021000021'.padEnd(29)}${' '.repeat(15)}026073150000012`,
      `82000000040004707317${'1500'.padStart(12, '0')}${'0'.repeat(12)}1234567890${' '.repeat(25)}026073150000001`,
      `9000001000001000000040004707317${'1500'.padStart(12, '0')}${'0'.repeat(12)}`,
    ];
    return lines.map((l) => l.padEnd(94)).join('\n') + '\n';
  }

  it('R01 fails the ACH debit by its trace number; C02 moves the mandate to the corrected routing number', async () => {
    const returned = await createMandateViaBillingRequest(merchant, { currency: 'USD' });
    const corrected = await createMandateViaBillingRequest(merchant, { currency: 'USD' });
    const debit = async (mandateId: string) => {
      const created = await post(
        merchant.api,
        '/payments',
        { payments: { amount: 1500, currency: 'USD', links: { mandate: mandateId } } },
        201,
      );
      await simulate(merchant, 'payment_submitted', created.payments.id);
      return created.payments.id as string;
    };
    const returnedPayment = await debit(returned.mandateId);
    const correctedPayment = await debit(corrected.mandateId);
    await recordSubmission(server, merchant, {
      scheme: 'ach',
      format: 'nacha',
      fileReference: 'ACH-A',
      instructions: [
        {
          resource_type: 'payments',
          resource_id: returnedPayment,
          instruction: 'collection',
          reference: '026073150000107',
          amount: 1500,
        },
        {
          resource_type: 'payments',
          resource_id: correctedPayment,
          instruction: 'collection',
          reference: '026073150000108',
          amount: 1500,
        },
      ],
    });
    const report = await upload(merchant, 'nacha', nachaReturns('026073150000107', '026073150000108'));
    expect(report).toMatchObject({ item_count: 2, applied_count: 2 });
    expect(await statusOf(`/payments/${returnedPayment}`, 'payments')).toBe('failed');
    const failed = (await eventsOf('payment', returnedPayment)).find((e) => e.action === 'failed')!;
    expect(failed.details).toMatchObject({ origin: 'bank', reason_code: 'R01', scheme: 'ach' });

    const transferred = (await eventsOf('mandate', corrected.mandateId)).find((e) => e.action === 'transferred')!;
    expect(transferred.details).toMatchObject({ origin: 'bank', reason_code: 'C02', cause: 'bank_details_corrected' });
    const account = (await merchant.api.get(`/customer_bank_accounts/${transferred.links.new_customer_bank_account}`))
      .body.customer_bank_accounts;
    // The account number is the one kept; only the routing number changed.
    expect(account.account_number_ending).toBe('56');
    expect(await statusOf(`/payments/${correctedPayment}`, 'payments')).toBe('submitted');
  });
});

describe('what is refused, and what is kept apart', () => {
  it('new details the account checks refuse are kept, not applied; two uploads of one file at once make one report', async () => {
    const { mandateId } = await createMandateViaBillingRequest(merchant, { currency: 'GBP' });
    await simulate(merchant, 'mandate_activated', mandateId);
    const reference = (await merchant.api.get(`/mandates/${mandateId}`)).body.mandates.reference as string;
    await recordSubmission(server, merchant, {
      scheme: 'bacs',
      format: 'standard18',
      fileReference: 'VOL009',
      instructions: [{ resource_type: 'mandates', resource_id: mandateId, instruction: 'mandate_setup', reference }],
    });
    const file = advices(
      'ADDACS',
      `<MessagingAdvice record-type="A" reference="${reference}" reason-code="3" payer-new-sort-code="12" payer-new-account-number="1"/>`,
    );
    const body = { bank_reports: { format: 'bacs', file: base64(file) } };
    const answers = await Promise.all([
      merchant.api.post('/bank_reports', body),
      merchant.api.post('/bank_reports', body),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(answers[0]!.body.bank_reports.id).toBe(answers[1]!.body.bank_reports.id);
    const [item] = await itemsOf(answers[0]!.body.bank_reports.id);
    expect(item).toMatchObject({ outcome: 'not_applicable', reason_code: 'ADDACS-3' });
    expect((await eventsOf('mandate', mandateId)).some((e) => e.action === 'transferred')).toBe(false);
    expect(await statusOf(`/mandates/${mandateId}`, 'mandates')).toBe('active');
  });

  it('a malformed report is refused whole with its line, and nothing of it is kept', async () => {
    const before = (await merchant.api.get('/bank_reports')).body.bank_reports.length as number;
    const broken = advices('ADDACS', '<MessagingAdvice record-type="A" reference="X"/>');
    const res = await merchant.api.post('/bank_reports', { bank_reports: { format: 'bacs', file: base64(broken) } });
    expect(res.status).toBe(422);
    expect(res.body.error.type).toBe('validation_failed');
    expect(res.body.error.errors[0]).toMatchObject({ reason: 'bank_report_malformed', metadata: { line: 1 } });
    const nacha = await merchant.api.post('/bank_reports', {
      bank_reports: { format: 'nacha', file: base64('not a nacha file\n') },
    });
    expect(nacha.status).toBe(422);
    expect(nacha.body.error.errors[0].reason).toBe('bank_report_malformed');
    expect((await merchant.api.get('/bank_reports')).body.bank_reports).toHaveLength(before);
  });

  it.each([4_000, 100_000])(
    'a report nesting elements %i deep is refused whole as malformed (never a 500), in each XML format, nothing kept',
    async (depth) => {
      const before = (await merchant.api.get('/bank_reports')).body.bank_reports.length as number;
      // Issue 41.1: the reader's tree walk recursed once per level, off the stack at this depth.
      const deep = `<Document>${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}</Document>`;
      for (const format of ['bacs', 'camt', 'pain.002']) {
        const res = await merchant.api.post('/bank_reports', { bank_reports: { format, file: base64(deep) } });
        expect(res.status, `${format}: ${res.text.slice(0, 300)}`).toBe(422);
        expect(res.body.error.type).toBe('validation_failed');
        expect(res.body.error.errors[0]).toMatchObject({ reason: 'bank_report_malformed', metadata: { line: 1 } });
      }
      expect((await merchant.api.get('/bank_reports')).body.bank_reports).toHaveLength(before);
    },
  );

  it('bad bodies are refused before anything is read', async () => {
    const refused = async (body: unknown) => {
      const res = await merchant.api.post('/bank_reports', body);
      expect([400, 422], res.text).toContain(res.status);
      expect(['invalid_api_usage', 'validation_failed']).toContain(res.body.error.type);
    };
    await refused({ bank_reports: { format: 'bacs', file: 'not base64!' } });
    await refused({ bank_reports: { format: 'mt940', file: base64('x') } });
    await refused({ bank_reports: { format: 'bacs' } });
    await refused({ bank_reports: { format: 'bacs', file: base64('<a/>'), file_name: 'a\u0000b' } });
    await refused({ bank_reports: { format: 'bacs', file: base64('<a/>'), extra: 1 } });
    const readOnly = await merchant.readOnly.post('/bank_reports', {
      bank_reports: { format: 'bacs', file: base64('<a/>') },
    });
    expect(readOnly.status).toBe(403);
  });

  it('another organisation’s report and items are not found', async () => {
    const report = await upload(
      merchant,
      'bacs',
      arudd([{ ref: 'NOBODY-1', amount: '1.00', description: 'REFER TO PAYER' }]),
    );
    expect(report).toMatchObject({ item_count: 1, unmatched_count: 1 });
    const other = await server.merchant('Someone else');
    expect((await other.api.get(`/bank_reports/${report.id}`)).status).toBe(404);
    expect((await other.api.get(`/bank_report_items?bank_report=${report.id}`)).status).toBe(404);
    expect((await other.api.get('/bank_reports')).body.bank_reports).toEqual([]);
    // The same bytes are a report of its own for another organisation: nothing of ours is shown.
    const theirs = await upload(
      other,
      'bacs',
      arudd([{ ref: 'NOBODY-1', amount: '1.00', description: 'REFER TO PAYER' }]),
    );
    expect(theirs.id).not.toBe(report.id);
  });
});

describe('prototype keys in a report (issue 40.1)', () => {
  const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort();

  it('attributes and elements named __proto__, constructor or prototype are read as any other, changing no prototype', async () => {
    const keysBefore = prototypeKeys();
    const { paymentId, reference } = await bacsPayment(1500);
    await recordSubmission(server, merchant, {
      scheme: 'bacs',
      format: 'standard18',
      fileReference: 'PROTO1',
      instructions: [
        { resource_type: 'payments', resource_id: paymentId, instruction: 'collection', reference, amount: 1500 },
      ],
    });
    const file = arudd([{ ref: reference, amount: '15.00', description: 'REFER TO PAYER' }])
      .replace('<ReturnedDebitItem ', '<ReturnedDebitItem __proto__="x" constructor="y" prototype="z" ')
      .replace('<PayerAccount ', '<constructor/><__proto__ a="b"/><PayerAccount __proto__="p" ');
    const report = await upload(merchant, 'bacs', file);
    expect(report).toMatchObject({ item_count: 1, applied_count: 1, unmatched_count: 0 });
    expect(await statusOf(`/payments/${paymentId}`, 'payments')).toBe('failed');
    expect(({} as Record<string, unknown>).a).toBeUndefined();
    expect(prototypeKeys()).toEqual(keysBefore);
  });

  it('an item without an attribute named like an Object method (valueOf) is read as one without it, never a 5xx', async () => {
    const file = arudd([{ ref: 'NOBODY-PROTO', amount: '1.00', description: 'REFER TO PAYER' }]).replace(
      / valueOf="[^"]*"/,
      '',
    );
    const report = await upload(merchant, 'bacs', file);
    expect(report).toMatchObject({ item_count: 1, unmatched_count: 1 });
  });
});
