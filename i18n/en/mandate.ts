import { byConsent, inParens, join, type MandateCatalogue } from '../mandate-draft';

/** The schemes' mandate texts in English (legal texts, kept whole; i18n/mandate.ts says what each must say). */
export const mandate: MandateCatalogue = {
  bacs: (c) => ({
    title: 'The Direct Debit Guarantee',
    lead: {
      title: 'Instruction to your bank or building society to pay by Direct Debit',
      paragraphs: [
        join(
          `Service user: ${c.contact}. Service User Number (SUN): ${c.id}.`,
          c.ref ? `Reference: ${c.ref}.` : 'Your Direct Debit reference will be sent to you by email.',
        ),
        `Please pay ${c.name} Direct Debits from the account detailed in this Instruction subject to the safeguards assured by the Direct Debit Guarantee. I understand that this Instruction may remain with ${c.name} and, if so, details will be passed electronically to my bank or building society.`,
      ],
    },
    paragraphs: [
      'This Guarantee is offered by all banks and building societies that accept instructions to pay Direct Debits.',
      `If there are any changes to the amount, date or frequency of your Direct Debit, ${c.name} will notify you 3 working days in advance of your account being debited or as otherwise agreed. If you request ${c.name} to collect a payment, confirmation of the amount and date will be given to you at the time of the request.`,
      `If an error is made in the payment of your Direct Debit, by ${c.name} or your bank or building society, you are entitled to a full and immediate refund of the amount paid from your bank or building society.`,
      `If you receive a refund you are not entitled to, you must pay it back when ${c.name} asks you to.`,
      `You can cancel a Direct Debit at any time by simply contacting your bank or building society. Written confirmation may be required. Please also notify ${c.name}.`,
    ],
    agreement: `By confirming, you authorise ${c.name} to collect payments from your account by Direct Debit under the Direct Debit Guarantee, and confirm that you are the account holder and the only person required to authorise debits from this account.`,
  }),
  sepa_core: (c) => ({
    title: 'SEPA Direct Debit Mandate (Core)',
    paragraphs: [
      join(
        `Creditor: ${c.contact}. Creditor identifier: ${c.id}.`,
        c.ref ? `Mandate reference (UMR): ${c.ref}.` : 'Your mandate reference (UMR) will be sent to you by email.',
        'Type of payment: recurrent.',
      ),
      `By confirming this mandate, you authorise (A) ${c.name} to send instructions to your bank to debit your account and (B) your bank to debit your account in accordance with the instructions from ${c.name}.`,
      'As part of your rights, you are entitled to a refund from your bank under the terms and conditions of your agreement with your bank. A refund must be claimed within 8 weeks starting from the date on which your account was debited. Your rights are explained in a statement that you can obtain from your bank.',
    ],
    agreement: `By confirming, you sign this SEPA Direct Debit mandate electronically and authorise ${c.name} to collect recurrent payments from your account.`,
  }),
  ach: (c) => ({
    title: 'ACH Debit Authorization',
    paragraphs: [
      join(
        byConsent(c.consent, {
          single: `I authorize ${c.name} to make a single debit from the bank account I have provided, on or after the date agreed with ${c.name}.`,
          recurring: `I authorize ${c.name} to debit the bank account I have provided on a recurring basis, on the dates and for the amounts of the agreed schedule, until I revoke this authorization.`,
          payer_initiated: `I authorize ${c.name} to debit the bank account I have provided each time I initiate a payment to ${c.name} (for example, by placing an order or confirming a purchase), for the amount of that payment, until I revoke this authorization.`,
        }),
        c.amount && `Amount: ${c.amount}.`,
        c.ref && `Authorization reference: ${c.ref}.`,
      ),
      `Originator: ${c.contact}. ACH company ID: ${c.id}.`,
      c.consent === 'recurring' &&
        'If the amount of a debit differs from the agreed amount, you will be told the amount and date at least 10 days before the debit.',
      `You may revoke this authorization at any time by contacting ${c.name}${inParens(c.email)}. To stop the next debit, please notify ${c.name} at least 3 business days before it is scheduled.`,
      'If a debit was not authorized, contact your bank promptly: you have the right to dispute it. Please print or save a copy of this authorization for your records.',
    ],
    agreement: byConsent(c.consent, {
      single: `By confirming, you authorize ${c.name} to debit your account once, as described above.`,
      recurring: `By confirming, you authorize ${c.name} to debit your account on the agreed schedule until you revoke this authorization.`,
      payer_initiated: `By confirming, you authorize ${c.name} to debit your account each time you initiate a payment, until you revoke this authorization.`,
    }),
  }),
  pad: (c) => ({
    title: c.business
      ? 'Business Pre-Authorized Debit (PAD) Agreement'
      : 'Personal Pre-Authorized Debit (PAD) Agreement',
    paragraphs: [
      join(
        `You, the payor, authorize ${c.name} (the payee) and the financial institution holding the account you have provided to debit that account in accordance with this agreement.`,
        c.business
          ? 'This is a Business PAD: the debits are for business purposes.'
          : 'This is a Personal PAD: the debits are for personal, family or household purposes.',
      ),
      join(
        byConsent(c.consent, {
          single: `This agreement covers a single debit, on the date agreed with ${c.name}.`,
          recurring:
            'Debits will be made at regular intervals, on the dates and for the amounts (fixed or variable) of the agreed schedule.',
          payer_initiated:
            'Debits will be made at irregular intervals (sporadic PADs), each one only after you have authorized it.',
        }),
        c.amount && `Amount: ${c.amount}.`,
        c.ref && `Agreement reference: ${c.ref}.`,
      ),
      `You will receive written notice of the amount and date of the first debit, and of any debit whose amount varies, at least 10 calendar days before it is made, and at least 10 days' notice of any change to this agreement, including the amount or dates of debits. This agreement will be confirmed to you in writing before the first debit.`,
      `You may cancel this agreement at any time by giving ${c.name}${inParens(c.email)} 30 days' notice. To obtain a sample cancellation form, or for more information on your right to cancel a PAD Agreement, contact your financial institution or visit www.payments.ca.`,
      'You have certain recourse rights if any debit does not comply with this agreement. For example, you have the right to receive reimbursement for any debit that is not authorized or is not consistent with this PAD Agreement. To obtain more information on your recourse rights, contact your financial institution or visit www.payments.ca.',
      `For questions about this agreement or a debit, contact ${c.contact}. Payee ID: ${c.id}.`,
    ],
    agreement: `By confirming, you authorize ${c.name} to debit your account under this ${c.business ? 'Business' : 'Personal'} PAD Agreement.`,
  }),
  becs: (c) => ({
    title: 'Direct Debit Request and Service Agreement',
    paragraphs: [
      join(
        `You request and authorise ${c.name} (Direct Entry User ID ${c.id}) to arrange, through its own financial institution, for funds to be debited from the account you have provided through the Bulk Electronic Clearing System (BECS), in accordance with this Direct Debit Request and Service Agreement.`,
        c.amount && `Amount: ${c.amount}.`,
        c.ref && `Reference: ${c.ref}.`,
      ),
      `Debits will be made on the dates and for the amounts agreed with ${c.name}. If a debit falls due on a day that is not a business day, it will be made on the next business day; if you are unsure when a debit will be processed, ask your financial institution.`,
      `${c.name} will give you at least 14 days' notice in writing before changing the terms of this agreement, including the amount or frequency of debits.`,
      `You may change, defer or stop a debit, or cancel this arrangement, by contacting ${c.name}${inParens(c.email)} or your financial institution.`,
      'You are responsible for having sufficient cleared funds in the account to meet each debit on its due date. If a debit is dishonoured, your financial institution may charge you a fee. Direct debiting is not available on all accounts: check your account details against a recent statement, and with your financial institution if you are unsure.',
      `If you believe a debit was made in error, contact ${c.name} or your financial institution as soon as possible. If the debit is found to be wrong, the amount will be refunded to your account; if not, you will be told why.`,
      `${c.name} will keep your account details and personal information confidential and use them only to process debits, to investigate a claim or dispute, or where the law requires.`,
    ],
    agreement: `By confirming, you accept this Direct Debit Request and Service Agreement and authorise ${c.name} to debit your account through BECS.`,
  }),
  becs_nz: (c) => ({
    title: 'Direct Debit Authority',
    paragraphs: [
      join(
        `You authorise your bank, until further notice in writing, to debit your account with all amounts that ${c.name} (the Initiator, authorisation code ${c.id}) initiates by direct debit, subject to your bank's terms and conditions.`,
        c.amount && `Amount: ${c.amount}.`,
        c.ref && `Reference on your bank statement: ${c.ref}.`,
      ),
      'Specific conditions relating to notices and disputes:',
      `${c.name} will notify you of the amount and date of debits at least 10 calendar days before the first debit of a regular series, or before each debit. Changes to the amount, frequency or dates of debits will be notified at least 30 days in advance (10 days if ${c.name}'s bank agrees). A debit presented again within 5 business days after being dishonoured needs no new notice, and a debit made at your own request may be notified on the same day.`,
      `If you did not receive a notice, or a debit does not match the notice, you may ask your bank to reverse it within 120 days of the debit. If you did not authorise a debit, you may ask for it to be reversed within 9 months of the first debit. For questions or disputes, contact ${c.contact}.`,
      `You can cancel this authority at any time by telling your bank in writing; please also let ${c.name} know. Your bank may also end this authority by giving you written notice.`,
    ],
    agreement: `By confirming, you give your bank this Direct Debit Authority for direct debits initiated by ${c.name}.`,
  }),
  autogiro: (c) => ({
    title: 'Consent to payment via Autogiro (Medgivande till betalning via Autogiro)',
    paragraphs: [
      join(
        `Payee: ${c.contact}. Bankgiro number: ${c.id}.`,
        c.ref ? `Payer number: ${c.ref}.` : 'Your payer number will be sent to you by email.',
      ),
      `I consent to payments being made by withdrawals from the specified account, or an account I specify later, at the request of ${c.name}, for transfer to ${c.name} via Autogiro. My bank is not obliged to verify the authority for, or to notify me in advance of, requested withdrawals. Withdrawals are charged to the account under the rules of my bank, which notifies me of them. On request, this consent can be moved to another account at my bank or to an account at another bank.`,
      `${c.name} will notify you of the amount, due date and payment method at least 8 banking days before the due date, unless you approved the withdrawal when making a purchase or order. There must be sufficient funds in the account on the due date.`,
      `You can stop a single withdrawal by contacting ${c.name} at least 2 banking days before the due date, or your bank no later than the banking day before. This consent is valid until further notice. You may revoke it at any time by contacting ${c.name} at least 5 banking days before the due date, or your bank no later than the banking day before the due date.`,
      `${c.name} may end your connection to Autogiro 30 days after notifying you, and your bank may do so 30 days after notifying you and ${c.name}.`,
      `Personal data you provide in this consent, or that is otherwise recorded in connection with it, is processed by your bank, ${c.name}, the payee's bank and Bankgirocentralen BGC AB (Bankgirot) to administer the service, including registering the consent and carrying out payments.`,
    ],
    agreement: `By confirming, you consent to ${c.name} collecting payments from your account via Autogiro.`,
  }),
  betalingsservice: (c) => ({
    title: 'Betalingsservice payment agreement',
    paragraphs: [
      join(
        `You are signing up for payments to ${c.name} through Betalingsservice. Payee: ${c.contact}. PBS number: ${c.id}.`,
        c.ref ? `Customer number: ${c.ref}.` : 'Your customer number will be sent to you by email.',
      ),
      'Your payments appear on your monthly payment overview (betalingsoversigt), which you receive before the amounts are taken from your account, so you can check them in advance.',
      'If you disagree with a payment, you can reverse it yourself through your online banking or your bank during the first 7 banking days of the month in which it is charged. After that, you can raise a claim through your bank up to 13 months after the charge date. You can cancel the agreement at any time in your online banking or through your bank.',
      `Data protection: to set up and carry out the payments, your name, CPR or CVR number, account details and payment information are processed by ${c.name} as payee, by Mastercard Payment Services Denmark A/S (formerly Nets), which operates Betalingsservice, and by your bank. Each is an independent data controller, and you can contact them for information about how your data are processed and about your rights.`,
    ],
    agreement: `By confirming, you agree that payments to ${c.name} will be taken from your account through Betalingsservice.`,
  }),
};
