import type { Queryable } from '../../db/db';
import { findOrganisation } from '../access/queries';
import { findCreditorById } from '../creditors/queries';
import { recordEvent } from '../events/queries';
import { post } from '../ledger/service';
import { postings } from '../ledger/postings';
import {
  listPaymentsPaidOutIn,
  lockPaymentAccount,
  payoutItemTotals,
  releaseFromPayout,
  takeUnpaidIntoPayout,
} from '../ledger/queries';
import { payOutInPayout } from '../payments/bank';
import { SCHEMES_FOR_CURRENCY } from '../schemes/bank-details/countries';
import { calendarFor } from '../schemes/calendars';
import { todayIn } from '../schemes/charge-dates';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import type { Currency } from '../shared/money';
import { applyMove } from '../shared/state-machine';
import { confirmedFx, confirmPaidRates, itemiseFeeTaxes, payoutDestination } from './fx-and-taxes';
import { hasPayoutOn, insertPayout, lockDuePayouts } from './queries';
import type { OrganisationScope as PayoutScope } from '../shared/organisation-scope';
import { PAYOUT_MACHINE } from './state';
import type { PayoutRow } from './types';

/** Fees the service took: payout items that are charges, not collections. */
const FEE_ITEMS = new Set(['gocardless_fee', 'app_fee', 'surcharge_fee']);

/** Payouts in a currency follow the working days of its debit scheme's calendar (GBP: England & Wales). */
const payoutCalendar = (currency: string) =>
  calendarFor(SCHEMES_FOR_CURRENCY[currency as Currency]?.[0] ?? 'sepa_core');

const gocardless = (organisationId: string): Actor => ({
  organisationId,
  origin: 'gocardless',
  source: { type: 'gc_team' },
});

/** Two digits that stay the same for a creditor and currency: the payment account's masked ending. */
const accountEnding = (creditorId: string, currency: string) =>
  String([...`${creditorId}${currency}`].reduce((sum, c) => (sum * 31 + c.charCodeAt(0)) % 100, 7)).padStart(2, '0');

/**
 * Locks (making it on first use) the creditor's payment account in `currency`: the lock every run
 * that moves payments into a payout takes first, before any payment row, so no two runs deadlock.
 */
export async function lockFundsAccount(
  tx: Queryable,
  ctx: DomainContext,
  funds: { organisationId: string; creditorId: string; currency: string },
): Promise<void> {
  const { organisationId, creditorId, currency } = funds;
  await lockPaymentAccount(
    tx,
    {
      id: ctx.ids('paymentAccount'),
      organisation_id: organisationId,
      creditor_id: creditorId,
      currency,
      account_number_ending: accountEnding(creditorId, currency),
    },
    ctx.clock.now(),
  );
}

/**
 * Pays a creditor's unpaid confirmed funds in `currency` into a new payout, in the caller's unit of
 * work, or makes none: with no default creditor bank account for the currency (nor, for a creditor
 * paid in another currency, one in that currency with a rate to it) the funds wait; live
 * makes one payout a business day (sandbox: whenever asked); a balance of zero or less is not paid,
 * nor anything of a sandbox organisation that holds its payouts (decision 0073).
 *
 * The creditor's payment account row is the lock: two runs at once queue on it, and the second
 * finds every entry already taken (`takeUnpaidIntoPayout` only takes entries with no payout).
 */
export async function makePayout(
  tx: Queryable,
  ctx: DomainContext,
  funds: { organisationId: string; creditorId: string; currency: string },
): Promise<PayoutRow | undefined> {
  const { organisationId, creditorId, currency } = funds;
  if (ctx.environment === 'sandbox' && (await findOrganisation(tx, organisationId))?.sandbox_payouts_held) {
    return undefined;
  }
  const creditor = await findCreditorById(tx, creditorId);
  const destination = creditor && (await payoutDestination(tx, creditor, currency));
  if (!creditor || !destination) return undefined;
  const now = ctx.clock.now();
  await lockFundsAccount(tx, ctx, funds);
  const calendar = payoutCalendar(currency);
  const today = todayIn(calendar.timeZone, now);
  const live = ctx.environment === 'live';
  if (live && (!calendar.isWorkingDay(today) || (await hasPayoutOn(tx, creditorId, currency, today)))) return undefined;

  const id = ctx.ids('payout');
  const amount = await takeUnpaidIntoPayout(tx, creditorId, currency, id);
  if (amount <= 0) {
    // Refunds, failures and fees outweigh what was collected: nothing is paid, the items wait.
    await releaseFromPayout(tx, id);
    return undefined;
  }
  const totals = await payoutItemTotals(tx, id);
  const deductedFees = -totals.filter((t) => FEE_ITEMS.has(t.item_type)).reduce((sum, t) => sum + t.amount, 0);
  const taxCurrency = await itemiseFeeTaxes(tx, ctx, id, creditor);
  const payout = await insertPayout(tx, {
    id,
    organisation_id: organisationId,
    creditor_id: creditorId,
    creditor_bank_account_id: destination.accountId,
    currency,
    amount,
    deducted_fees: deductedFees,
    reference: `BANKFLOW-${id.slice(-10)}`,
    business_day: today,
    // Live money reaches the creditor's bank the next working day; the sandbox's at once.
    arrival_date: live ? calendar.addWorkingDays(today, 1) : today,
    fx_currency: destination.fx?.currency ?? null,
    estimated_exchange_rate: destination.fx?.estimatedRate ?? null,
    tax_currency: taxCurrency,
    created_at: now,
  });
  await post(tx, ctx, {
    organisationId,
    creditorId,
    currency,
    lines: postings.payoutCreated(amount),
    links: { payout: id },
  });
  for (const paymentId of await listPaymentsPaidOutIn(tx, id)) await payOutInPayout(tx, ctx, paymentId, payout);
  return payout;
}

/**
 * Pending payouts whose arrival date has come are `paid`, each with its event and money; a payout
 * in another currency converts at the rate in force now, and its rates are confirmed.
 */
export async function payDuePayouts(
  tx: Queryable,
  ctx: DomainContext,
  limit = 100,
  scope?: PayoutScope,
): Promise<number> {
  const today = ctx.clock.now().toISOString().slice(0, 10);
  const due = await lockDuePayouts(tx, today, limit, scope);
  for (const payout of due) {
    const set = await confirmedFx(tx, payout);
    const paid = await applyMove(tx, ctx, PAYOUT_MACHINE, payout, 'pay', {
      actor: gocardless(payout.organisation_id),
      set,
    });
    await confirmPaidRates(tx, ctx, paid);
  }
  return due.length;
}

/**
 * The creditor's bank sent a payout back: its items are unpaid again (the next payout takes them)
 * and the creditor hears of it (`bounced_payout`).
 */
export async function bouncePayout(tx: Queryable, ctx: DomainContext, payout: PayoutRow): Promise<PayoutRow> {
  const actor = gocardless(payout.organisation_id);
  const bounced = await applyMove(tx, ctx, PAYOUT_MACHINE, payout, 'bounce', { actor });
  await releaseFromPayout(tx, payout.id);
  await recordEvent(tx, ctx, {
    organisationId: payout.organisation_id,
    resourceType: 'creditors',
    action: 'bounced_payout',
    links: { creditor: payout.creditor_id, payout: payout.id },
    details: { origin: 'bank', cause: 'payout_bounced', description: 'A payout was returned by the creditor’s bank.' },
    source: actor.source,
  });
  return bounced;
}
