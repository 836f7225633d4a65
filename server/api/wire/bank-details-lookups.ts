import { z } from 'zod';
import { PAYER_NAME_VERIFICATION_RESULTS, type BankDetailsLookup } from '../../domain/bank-details-lookups/service';
import { SCHEMES } from '../../domain/schemes/types';

/** A bank details lookup on the wire (public API `bank_details_lookups`); nothing is stored, so no id. */
export const bankDetailsLookupWire = z.strictObject({
  bank_name: z.string().nullable(),
  bic: z.string().nullable(),
  available_debit_schemes: z.array(z.enum(SCHEMES)),
  payer_name_verification_result: z.enum(PAYER_NAME_VERIFICATION_RESULTS).nullable(),
});

/** Every field is always sent: a null says "not known" (or "no check ran"), which clients rely on. */
export const serializeBankDetailsLookup = (lookup: BankDetailsLookup): z.output<typeof bankDetailsLookupWire> => ({
  bank_name: lookup.bankName,
  bic: lookup.bic,
  available_debit_schemes: lookup.availableDebitSchemes,
  payer_name_verification_result: lookup.payerNameVerificationResult,
});
