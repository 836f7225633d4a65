import { z } from 'zod';
import { BANK_REPORT_FORMATS } from '../../domain/bank-reports/service';
import { FILE_BANK_SCHEMES } from '../../domain/bank-submissions/connections';
import {
  bankConnectionWire,
  bankSubmissionWire,
  serializeBankConnection,
  serializeBankSubmission,
} from '../wire/bank-submissions';
import { cursorQuery, pageOf } from '../pagination';
import { defineRoute, listResult, ok } from '../route';

const id = z.string().min(1).max(100);
const cutoff = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');
const digits = (n: number, m = n) => z.string().regex(new RegExp(`^\\d{${n},${m}}$`));

const remoteDir = z
  .string()
  .min(1)
  .max(1024)
  .regex(/^[^\0]+$/);
/** Host-to-host delivery (decision 0082): the private key is write-only, kept sealed. */
const sftp = z.strictObject({
  host: z
    .string()
    .min(1)
    .max(253)
    .regex(/^[A-Za-z0-9.:-]+$/),
  port: z.number().int().min(1).max(65535).nullish(),
  username: z.string().min(1).max(100),
  host_key_sha256: z
    .string()
    .regex(/^SHA256:[A-Za-z0-9+/]{43}$/, 'invalid_format')
    .describe("The bank server's host key as `ssh-keygen -l -E sha256` prints it: SHA256:…"),
  private_key: z.string().min(1).max(16_384).nullish().describe('Write-only: the client key, unencrypted, kept sealed'),
  submissions_dir: remoteDir,
  reports_dir: remoteDir.nullish(),
  report_format: z.enum(BANK_REPORT_FORMATS).nullish(),
});

const connections = {
  tag: 'Bank submissions',
  resourceKey: 'bank_connections',
  response: bankConnectionWire,
  extension: true,
} as const;
const submissions = {
  tag: 'Bank submissions',
  resourceKey: 'bank_submissions',
  response: bankSubmissionWire,
  extension: true,
} as const;

/**
 * The file bank (issue #36, decision 0081), a bankflow extension: which bank each creditor's
 * schemes use, and the files written at the bank's cut-off, downloaded and marked submitted.
 */
export const bankSubmissionRoutes = [
  defineRoute({
    ...connections,
    method: 'GET',
    path: '/creditors/:id/bank_connections',
    operationId: 'listBankConnections',
    summary: "A creditor's bank for each scheme the file bank writes (a bankflow extension)",
    kind: 'list',
    status: 200,
    async handler({ services, tx, actor, params }) {
      const rows = await services.bankSubmissions.connections(tx, actor, params.id);
      return listResult(
        'bank_connections',
        { items: rows, cursors: { before: null, after: null }, limit: rows.length },
        serializeBankConnection,
      );
    },
  }),
  defineRoute({
    ...connections,
    method: 'PUT',
    path: '/creditors/:id/bank_connections',
    operationId: 'setBankConnection',
    summary: "Choose a creditor's bank for one scheme: simulated (sandbox only) or file (a bankflow extension)",
    kind: 'update',
    status: 200,
    body: z.strictObject({
      scheme: z.enum(FILE_BANK_SCHEMES),
      kind: z.enum(['simulated', 'file']),
      cutoff_time: cutoff.nullish().describe("The bank's cut-off, HH:MM in the scheme calendar's zone"),
      originator: z
        .strictObject({
          sort_code: digits(6).optional(),
          account_number: digits(4, 17).optional(),
          iban: z
            .string()
            .regex(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/)
            .optional(),
          bic: z
            .string()
            .regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/)
            .optional(),
          routing_number: digits(9).optional(),
          bsb: digits(6).optional(),
          bank_abbreviation: z
            .string()
            .regex(/^[A-Z]{3}$/)
            .optional(),
        })
        .nullish(),
      sftp: sftp.nullish().describe('SFTP delivery to the bank; omitted keeps what is set, null removes it'),
    }),
    async handler({ services, tx, actor, params, body }) {
      const row = await services.bankSubmissions.setConnection(tx, actor, params.id, body);
      return ok('bank_connections', serializeBankConnection(row));
    },
  }),
  defineRoute({
    ...submissions,
    method: 'GET',
    path: '/bank_submissions',
    operationId: 'listBankSubmissions',
    summary: 'List the files written for your banks (a bankflow extension)',
    kind: 'list',
    status: 200,
    query: z.strictObject({
      ...cursorQuery,
      creditor: id.optional(),
      scheme: z.string().min(1).max(40).optional(),
      status: z.enum(['pending', 'submitted', 'accepted', 'rejected']).optional(),
    }),
    async handler({ services, tx, actor, query }) {
      const page = await services.bankSubmissions.list(tx, actor, query, pageOf(query));
      return listResult('bank_submissions', page, serializeBankSubmission);
    },
  }),
  defineRoute({
    ...submissions,
    method: 'GET',
    path: '/bank_submissions/:id',
    operationId: 'getBankSubmission',
    summary: 'Get a bank submission (a bankflow extension)',
    kind: 'read',
    status: 200,
    async handler({ services, tx, actor, params }) {
      return ok('bank_submissions', serializeBankSubmission(await services.bankSubmissions.get(tx, actor, params.id)));
    },
  }),
  defineRoute({
    ...submissions,
    method: 'GET',
    path: '/bank_submissions/:id/file',
    operationId: 'getBankSubmissionFile',
    summary: "A bank submission's file, to upload to the bank (a bankflow extension)",
    kind: 'read',
    status: 200,
    answersFile: ['text/plain', 'application/xml'],
    async handler({ services, tx, actor, params }) {
      const file = await services.bankSubmissions.file(tx, actor, params.id);
      return {
        status: 200,
        file: { text: file.bytes.toString('utf8'), contentType: file.contentType, fileName: file.fileName },
      };
    },
  }),
  defineRoute({
    ...submissions,
    method: 'POST',
    path: '/bank_submissions/:id/actions/mark_submitted',
    operationId: 'markBankSubmissionSubmitted',
    summary: 'Say the file was uploaded to the bank: pending → submitted (a bankflow extension)',
    kind: 'action',
    status: 200,
    async handler({ services, tx, actor, params }) {
      return ok(
        'bank_submissions',
        serializeBankSubmission(await services.bankSubmissions.markSubmitted(tx, actor, params.id)),
      );
    },
  }),
  defineRoute({
    ...submissions,
    method: 'POST',
    path: '/bank_submissions/actions/run',
    operationId: 'runBankSubmissions',
    summary: "Run the file bank's cut-off now, as the day's file (a bankflow extension; sandbox only)",
    kind: 'action',
    answersList: true,
    status: 200,
    body: z.strictObject({ creditor: id.nullish(), scheme: z.string().min(1).max(40).nullish() }),
    async handler({ services, tx, actor, body }) {
      const made = await services.bankSubmissions.runNow(tx, actor, {
        creditor: body?.creditor ?? undefined,
        scheme: body?.scheme ?? undefined,
      });
      return listResult(
        'bank_submissions',
        { items: made, cursors: { before: null, after: null }, limit: made.length },
        serializeBankSubmission,
      );
    },
  }),
];
