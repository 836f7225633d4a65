/**
 * The bank-file formats: writers for what bankflow submits and readers for what banks report,
 * pure (no database, no network) so the file bank can stream them to disk and SFTP. See
 * docs/live-banking.md § File formats and decision 0071.
 */
export { BankFileError } from './errors';
export { collect } from './lines';
export { reasonFor, REASON_CODES, type ReasonCode, type ItemEffect } from './reason-codes';
export {
  writeStandard18,
  bacsReference,
  type BacsRecord,
  type BacsSubmission,
  type BacsSummary,
} from './bacs/standard18';
export { readBacsReport, type BacsReport } from './bacs/reports';
export { writePain008, type Pain008Batch, type Pain008Message, type Pain008Transaction } from './sepa/pain008';
export { writePain001, type Pain001Batch, type Pain001Message, type Pain001Transaction } from './sepa/pain001';
export { readCamt, readPain002, type CamtReport, type Pain002Report } from './sepa/reports';
export { writeNacha, type NachaBatch, type NachaEntry, type NachaFile, type NachaSummary } from './nacha/writer';
export { readNacha } from './nacha/reader';
export { readNachaReturns, type NachaReturnItem } from './nacha/returns';
export { readAbaReturns, writeAba, type AbaEntry, type AbaFile } from './becs/aba';
export { readNabAcknowledgement, type NabAcknowledgement } from './becs/acknowledgement';
export { writeCpa005, type Cpa005Entry, type Cpa005File, type Cpa005Summary } from './cpa005/writer';
export { readCpa005 } from './cpa005/reader';
export { readCpa005Returns, type Cpa005ReturnItem } from './cpa005/returns';
