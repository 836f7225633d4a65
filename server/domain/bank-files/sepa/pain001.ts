import { refuse } from '../errors';
import type { Items } from '../lines';
import { assertAmount, decimalAmount } from '../text';
import { escapeXml, leaf } from '../xml';
import { account, agent, type Generation, iban, isoDate, party, sepaId, sepaText, type SepaParty } from './common';
import { type Totals, writeInitiation } from './pain008';

/**
 * SEPA credit-transfer initiation, pain.001.001.09 (2019) or .03 (2009), for refunds, payouts and
 * outbound payments: one debtor (our account) per batch, streamed like pain.008.
 */

export type Pain001Version = 'pain.001.001.03' | 'pain.001.001.09';

export interface Pain001Message extends Totals {
  version: Pain001Version;
  messageId: string;
  createdAt: string;
  initiatingParty: string;
}

export interface Pain001Transaction {
  endToEndId: string;
  instructionId?: string;
  amount: number;
  creditor: SepaParty;
  remittance?: string;
}

export interface Pain001Batch extends Totals {
  paymentInformationId: string;
  executionDate: string;
  debtor: SepaParty;
  batchBooking?: boolean;
  transactions: Items<Pain001Transaction>;
}

function transaction(tx: Pain001Transaction, generation: Generation): string {
  const amount = assertAmount(tx.amount);
  if (amount === 0 || amount > 99_999_999_999)
    refuse('invalid_amount', 'a SEPA credit transfer is 0.01–999,999,999.99 EUR');
  const remittance = tx.remittance ? `<RmtInf><Ustrd>${escapeXml(sepaText(tx.remittance, 140))}</Ustrd></RmtInf>` : '';
  return (
    '<CdtTrfTxInf><PmtId>' +
    leaf('InstrId', tx.instructionId && sepaId(tx.instructionId, 'instruction_id')) +
    `<EndToEndId>${escapeXml(sepaId(tx.endToEndId, 'end_to_end_id'))}</EndToEndId></PmtId>` +
    `<Amt><InstdAmt Ccy="EUR">${decimalAmount(amount)}</InstdAmt></Amt>` +
    (tx.creditor.bic ? agent('CdtrAgt', tx.creditor.bic, generation) : '') +
    party('Cdtr', tx.creditor) +
    account('CdtrAcct', tx.creditor.iban) +
    remittance +
    '</CdtTrfTxInf>\n'
  );
}

function batchHeader(b: Pain001Batch, generation: Generation): string {
  const date = isoDate(b.executionDate, 'execution_date');
  return (
    `<PmtInf><PmtInfId>${escapeXml(sepaId(b.paymentInformationId, 'payment_information_id'))}</PmtInfId><PmtMtd>TRF</PmtMtd>` +
    (b.batchBooking === undefined ? '' : `<BtchBookg>${b.batchBooking}</BtchBookg>`) +
    `<NbOfTxs>${b.numberOfTransactions}</NbOfTxs><CtrlSum>${decimalAmount(b.controlSum)}</CtrlSum>` +
    '<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>' +
    `<ReqdExctnDt>${generation === 2019 ? `<Dt>${date}</Dt>` : date}</ReqdExctnDt>` +
    party('Dbtr', b.debtor) +
    account('DbtrAcct', b.debtor.iban) +
    agent('DbtrAgt', b.debtor.bic, generation) +
    '<ChrgBr>SLEV</ChrgBr>\n'
  );
}

export async function* writePain001(
  message: Pain001Message,
  batches: Items<Pain001Batch>,
): AsyncGenerator<string, Totals> {
  const generation: Generation = message.version === 'pain.001.001.09' ? 2019 : 2009;
  return yield* writeInitiation<Pain001Transaction, Pain001Batch>('CstmrCdtTrfInitn', message, batches, {
    checkAccount: (batch) => iban(batch.debtor.iban),
    batchHeader: (batch) => batchHeader(batch, generation),
    transaction: (tx) => transaction(tx, generation),
  });
}
