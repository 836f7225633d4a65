import { refuse } from '../errors';
import type { Items } from '../lines';
import { assertAmount, decimalAmount } from '../text';
import { escapeXml, leaf } from '../xml';
import {
  account,
  agent,
  creditorSchemeId,
  type Generation,
  iban,
  isoDate,
  isoDateTime,
  party,
  sepaId,
  sepaText,
  type SepaParty,
  XML_DECLARATION,
} from './common';

/**
 * SEPA direct-debit initiation, pain.008.001.08 (2019) or .02 (2009), streamed one transaction at
 * a time. The header and each batch state their count and control sum up front (the integration
 * has them from one aggregate query); the writer checks them against what it streamed and throws
 * at the end when they differ, so a caller writing to a temporary file never keeps a wrong one.
 */

export type SepaVersion = 'pain.008.001.02' | 'pain.008.001.08';
export type SequenceType = 'FRST' | 'RCUR' | 'OOFF' | 'FNAL';

export interface Totals {
  numberOfTransactions: number;
  /** Minor units (cents). */
  controlSum: number;
}

export interface Pain008Message extends Totals {
  version: SepaVersion;
  messageId: string;
  createdAt: string;
  initiatingParty: string;
}

export interface MandateAmendment {
  originalMandateId?: string;
  originalCreditorId?: string;
  originalCreditorName?: string;
  /** The debtor's previous IBAN; the file then says only `SMNDA` (same mandate, new debtor account). */
  debtorAccountChanged?: boolean;
  /** Moved to another bank (SMNDA on the debtor agent). */
  debtorAgentChanged?: boolean;
}

export interface Pain008Transaction {
  endToEndId: string;
  instructionId?: string;
  amount: number;
  mandateId: string;
  mandateSignedOn: string;
  amendment?: MandateAmendment;
  debtor: SepaParty;
  remittance?: string;
}

export interface Pain008Batch extends Totals {
  paymentInformationId: string;
  localInstrument: 'CORE' | 'B2B';
  sequenceType: SequenceType;
  collectionDate: string;
  creditor: SepaParty;
  creditorId: string;
  batchBooking?: boolean;
  transactions: Items<Pain008Transaction>;
}

const generationOf = (version: SepaVersion): Generation => (version === 'pain.008.001.08' ? 2019 : 2009);

export function amendmentXml(a: MandateAmendment | undefined): string {
  if (!a) return '';
  const creditor =
    a.originalCreditorId || a.originalCreditorName
      ? a.originalCreditorId
        ? creditorSchemeId('OrgnlCdtrSchmeId', a.originalCreditorId, a.originalCreditorName)
        : `<OrgnlCdtrSchmeId><Nm>${escapeXml(sepaText(a.originalCreditorName!, 70))}</Nm></OrgnlCdtrSchmeId>`
      : '';
  const parts = [
    a.originalMandateId ? leaf('OrgnlMndtId', sepaId(a.originalMandateId, 'mandate_id')) : '',
    creditor,
    a.debtorAccountChanged ? '<OrgnlDbtrAcct><Id><Othr><Id>SMNDA</Id></Othr></Id></OrgnlDbtrAcct>' : '',
    a.debtorAgentChanged ? '<OrgnlDbtrAgt><FinInstnId><Othr><Id>SMNDA</Id></Othr></FinInstnId></OrgnlDbtrAgt>' : '',
  ].join('');
  if (!parts) refuse('invalid_amendment', 'an amendment must say what changed');
  return `<AmdmntInd>true</AmdmntInd><AmdmntInfDtls>${parts}</AmdmntInfDtls>`;
}

function transaction(tx: Pain008Transaction, generation: Generation): string {
  const amount = assertAmount(tx.amount);
  if (amount === 0 || amount > 99_999_999_999) refuse('invalid_amount', 'a SEPA collection is 0.01–999,999,999.99 EUR');
  const remittance = tx.remittance ? `<RmtInf><Ustrd>${escapeXml(sepaText(tx.remittance, 140))}</Ustrd></RmtInf>` : '';
  return (
    '<DrctDbtTxInf><PmtId>' +
    leaf('InstrId', tx.instructionId && sepaId(tx.instructionId, 'instruction_id')) +
    `<EndToEndId>${escapeXml(sepaId(tx.endToEndId, 'end_to_end_id'))}</EndToEndId></PmtId>` +
    `<InstdAmt Ccy="EUR">${decimalAmount(amount)}</InstdAmt>` +
    `<DrctDbtTx><MndtRltdInf><MndtId>${escapeXml(sepaId(tx.mandateId, 'mandate_id'))}</MndtId>` +
    `<DtOfSgntr>${isoDate(tx.mandateSignedOn, 'mandate_signed_on')}</DtOfSgntr>${amendmentXml(tx.amendment)}` +
    '</MndtRltdInf></DrctDbtTx>' +
    agent('DbtrAgt', tx.debtor.bic, generation) +
    party('Dbtr', tx.debtor) +
    account('DbtrAcct', tx.debtor.iban) +
    remittance +
    '</DrctDbtTxInf>\n'
  );
}

