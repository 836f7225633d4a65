import { z } from 'zod';
import { effectiveScheme, mandateSpec } from '../../../server/domain/billing-requests/actions';
import { payerName } from '../../../server/domain/customers/name';
import { stepsFor } from '../../../server/domain/flows/steps';
import { mandateText } from '../../../server/domain/schemes/mandate-text';
import { schemeContact } from '../../../server/domain/schemes/contact';
import { accountRows, type SummaryRow } from '../account-display';
import { changeHref, frameData, nextLocation, seeOther, stepPath, type FlowPage } from '../flow';
import { accountDetailsOf, confirmPayerDetails, creditorIdentifierOf, environmentOf } from '../payer-services';
import { displayBankName } from '../bank-name';
import { Refusal, type StepForm } from './run-step';

/** An address as a letter shows it: one line each, the country named in the payer's language. */
function addressLines(page: FlowPage, parts: (string | null | undefined)[], country: string | null | undefined) {
  const names = new Intl.DisplayNames([page.language, 'en'], { type: 'region' });
  const countryName = country ? (names.of(country) ?? country) : null;
  return [...parts, countryName].filter((part): part is string => Boolean(part && part.trim()));
}

/** Bacs asks whether the payer alone may authorise debits: a joint-signature account needs paper. */
const asksSoleSignatory = (page: FlowPage) => effectiveScheme(page.payer.view.request) === 'bacs';

/**
 * The check-answers page: one summary list per section (your details, your bank account, what you
 * are agreeing to) with a Change link each, then the scheme's text in full and its agreement.
 */
export async function presentConfirm(page: FlowPage) {
  const { view, flow } = page.payer;
  const { customer, billingDetail, bankAccount, request: br } = view;
  const { t } = page;
  const { creditor } = page;
  const scheme = effectiveScheme(br);
  const summary = frameData(page).summary;
  const creditorAddress = addressLines(
    page,
    [
      creditor.address_line1,
      creditor.address_line2,
      creditor.address_line3,
      creditor.city,
      creditor.region,
      creditor.postal_code,
    ],
    creditor.country_code,
  );
  // Only a mandate has a text (and the creditor's identifier in its scheme).
  const mandate = Boolean(mandateSpec(br));
  const creditorIdentifier = mandate ? await creditorIdentifierOf(page.context, creditor, scheme) : null;
  // A live creditor without the contact its scheme needs took no such mandate; the sandbox names its own.
  const contact = schemeContact(creditor, scheme, environmentOf(page.context));
  const text = mandate
    ? mandateText(scheme, page.language, {
        creditorName: creditor.name,
        // The scheme's text names the address as its letters do (one line); the list shows it in full.
        creditorAddress:
          [creditor.address_line1, creditor.city, creditor.postal_code].filter(Boolean).join(', ') || null,
        creditorIdentifier: creditorIdentifier ?? '',
        creditorEmail: contact?.email ?? null,
        creditorPhone: contact?.phone ?? null,
        consentType: br.mandate_request?.consent_type ?? null,
        businessPad: Boolean(customer.company_name),
        amountDescription: summary.amount,
      })
    : null;
  const you: SummaryRow[] = [
    { label: t('confirm.name'), lines: [payerName(customer)] },
    ...(customer.company_name ? [{ label: t('field.company_name'), lines: [customer.company_name] }] : []),
    ...(customer.email ? [{ label: t('field.email'), lines: [customer.email] }] : []),
  ];
  const address = addressLines(
    page,
    [
      billingDetail.address_line1,
      billingDetail.address_line2,
      billingDetail.city,
      billingDetail.region,
      billingDetail.postal_code,
    ],
    billingDetail.country_code,
  );
  if (address.length) you.push({ label: t('confirm.address'), lines: address });
  // The bank gives the account when the payer authorises there, after this page: named by its bank.
  const institution = br.institution?.name ?? null;
  const accountFromBank = !bankAccount && institution !== null;
  const account: SummaryRow[] | null = accountFromBank
    ? [
        { label: t('confirm.bank'), lines: [institution] },
        { label: t('confirm.account_number'), lines: [t('confirm.account_at_bank', { bank: institution })] },
      ]
    : bankAccount
      ? [
          { label: t('field.account_holder_name'), lines: [bankAccount.account_holder_name ?? ''] },
          ...(bankAccount.bank_name
            ? [{ label: t('confirm.bank'), lines: [displayBankName(bankAccount.bank_name)] }]
            : []),
          ...accountRows(t, bankAccount, await accountDetailsOf(page.context, page.payer, bankAccount.id)),
        ]
      : null;
  const agreeing: SummaryRow[] = [
    { label: t('summary.payee'), lines: [creditor.name] },
    ...(creditorAddress.length ? [{ label: t('confirm.creditor_address'), lines: creditorAddress }] : []),
    ...(summary.lines.length ? [{ label: t('summary.what'), lines: summary.lines }] : []),
    ...(summary.description ? [{ label: t('summary.description'), lines: [summary.description] }] : []),
    ...(summary.reference ? [{ label: t('summary.reference'), lines: [summary.reference] }] : []),
  ];
  // The identifier is shown once: in the scheme's text when it names it, else as its own row.
  if (creditorIdentifier && text && !text.paragraphs.some((p) => p.includes(creditorIdentifier)))
    agreeing.push({ label: t('confirm.creditor_identifier'), lines: [creditorIdentifier] });
  return {
    frame: frameData(page),
    you,
    account,
    agreeing,
    text,
    askSoleSignatory: asksSoleSignatory(page),
    confirmHref: stepPath(flow.id, 'confirm'),
    notSoleSignatory: page.url.searchParams.get('signatory') === 'no' && asksSoleSignatory(page),
    change: {
      details: changeHref(page, 'details'),
      account: changeHref(page, accountFromBank ? 'bank' : 'account'),
    },
    // The bank authorisation comes last: the payer is told it is still to come, and where.
    nextAtBank: stepsFor(view, flow).includes('authorise') ? (institution ?? t('bankpage.title')) : null,
  };
}

/** The token, and for Bacs the answer to "can you authorise Direct Debits on this account by yourself?". */
const schema = z.object({ sole_signatory: z.enum(['yes', 'no']).optional() });

export const confirmForm: StepForm<z.infer<typeof schema>> = {
  step: 'confirm',
  schema: () => schema,
  labels: (page): Record<string, string> =>
    asksSoleSignatory(page) ? { sole_signatory: page.t('confirm.sole_signatory') } : {},
  anchor: () => 'confirm',
  async command(page, input) {
    if (asksSoleSignatory(page)) {
      if (!input.sole_signatory) return new Refusal([{ field: 'sole_signatory', code: 'required' }]);
      // A joint account cannot be debited on one signature: explain, set nothing up.
      if (input.sole_signatory === 'no') return seeOther(`${stepPath(page.payer.flow.id, 'confirm')}?signatory=no`);
    }
    await confirmPayerDetails(page.context, page.payer);
    return seeOther(await nextLocation(page));
  },
};
