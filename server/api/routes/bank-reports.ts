import { z } from 'zod';
import { BANK_REPORT_FORMATS } from '../../domain/bank-reports/service';
import {
  BANK_REPORT_ITEM_OUTCOMES,
  bankReportItemWire,
  bankReportWire,
  bankSftpPullWire,
  serializeBankReport,
  serializeBankSftpPull,
  serializeBankReportItem,
} from '../wire/bank-reports';
import { cursorQuery, pageOf } from '../pagination';
import { created, defineRoute, listResult, ok } from '../route';

const common = { tag: 'Bank reports', resourceKey: 'bank_reports', response: bankReportWire, extension: true } as const;

/**
 * The bank's reports in (issue #36, decision 0089), a bankflow extension: a merchant uploads what
 * its bank sent (the file, base64, within the API's 1 MiB body) and sees what each item did. The
 * same file twice is the same report: 200 with it, nothing applied again.
 */
export const bankReportRoutes = [
  defineRoute({
    ...common,
    method: 'POST',
    path: '/bank_reports',
    operationId: 'createBankReport',
    summary:
      'Import a report your bank sent (ARUDD, AUDDIS, ADDACS, pain.002, camt, Nacha returns…; a bankflow extension)',
    kind: 'create',
    status: [201, 200],
    body: z.strictObject({
      format: z.enum(BANK_REPORT_FORMATS).describe('Which reader: bacs, pain.002, camt, nacha, becs or cpa005'),
      file_name: z.string().min(1).max(255).nullish(),
      file: z
        .string()
        .min(4)
        .max(1_048_576)
        .regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, 'invalid_format')
        .describe("The report's bytes, base64"),
    }),
    async handler({ services, tx, config, actor, body }) {
      const { report, replayed } = await services.bankReports.importReport(tx, actor, {
        format: body.format,
        fileName: body.file_name ?? null,
        bytes: Buffer.from(body.file, 'base64'),
      });
      if (replayed) return ok('bank_reports', serializeBankReport(report));
      return created('bank_reports', serializeBankReport(report), `${config.publicUrl}/bank_reports/${report.id}`);
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/bank_reports',
    operationId: 'listBankReports',
    summary: 'List the bank reports imported (a bankflow extension)',
    kind: 'list',
    status: 200,
    query: z.strictObject({ ...cursorQuery }),
    async handler({ services, tx, actor, query }) {
      return listResult('bank_reports', await services.bankReports.list(tx, actor, pageOf(query)), serializeBankReport);
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/bank_reports/:id',
    operationId: 'getBankReport',
    summary: 'Get a bank report (a bankflow extension)',
    kind: 'read',
    status: 200,
    async handler({ services, tx, actor, params }) {
      return ok('bank_reports', serializeBankReport(await services.bankReports.get(tx, actor, params.id)));
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/bank_reports/:id/file',
    operationId: 'getBankReportFile',
    summary:
      "A bank report's file as it was imported: uploaded, pulled by SFTP or the sandbox bank's (a bankflow extension)",
    kind: 'read',
    status: 200,
    answersFile: ['text/plain', 'application/xml'],
    async handler({ services, tx, actor, params }) {
      return { status: 200, file: await services.bankReports.file(tx, actor, params.id) };
    },
  }),
  defineRoute({
    tag: 'Bank reports',
    resourceKey: 'bank_sftp_pulls',
    response: bankSftpPullWire,
    extension: true,
    method: 'GET',
    path: '/bank_sftp_pulls',
    operationId: 'listBankSftpPulls',
    summary: "List the report files pulled from your bank's SFTP server, imported or refused (a bankflow extension)",
    kind: 'list',
    status: 200,
    query: z.strictObject({
      ...cursorQuery,
      creditor: z.string().min(1).max(64).optional(),
      scheme: z.string().min(1).max(32).optional(),
      status: z.enum(['imported', 'refused']).optional(),
    }),
    async handler({ services, tx, actor, query }) {
      const { creditor, scheme, status } = query;
      const page = await services.bankTransport.listPulls(
        tx,
        actor,
        { ...(creditor ? { creditor } : {}), ...(scheme ? { scheme } : {}), ...(status ? { status } : {}) },
        pageOf(query),
      );
      return listResult('bank_sftp_pulls', page, serializeBankSftpPull);
    },
  }),
  defineRoute({
    tag: 'Bank reports',
    resourceKey: 'bank_report_items',
    response: bankReportItemWire,
    extension: true,
    method: 'GET',
    path: '/bank_report_items',
    operationId: 'listBankReportItems',
    summary: "List a bank report's items and what each did (a bankflow extension)",
    kind: 'list',
    status: 200,
    query: z.strictObject({
      ...cursorQuery,
      bank_report: z.string().min(1).max(64),
      outcome: z.enum(BANK_REPORT_ITEM_OUTCOMES).optional(),
    }),
    async handler({ services, tx, actor, query }) {
      const page = await services.bankReports.items(
        tx,
        actor,
        { report: query.bank_report, ...(query.outcome ? { outcome: query.outcome } : {}) },
        pageOf(query),
      );
      return listResult('bank_report_items', page, serializeBankReportItem);
    },
  }),
];
