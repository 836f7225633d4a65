import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { effectiveScheme, requestCurrency } from '../../../server/domain/billing-requests/actions';
import { payerName } from '../../../server/domain/customers/name';
import { validateBankDetails } from '../../../server/domain/schemes/bank-details';
import { stripSeparators } from '../../../server/domain/schemes/bank-details/checks';
import { bankOfSortCode } from '../../../server/domain/schemes/bank-details/directory';
import { accountDetailsFor } from '../../../server/domain/schemes/payer-fields';
import type { Translate } from '../../../i18n/flow';
import { frameData, loadFlowPage, nextLocation, seeOther, type FlowPage } from '../flow';
import { collectBankAccount } from '../payer-services';
import { displayBankName } from '../bank-name';
import { afterAccountCollected } from './account-check';
import { Refusal, type StepForm } from './run-step';

/** The payer's bank account, as the request's currency identifies one (or a PayID, for PayTo). */
function layout(page: FlowPage) {
  const currency = requestCurrency(page.payer.view.request);
  const { country, details } = accountDetailsFor(currency);
  return { currency, country, fields: details, payTo: effectiveScheme(page.payer.view.request) === 'pay_to' };
}

/** A label: local details are named as their country's banks name them (a sort code, a BSB). */
function accountLabel(t: Translate, name: string, country: string | null) {
  return ['iban', 'account_type', 'account_holder_name', 'pay_id'].includes(name)
    ? t(`field.${name}`)
    : t(`field.${name}.${country}`);
}

const inputsOf = (page: FlowPage) => {
  const { fields, payTo } = layout(page);
  return ['account_holder_name', ...(payTo ? ['pay_id'] : []), ...fields];
};

const NUMERIC = new Set(['branch_code', 'bank_code', 'account_number', 'account_number_suffix']);

/**
 * Each input as wide as what it takes (GOV.UK's width classes): a UK sort code is 6 digits (8 with
 * dashes), a UK account number 8, an IBAN up to 34 characters with its spaces; other countries'
 * codes and numbers vary, so they get the wider of the sizes.
 */
function widthOf(name: string, country: string | null): string {
  if (name === 'iban') return 'width-30';
  if (name === 'account_number_suffix') return 'width-4';
  if (country === 'GB') return name === 'branch_code' ? 'width-5' : 'width-10';
  return name === 'account_number' ? 'width-20' : 'width-10';
}

/** The fields payer.js can check in the browser (see app/enhance/payer.js). */
const liveCheck = (name: string, country: string | null) =>
  name === 'iban' ? 'iban' : name === 'branch_code' && country === 'GB' ? 'sort-code' : undefined;

/** The message a field's live check shows: GOV.UK-style, naming what is wrong with the value. */
function liveMessage(page: FlowPage, check: string | undefined) {
  if (check === 'sort-code') return page.t('error.sort_code_format');
  if (check === 'iban') return page.t('error.iban_format');
  return undefined;
}

/** The fields whose bank payer.js names as soon as it is recognised (a sort code, an IBAN). */
const lookupOf = (page: FlowPage, name: string, check: string | undefined) =>
  check ? `/pay/${page.payer.flow.id}/bank-name?${name}=` : undefined;

/** The account given before, when the payer came back to change it: shown masked, kept unless replaced. */
function keptAccount(page: FlowPage) {
  const account = page.payer.view.bankAccount;
  return account && !page.payer.flow.lock_bank_account ? account : null;
}

/** The inputs that name an account (not its holder or type): all left blank keeps the one given. */
const numberInputs = (page: FlowPage) =>
  inputsOf(page).filter((name) => !['account_holder_name', 'account_type'].includes(name));

export function presentAccount(page: FlowPage) {
  const { country, fields, payTo } = layout(page);
  const kept = keptAccount(page);
  return {
    frame: frameData(page),
    payTo,
    // GOV.UK: bank details are not sent back to the browser; the account is named by its ending.
    kept: kept ? page.t('account.kept', { ending: kept.account_number_ending ?? '' }) : null,
    holder: kept?.account_holder_name ?? payerName(page.payer.view.customer),
    accountType: page.payer.flow.prefilled_bank_account?.account_type ?? 'checking',
    fields: fields.map((name) => {
      const label = accountLabel(page.t, name, country);
      const check = liveCheck(name, country);
      return {
        name,
        label,
        inputMode: NUMERIC.has(name) ? ('numeric' as const) : undefined,
        width: widthOf(name, country),
        check,
        liveError: liveMessage(page, check),
        lookup: lookupOf(page, name, check),
      };
    }),
  };
}

/**
 * The bank a sort code or IBAN belongs to, for payer.js to name under the field while the payer
 * types (JSON; nothing found is `null`, never an error). Only for a payer on the flow.
 */
export async function bankNameLookup({ request, params, context }: LoaderFunctionArgs) {
  const page = await loadFlowPage(request, params.flowId, context);
  const { currency } = layout(page);
  const query = page.url.searchParams;
  const iban = query.get('iban')?.slice(0, 64);
  const sortCode = stripSeparators(query.get('branch_code')?.slice(0, 16) ?? '');
  // A sort code alone names its bank (the account number only matters to the modulus check).
  const bankName = iban
    ? bankOfIban(iban, currency)
    : /^\d{6}$/.test(sortCode)
      ? (bankOfSortCode(sortCode)?.name ?? null)
      : null;
  return json({ bank_name: bankName && displayBankName(bankName) }, { headers: { 'cache-control': 'no-store' } });
}

/** The bank of a valid IBAN, or null: a half-typed IBAN finds nothing, and a library failing on odd input must not 500. */
function bankOfIban(iban: string, currency: string): string | null {
  try {
    const result = validateBankDetails({ iban, currency });
    return result.ok ? result.account.bankName : null;
  } catch {
    return null;
  }
}

type AccountInput = Record<string, string | undefined>;

export const accountForm: StepForm<AccountInput> = {
  step: 'account',
  schema: (page) =>
    z.object(
      Object.fromEntries(
        inputsOf(page).map((name) => [
          name,
          // A PayID may be left blank for the BSB; the account type is a choice the page preselects.
          name === 'pay_id' || name === 'account_type' ? z.string().trim().optional() : z.string().trim(),
        ]),
      ),
    ) as z.ZodType<AccountInput>,
  labels: (page) =>
    Object.fromEntries(inputsOf(page).map((name) => [name, accountLabel(page.t, name, layout(page).country)])),
  anchor: (page) => layout(page).fields.at(-1) ?? 'iban',
  async command(page, input) {
    const { country, fields } = layout(page);
    const given = (name: string) => input[name] || null;
    // Back from "Change" with nothing new entered: the account already given stays (issue #38.4).
    if (keptAccount(page) && numberInputs(page).every((name) => !given(name)))
      return seeOther(await nextLocation(page));
    const payId = given('pay_id');
    // An IBAN left blank is asked for where it is typed: the domain, given no account at all, would
    // ask for a country this page does not have (issue #38.5).
    if (fields.includes('iban') && !given('iban')) return new Refusal([{ field: 'iban', code: 'required' }]);
    await collectBankAccount(page.context, page.payer, {
      account_holder_name: given('account_holder_name'),
      ...(payId ? { pay_id: payId } : Object.fromEntries(fields.map((f) => [f, given(f)]))),
      ...(country && !payId ? { country_code: country } : {}),
    });
    return seeOther(await afterAccountCollected(page));
  },
};
