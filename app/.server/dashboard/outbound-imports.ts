import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { OUTBOUND_PAYMENT_IMPORT_MACHINE } from '../../../server/domain/outbound-payment-imports/state';
import type { OutboundPaymentImportEntryRow } from '../../../server/domain/outbound-payment-imports/types';
import { canMove } from '../../../server/domain/shared/state-machine';
import { isDomainError } from '../../../server/domain/shared/errors';
import { dashboardTranslator } from '../../../i18n/dashboard';
import { MAX_ENTRY_ITEMS } from '../../../server/domain/outbound-payment-imports/rules';
import { inUnitOfWork as write } from '../unit-of-work';
import { actorOf, adminForm, dashboardError, noStore, signedIn, type SignedIn } from './guard';
import { frameOf, owned } from './records';

/**
 * An outbound payment import's `authorisation_url`: the page shows its entries, each with its
 * amount, recipient, reference and what is wrong with it, the sum the import would send, and to an
 * admin the Authorise and Cancel buttons (plain forms with the CSRF token, so it works without
 * JavaScript). A viewer's POST is the 403 page before anything is read; another organisation's
 * import is 404; what the service refuses (not valid, already authorised) is shown with its reason
 * (422) and nothing is written. Decision 0043.
 */
const INTENTS = ['authorise', 'cancel'] as const;

/** `amount: too_small; reference: too_long` — an entry's problems as one line, or null. */
function problemsOf(errors: OutboundPaymentImportEntryRow['validation_errors']): string | null {
  if (!errors) return null;
  const fields = Object.entries(errors.outbound_payment) as [string, string[] | undefined][];
  return fields.map(([field, codes]) => `${field}: ${(codes ?? []).join(', ')}`).join('; ');
}

/** An outbound payment import and all its entries (at most `MAX_ENTRY_ITEMS`), oldest first (decision 0043). */
async function importOf(args: LoaderFunctionArgs, who: SignedIn, id: string) {
  const { db, outboundPaymentImports } = args.context.services;
  const row = await outboundPaymentImports.get(db, actorOf(who.user), id);
  const page = await outboundPaymentImports.listEntries(db, actorOf(who.user), id, { limit: MAX_ENTRY_ITEMS });
  return { row, entries: [...page.items].reverse() };
}

async function importPage(args: LoaderFunctionArgs, who: SignedIn) {
  const { row, entries } = await owned(who, () => importOf(args, who, args.params.id ?? ''));
  return {
    frame: frameOf(who),
    outboundImport: {
      id: row.id,
      status: row.status,
      currency: row.currency,
      amountSum: row.amount_sum,
      total: row.total_count,
      valid: row.valid_count,
      processed: row.processed_count,
      failed: row.failed_to_process_count,
    },
    entries: entries.map((e) => ({
      id: e.id,
      amount: e.amount,
      reference: e.reference,
      recipient: e.recipient_bank_account_id,
      problems: problemsOf(e.validation_errors),
      payment: e.outbound_payment_id,
    })),
    // The buttons the machine's moves allow from here (the service still decides on POST).
    offers: {
      authorise: canMove(OUTBOUND_PAYMENT_IMPORT_MACHINE, row.status, 'authorise'),
      cancel: canMove(OUTBOUND_PAYMENT_IMPORT_MACHINE, row.status, 'cancel'),
    },
  };
}

export async function presentOutboundImport(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  const done = new URL(args.request.url).searchParams.get('done');
  return json(
    {
      ...(await importPage(args, who)),
      done: INTENTS.find((i) => i === done) ?? null,
      error: null as string | null,
    },
    { headers: noStore() },
  );
}

export async function submitOutboundImport(args: ActionFunctionArgs) {
  const who = await adminForm(args);
  const t = dashboardTranslator(who.language);
  const page = await importPage(args, who);
  const shown = { ...page, done: null };
  const intent = INTENTS.find((i) => i === who.form.get('intent'));
  if (!intent) return json({ ...shown, error: t('imports.bad_intent') }, { status: 400, headers: noStore() });
  const id = page.outboundImport.id;
  try {
    const imports = args.context.services.outboundPaymentImports;
    // A person's authorisation starts the processing; its event's source is the user.
    await write(args.context, (tx) =>
      intent === 'authorise'
        ? imports.authorise(tx, actorOf(who.user), who.user.id, id)
        : imports.cancel(tx, actorOf(who.user), id),
    );
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.reason === 'resource_not_found') dashboardError(404, who.language, 'not_found');
    return json(
      { ...shown, error: t('records.refused', { reason: error.reason }), reason: error.reason as string },
      { status: 422, headers: noStore() },
    );
  }
  return redirect(`/dashboard/outbound-payment-imports/${id}?done=${intent}`, { status: 303, headers: noStore() });
}
