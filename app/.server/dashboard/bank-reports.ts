import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { BANK_REPORT_FORMATS } from '../../../server/domain/bank-reports/service';
import { isDomainError } from '../../../server/domain/shared/errors';
import { dashboardTranslator } from '../../../i18n/dashboard';
import { inUnitOfWork as write } from '../unit-of-work';
import { actorOf, adminForm, noStore, signedIn, type SignedIn } from './guard';
import { PAGE_SIZE, filtersOf, frameOf, owned } from './records';

/**
 * The bank's reports (issue #36, decision 0089): a list with the upload form (multipart, so no
 * script is needed; admins only), and a report's items with what each changed, linking that
 * payment's, mandate's or refund's page. The same service as `POST /bank_reports`: a malformed
 * file is refused with its line and nothing kept; the same file twice opens the first report.
 */
const cursor = z
  .string()
  .regex(/^[A-Z0-9]{1,40}$/)
  .optional();
const listFilter = z.object({ after: cursor, before: cursor });
const itemFilter = z.object({ after: cursor, before: cursor, outcome: z.enum(['unmatched']).optional() });
const DONE = ['imported', 'replayed'] as const;
const PAGES: Record<string, string> = { payments: 'payments', mandates: 'mandates', refunds: 'refunds' };

const at = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');
const pageOf = (f: { after?: string; before?: string }) => ({
  after: f.after,
  before: f.after ? undefined : f.before,
  limit: PAGE_SIZE,
});

async function listOf(args: LoaderFunctionArgs, who: SignedIn) {
  const { values, bad } = filtersOf(args.request, listFilter);
  const { db, bankReports } = args.context.services;
  const page = bad.length
    ? { items: [], cursors: { before: null, after: null } }
    : await bankReports.list(db, actorOf(who.user), pageOf(values));
  return {
    frame: frameOf(who),
    formats: BANK_REPORT_FORMATS,
    query: new URL(args.request.url).search,
    cursors: page.cursors,
    rows: page.items.map((r) => ({
      id: r.id,
      format: r.format,
      fileName: r.file_name,
      created: at(r.created_at),
      items: r.item_count,
      applied: r.applied_count,
      unmatched: r.unmatched_count,
    })),
  };
}

export async function presentBankReports(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  return json(
    { ...(await listOf(args, who)), errors: [] as { field: string; message: string }[] },
    { headers: noStore() },
  );
}

export async function submitBankReport(args: ActionFunctionArgs) {
  const who = await adminForm(args);
  const t = dashboardTranslator(who.language);
  const refused = async (status: 400 | 422, field: string, message: string) =>
    json({ ...(await listOf(args, who)), errors: [{ field, message }] }, { status, headers: noStore() });
  const format = BANK_REPORT_FORMATS.find((f) => f === who.form.get('format'));
  if (!format) return refused(400, 'format', t('reports.error.format'));
  const file = who.form.get('file');
  if (!file || typeof file === 'string' || file.size === 0) return refused(400, 'file', t('reports.error.file'));
  const upload = { format, fileName: file.name.slice(0, 255) || null, bytes: Buffer.from(await file.arrayBuffer()) };
  try {
    const { report, replayed } = await write(args.context, (tx) =>
      args.context.services.bankReports.importReport(tx, actorOf(who.user), upload),
    );
    const done = replayed ? 'replayed' : 'imported';
    return redirect(`/dashboard/bank-reports/${report.id}?done=${done}`, { status: 303, headers: noStore() });
  } catch (error) {
    if (!isDomainError(error) || error.reason !== 'bank_report_malformed') throw error;
    const line = Number(error.options.metadata?.line ?? 0);
    return refused(422, 'file', t('reports.error.malformed', { format, line }));
  }
}

export async function presentBankReport(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  const { db, bankReports } = args.context.services;
  const id = args.params.id ?? '';
  const report = await owned(who, () => bankReports.get(db, actorOf(who.user), id));
  const { values, bad } = filtersOf(args.request, itemFilter);
  const filter = values as z.infer<typeof itemFilter>;
  const page = bad.length
    ? { items: [], cursors: { before: null, after: null } }
    : await bankReports.items(db, actorOf(who.user), { report: report.id, outcome: filter.outcome }, pageOf(filter));
  const done = new URL(args.request.url).searchParams.get('done');
  return json(
    {
      frame: frameOf(who),
      done: DONE.find((d) => d === done) ?? null,
      unmatchedOnly: filter.outcome === 'unmatched',
      query: new URL(args.request.url).search,
      cursors: page.cursors,
      report: {
        id: report.id,
        format: report.format,
        fileName: report.file_name,
        created: at(report.created_at),
        items: report.item_count,
        applied: report.applied_count,
        unmatched: report.unmatched_count,
      },
      items: page.items.map((i) => ({
        id: i.id,
        line: i.line,
        kind: i.kind,
        reference: i.reference,
        reasonCode: i.reason_code,
        outcome: i.outcome,
        resource: i.resource_id,
        // A submission's own news has no dashboard page; the resource's id is shown as it is.
        href:
          i.resource_type && i.resource_id && PAGES[i.resource_type]
            ? `/dashboard/${PAGES[i.resource_type]}/${i.resource_id}`
            : null,
      })),
    },
    { status: bad.length ? 400 : 200, headers: noStore() },
  );
}
