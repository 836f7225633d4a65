import type { Catalogue } from '../lookup';

/**
 * The payer mails' words in English: the reference the other languages translate. `{creditor}`,
 * `{name}` are filled in with escaped values by the templates (React escapes them in HTML; the text
 * part is plain text). `subject.<notice>` and `intro.<notice>` exist for every notice type.
 */
export const mail = {
  'subject.mandate_created': 'Your Direct Debit with {creditor} is set up',
  'subject.payment_created': '{creditor} will collect a payment from you',
  'subject.payment_cancelled': 'A payment to {creditor} has been cancelled',
  'subject.subscription_created': 'Your regular payments to {creditor}',
  'subject.subscription_cancelled': 'Your regular payments to {creditor} have been cancelled',
  'subject.instalment_schedule_created': 'Your instalments to {creditor}',
  'subject.instalment_schedule_cancelled': 'Your instalments to {creditor} have been cancelled',
  'subject.payment_failed': 'A payment to {creditor} failed',
  'subject.mandate_cancelled': 'Your Direct Debit with {creditor} has been cancelled',
  'subject.mandate_expired': 'Your Direct Debit with {creditor} has expired',
  'subject.refund_created': '{creditor} is refunding you',
  'subject.billing_request_notify': '{creditor} asks you to set up a payment',
  'intro.mandate_created':
    '{creditor} can now collect payments from your bank account. These are the details you agreed to.',
  'intro.payment_created':
    '{creditor} will collect this payment from your bank account on or soon after the date below.',
  'intro.payment_cancelled': 'This payment will not be collected.',
  'intro.subscription_created': '{creditor} will collect these payments from your bank account.',
  'intro.subscription_cancelled': 'No further payments of this series will be collected.',
  'intro.instalment_schedule_created': '{creditor} will collect these instalments from your bank account.',
  'intro.instalment_schedule_cancelled': 'No further instalments of this schedule will be collected.',
  'intro.payment_failed': 'Your bank did not make this payment.',
  'intro.mandate_cancelled':
    '{creditor} can no longer collect payments from your bank account with this authorisation.',
  'intro.mandate_expired': 'This authorisation has not been used for a long time and can no longer be used.',
  'intro.refund_created': 'The amount below is on its way back to your bank account.',
  'intro.billing_request_notify': '{creditor} has asked you to complete a payment set-up.',
  greeting: 'Hello {name},',
  greetingAnonymous: 'Hello,',
  amount: 'Amount',
  chargeDate: 'Charge date',
  reference: 'Reference',
  mandateReference: 'Reference on your bank statement',
  description: 'Description',
  scheduleAhead: 'Payments ahead',
  retryYes: 'It will be tried again; you will be told the new date in advance.',
  retryNo: 'It will not be tried again. Please contact {creditor} to arrange payment.',
  howToCancel: 'You can cancel at any time by contacting {creditor} or your bank.',
  creditorDetails: 'Collected by',
  footer: 'You receive this mail because {creditor} collects payments from your bank account.',
  continue: 'Continue here',
  // Issue #38: resuming on another device, after a code to the payer's email (decision 0093).
  'resume_code.subject': 'Your code to carry on paying {creditor}',
  'resume_code.body':
    'Your code is {code}. Enter it on the page that asked for it to carry on where you left off paying {creditor}.',
  'resume_code.expiry': 'The code works for {minutes} minutes, once.',
  'resume_code.ignore':
    'If you did not ask for it, you can ignore this email: nobody sees your answers without the code.',
} as const;

export type MailMessageKey = keyof typeof mail;

/** A language's mail catalogue: every key (see ENGLISH_FALLBACK in i18n/lookup.ts for the exceptions). */
export type MailCatalogue = Catalogue<MailMessageKey, 'mail'>;