function batchHeader(b: Pain008Batch, generation: Generation): string {
  return (
    `<PmtInf><PmtInfId>${escapeXml(sepaId(b.paymentInformationId, 'payment_information_id'))}</PmtInfId><PmtMtd>DD</PmtMtd>` +
    (b.batchBooking === undefined ? '' : `<BtchBookg>${b.batchBooking}</BtchBookg>`) +
    `<NbOfTxs>${b.numberOfTransactions}</NbOfTxs><CtrlSum>${decimalAmount(b.controlSum)}</CtrlSum>` +
    `<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl><LclInstrm><Cd>${b.localInstrument}</Cd></LclInstrm><SeqTp>${b.sequenceType}</SeqTp></PmtTpInf>` +
    `<ReqdColltnDt>${isoDate(b.collectionDate, 'collection_date')}</ReqdColltnDt>` +
    party('Cdtr', b.creditor) +
    account('CdtrAcct', b.creditor.iban) +
    agent('CdtrAgt', b.creditor.bic, generation) +
    '<ChrgBr>SLEV</ChrgBr>' +
    creditorSchemeId('CdtrSchmeId', b.creditorId) +
    '\n'
  );
}

export function checkTotals(what: string, stated: Totals, count: number, sum: number): void {
  if (stated.numberOfTransactions !== count || stated.controlSum !== sum)
    refuse(
      'totals_mismatch',
      `${what} states ${stated.numberOfTransactions} / ${stated.controlSum}, streamed ${count} / ${sum}`,
    );
}

/** The group header a pain message states: its id, time, totals and who sends it. */
interface Initiation extends Totals {
  version: string;
  messageId: string;
  createdAt: string;
  initiatingParty: string;
}

/**
 * A pain.008 or pain.001 document, streamed: the group header, then each batch's header, its
 * transactions and its close, refusing totals that differ from what the headers state.
 */
export async function* writeInitiation<
  T extends { amount: number },
  B extends Totals & { paymentInformationId: string; transactions: Items<T> },
>(
  root: 'CstmrDrctDbtInitn' | 'CstmrCdtTrfInitn',
  message: Initiation,
  batches: Items<B>,
  write: { checkAccount(batch: B): void; batchHeader(batch: B): string; transaction(tx: T): string },
): AsyncGenerator<string, Totals> {
  yield (
    XML_DECLARATION +
    `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:${message.version}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
    `<${root}><GrpHdr><MsgId>${escapeXml(sepaId(message.messageId, 'message_id'))}</MsgId>` +
    `<CreDtTm>${isoDateTime(message.createdAt)}</CreDtTm><NbOfTxs>${message.numberOfTransactions}</NbOfTxs>` +
    `<CtrlSum>${decimalAmount(message.controlSum)}</CtrlSum><InitgPty><Nm>${escapeXml(sepaText(message.initiatingParty, 70))}</Nm></InitgPty></GrpHdr>\n`
  );
  let count = 0;
  let sum = 0;
  for await (const batch of batches) {
    write.checkAccount(batch);
    yield write.batchHeader(batch);
    let batchCount = 0;
    let batchSum = 0;
    for await (const tx of batch.transactions) {
      yield write.transaction(tx);
      batchCount++;
      batchSum += tx.amount;
    }
    checkTotals(`payment information ${batch.paymentInformationId}`, batch, batchCount, batchSum);
    count += batchCount;
    sum += batchSum;
    yield '</PmtInf>\n';
  }
  checkTotals('the group header', message, count, sum);
  yield `</${root}></Document>\n`;
  return { numberOfTransactions: count, controlSum: sum };
}

export async function* writePain008(
  message: Pain008Message,
  batches: Items<Pain008Batch>,
): AsyncGenerator<string, Totals> {
  const generation = generationOf(message.version);
  return yield* writeInitiation<Pain008Transaction, Pain008Batch>('CstmrDrctDbtInitn', message, batches, {
    checkAccount: (batch) => iban(batch.creditor.iban),
    batchHeader: (batch) => batchHeader(batch, generation),
    transaction: (tx) => transaction(tx, generation),
  });
}
