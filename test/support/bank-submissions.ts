import { ulid } from 'ulid';
import { expect } from 'vitest';
import { validateAgainstXsd } from '../unit/bank-files/support';
import type { Merchant } from './factories';
import { post } from './journeys';
import type { TestServer } from './server';

/** The originator's own account each file-bank scheme's file names (decision 0081, migration 0092). */
export const FILE_BANK_ORIGINATORS = {
  bacs: { sort_code: '401276', account_number: '41234567' },
  sepa_core: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  ach: { routing_number: '021000021' },
  becs: { bsb: '083004', account_number: '123456789', bank_abbreviation: 'NAB' },
} as const;

/** The creditor's instructions in `scheme` go to the file bank, through the API, with its cut-off. */
export async function useFileBank(m: Merchant, scheme: keyof typeof FILE_BANK_ORIGINATORS, cutoff = '15:00') {
  const res = await m.api.put(`/creditors/${m.creditorId}/bank_connections`, {
    bank_connections: { scheme, kind: 'file', cutoff_time: cutoff, originator: FILE_BANK_ORIGINATORS[scheme] },
  });
  expect(res.status, res.text).toBe(200);
  expect(res.body.bank_connections).toMatchObject({ scheme, kind: 'file', cutoff_time: cutoff, configured: true });
}

export interface RunSubmission {
  id: string;
  format: string;
  item_count: number;
  total_amount: number;
  file_reference: string;
}

/** The sandbox's rehearsal of the cut-off (`POST /bank_submissions/actions/run`): the files it wrote. */
export const runSubmissions = async (m: Merchant, scheme: string) =>
  (await post(m.api, '/bank_submissions/actions/run', { data: { scheme } })).bank_submissions as RunSubmission[];

/** The items a submission's file holds, as the run recorded them (what a report is matched by). */
export async function submissionItems(server: TestServer, submission: string) {
  const { rows } = await server.services.db.query<{
    resource_id: string;
    instruction: string;
    reference: string;
    amount: string | null;
  }>(
    'SELECT resource_id, instruction, reference, amount FROM bank_submission_items WHERE submission_id = $1 ORDER BY id',
    [submission],
  );
  return rows;
}

/** Valid against the official ISO 20022 XSD, by xmllint (the bank-files unit tests' validator). */
export function expectValidAgainst(xml: string, xsd: string) {
  const verdict = validateAgainstXsd(xml, xsd);
  expect(verdict.ok, verdict.output).toBe(true);
}

let recorded = 0;

export interface SubmittedInstruction {
  resource_type: 'mandates' | 'payments' | 'refunds';
  resource_id: string;
  instruction: string;
  reference: string;
  amount?: number;
}

/**
 * The rows the file bank's submission run writes for a file it sent (decision 0081's
 * `bank_submissions` and `bank_submission_items`), written straight into the store so the report
 * importer's tests can name instructions the bank then reports on. Returns the submission's id.
 */
export async function recordSubmission(
  server: TestServer,
  merchant: Merchant,
  submission: { scheme: string; format: string; fileReference: string; instructions: SubmittedInstruction[] },
): Promise<string> {
  const id = `BKS${ulid()}`;
  const now = new Date();
  // One file per creditor, scheme, format and day: each recorded file has a day of its own.
  const day = new Date(now.getTime() + ++recorded * 86_400_000).toISOString().slice(0, 10);
  const db = server.services.db;
  await db.query(
    `INSERT INTO bank_submissions (id, organisation_id, creditor_id, scheme, format, submission_date, file_reference,
       file_name, file, file_sha256, item_count, total_amount, status, created_at, submitted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'submitted', $13, $13)`,
    [
      id,
      merchant.organisationId,
      merchant.creditorId,
      submission.scheme,
      submission.format,
      day,
      submission.fileReference,
      `${submission.fileReference}.txt`,
      Buffer.from(`file ${submission.fileReference}`),
      id.toLowerCase(),
      submission.instructions.length,
      submission.instructions.reduce((sum, i) => sum + (i.amount ?? 0), 0),
      now,
    ],
  );
  for (const item of submission.instructions) {
    await db.query(
      `INSERT INTO bank_submission_items (id, organisation_id, submission_id, resource_type, resource_id, instruction,
         reference, amount, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        `BKI${ulid()}`,
        merchant.organisationId,
        id,
        item.resource_type,
        item.resource_id,
        item.instruction,
        item.reference,
        item.amount ?? null,
        now,
      ],
    );
  }
  return id;
}
