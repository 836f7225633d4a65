import { mandate as en } from './en/mandate';
import { mandate as fr } from './fr/mandate';
import { mandate as de } from './de/mandate';
import { mandate as pt } from './pt/mandate';
import { mandate as es } from './es/mandate';
import { mandate as it } from './it/mandate';
import { mandate as nl } from './nl/mandate';
import { mandate as da } from './da/mandate';
import { mandate as nb } from './nb/mandate';
import { mandate as sl } from './sl/mandate';
import { mandate as sv } from './sv/mandate';
import type { Language } from './languages';
import type { MandateCatalogue } from './mandate-draft';

export { MANDATE_SCHEMES, type Consent, type Draft, type MandateScheme, type TextContext } from './mandate-draft';

/**
 * The schemes' mandate texts in every customer language (i18n/<lang>/mandate.ts): legal texts,
 * data rather than messages, so each stays a whole template per scheme and language. What each
 * scheme's text says:
 *
 * - Bacs: the instruction to the payer's bank or building society and the Direct Debit Guarantee
 *   (schemes.md § 4). The service's advance notice is 3 working days (schemes.md § 1 bacs). The
 *   Guarantee is official in English only; the other languages translate it and keep the English title.
 * - SEPA Core: the standard mandate authorisation text with the 8-week refund statement, creditor
 *   name, address and Creditor Identifier, the UMR when known, recurrent payments (schemes.md § 4).
 *   Each language follows its market's established wording of the EPC text.
 * - ACH (Nacha + Reg E): an authorisation to debit the named account, worded by consent type
 *   (one_off: one debit; recurring: debits on a schedule; standing: each debit set off by the payer's
 *   own later action), the originator and how to reach them, revocation with 3 business days' notice
 *   before the next debit, and the 10-day notice of varying amounts (schemes.md § 1, § 4).
 * - PAD (Payments Canada Rule H1): authority to debit the named account, Personal or Business PAD,
 *   the consent type (single / recurring / sporadic), 10 days' notice, cancellation on 30 days'
 *   notice with where to get a sample cancellation form, payee contact, and the recourse statement
 *   (schemes.md § 1, § 4). No waivers are made here, so none need to be shown.
 * - BECS (Australia): the Direct Debit Request authority and the essentials of the DDR Service
 *   Agreement: debit user name and User ID, debits on business days, 14 days' notice of changes, how
 *   to change, defer, stop or cancel, the payer's obligations, disputes, privacy (schemes.md § 4).
 * - BECS NZ: the Direct Debit Authority (until further notice, subject to the bank's terms), the
 *   initiator's name and 7-digit authorisation code, and the "specific conditions relating to notices
 *   and disputes": 10 days' notice, 30 (or 10) days for changes, retries within 5 business days,
 *   same-day notice for requested debits, reversal within 120 days / 9 months (schemes.md § 1, § 4).
 * - Autogiro: the Bankgirot consent text in substance (consent to withdrawals via Autogiro, notice
 *   at least 8 banking days before the due date, stopping a payment, revoking via the payee 5 banking
 *   days before or the bank, termination on 30 days' notice, personal data processed by the banks and
 *   Bankgirot), payee name and Bankgiro number (schemes.md § 1, § 4). Swedish is the original; the
 *   other languages translate it and keep the Swedish title.
 * - Betalingsservice: payments appear on the payer's monthly payment overview before they are
 *   debited, the right to reverse a payment (first 7 banking days of the month, then a bank claim up
 *   to 13 months), and the data-protection notice naming the independent controllers: the payee,
 *   Mastercard Payment Services (formerly Nets) as operator, and the payer's bank (schemes.md § 1, § 4).
 */
export const MANDATE: Record<Language, MandateCatalogue> = { en, fr, de, pt, es, it, nl, da, nb, sl, sv };
