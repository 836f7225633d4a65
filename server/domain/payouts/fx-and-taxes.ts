import type { Queryable } from '../../db/db';
import { findDefaultPayoutAccount } from '../creditor-bank-accounts/queries';
import type { CreditorRow } from '../creditors/types';
import { recordEvent } from '../events/queries';
import { findExchangeRate } from '../exchange-rates/queries';
import type { PayoutItemType } from '../ledger/postings';
import { confirmPaymentsFx } from '../payments/queries';
import {
  confirmTaxes,
  insertTaxes,
  listPayoutTaxes,
  listUntaxedEntries,
  type PayoutItemTaxRow,
  type TaxConfirmation,
} from '../ledger/tax-queries';
import { currencyOfCountry } from '../schemes/bank-details/countries';
import type { DomainContext } from '../shared/context';
import { convertMinorUnits, taxIncludedIn } from '../shared/exact-decimal';
import { findTaxRateOn } from '../tax-rates/queries';
import type { PayoutRow } from './types';

/**
 * Payouts in another currency and the taxes on their fees (issue #22, decision 0041).
 *
 * FX: collections in a currency the creditor has no default payout account in are paid, when the
 * operator set the creditor's `fx_payout_currency`, to its default account in that currency,
 * converted at the operator's rate. The payout keeps the collected currency (its items and the
 * ledger stay in it); the rate in force when it is made is its estimate, the rate in force when it
 * is paid is confirmed with the converted amount (`fx_rate_confirmed`).
 *
 * Taxes: the service's own fees include tax at the rate in force in the creditor's jurisdiction on
 * the fee's day; a payout shows each fee's tax part, due in the jurisdiction's currency.
 */

/** The service's own fees carry tax; an app fee is the partner's charge, not the service's. */
const TAXED_ITEM_TYPES: readonly PayoutItemType[] = ['gocardless_fee', 'surcharge_fee'];

export interface PayoutDestination {
  accountId: string;
  fx?: { currency: string; estimatedRate: string };
}

/**
 * Where the creditor's funds in `currency` are paid: its default account in that currency, else
 * (FX) its default account in its `fx_payout_currency` when the operator's rate for the pair is
 * set; undefined when neither, and the funds wait.
 */
export async function payoutDestination(
  tx: Queryable,
  creditor: CreditorRow,
  currency: string,
): Promise<PayoutDestination | undefined> {
  const own = await findDefaultPayoutAccount(tx, creditor.id, currency);
  if (own) return { accountId: own.id };
  const fxCurrency = creditor.fx_payout_currency;
  if (!fxCurrency || fxCurrency === currency) return undefined;
  const account = await findDefaultPayoutAccount(tx, creditor.id, fxCurrency);
  const rate = account && (await findExchangeRate(tx, currency, fxCurrency));
  if (!account || !rate) return undefined;
  return { accountId: account.id, fx: { currency: fxCurrency, estimatedRate: rate.rate } };
}

/**
 * Writes the tax of each fee the payout took that has none yet (a bounced payout's items keep
 * theirs) and answers the currency the payout's taxes are due in, or null when it has none. A
 * jurisdiction with no rate in force on a fee's day leaves that fee untaxed.
 */
export async function itemiseFeeTaxes(
  tx: Queryable,
  ctx: DomainContext,
  payoutId: string,
  creditor: CreditorRow,
): Promise<string | null> {
  const taxCurrency = currencyOfCountry(creditor.country_code);
  const untaxed = taxCurrency ? await listUntaxedEntries(tx, payoutId, TAXED_ITEM_TYPES) : [];
  const ratesOn = new Map<string, Awaited<ReturnType<typeof findTaxRateOn>>>();
  const taxes: PayoutItemTaxRow[] = [];
  for (const entry of untaxed) {
    if (!ratesOn.has(entry.day)) ratesOn.set(entry.day, await findTaxRateOn(tx, creditor.country_code, entry.day));
    const rate = ratesOn.get(entry.day);
    if (!rate) continue;
    // Fee entries take from the balance (negative); the tax of a fee charged is positive.
    const amount = taxIncludedIn(-entry.amount, rate.percentage);
    const sameCurrency = entry.currency === taxCurrency;
    taxes.push({
      ledger_entry_id: entry.id,
      organisation_id: entry.organisation_id,
      tax_rate_id: rate.id,
      amount,
      currency: entry.currency,
      destination_currency: taxCurrency!,
      destination_amount: sameCurrency ? amount : null,
      exchange_rate: null,
      created_at: ctx.clock.now(),
    });
  }
  await insertTaxes(tx, taxes);
  const [first] = await listPayoutTaxes(tx, payoutId, { limit: 1 });
  return first?.destination_currency ?? null;
}

/**
 * The columns the `pay` move sets on an FX payout: the rate in force now (the estimate if the pair
 * has lost its rate meanwhile, which the operator's CLI cannot do) and the amount it converts to.
 */
export async function confirmedFx(tx: Queryable, payout: PayoutRow) {
  if (!payout.fx_currency) return {};
  const current = await findExchangeRate(tx, payout.currency, payout.fx_currency);
  const rate = current?.rate ?? payout.estimated_exchange_rate!;
  return { exchange_rate: rate, fx_amount: convertMinorUnits(payout.amount, rate), estimated_exchange_rate: null };
}

/**
 * After a payout is paid: its FX rate is final (`fx_rate_confirmed`), and so are the rates of its
 * taxes in another currency than their fee's (`tax_exchange_rates_confirmed`), each converted
 * with the same rounding. A tax whose pair has no rate keeps waiting, and the event is not sent.
 */
export async function confirmPaidRates(tx: Queryable, ctx: DomainContext, payout: PayoutRow): Promise<void> {
  const event = (action: string, description: string) =>
    recordEvent(tx, ctx, {
      organisationId: payout.organisation_id,
      resourceType: 'payouts',
      action,
      links: { payout: payout.id, creditor: payout.creditor_id },
      details: { origin: 'gocardless', cause: action, description },
      source: { type: 'gc_team' },
      resourceMetadata: payout.metadata,
    });
  if (payout.fx_currency) {
    // Its payments' `fx` take the confirmed rate with the payout (the one event says so).
    await confirmPaymentsFx(tx, payout.id, payout.exchange_rate!, ctx.clock.now());
    await event('fx_rate_confirmed', 'The exchange rate for the payout has been finalised.');
  }

  const waiting = await listPayoutTaxes(tx, payout.id, { waiting: true });
  if (!waiting.length) return;
  const confirmed: TaxConfirmation[] = [];
  const rates = new Map<string, string | undefined>();
  for (const tax of waiting) {
    const pair = `${tax.currency}/${tax.destination_currency}`;
    if (!rates.has(pair)) rates.set(pair, (await findExchangeRate(tx, tax.currency, tax.destination_currency))?.rate);
    const rate = rates.get(pair);
    if (!rate) continue;
    confirmed.push({
      ledger_entry_id: tax.ledger_entry_id,
      destination_amount: convertMinorUnits(tax.amount, rate),
      exchange_rate: rate,
    });
  }
  await confirmTaxes(tx, confirmed);
  if (confirmed.length === waiting.length)
    await event('tax_exchange_rates_confirmed', 'The exchange rates for the taxes on the payout’s fees are final.');
}
