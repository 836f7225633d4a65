import { ulid } from 'ulid';
import type { Merchant } from './factories';
import type { TestServer } from './server';

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
