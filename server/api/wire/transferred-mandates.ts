import { z } from 'zod';
import type { TransferredMandate } from '../../domain/mandate-transfers/service';

/** A transferred mandate on the wire (public API `transferred_mandates`): the new account, encrypted. */
export const transferredMandateWire = z.strictObject({
  encrypted_customer_bank_details: z.string(),
  encrypted_decryption_key: z.string(),
  public_key_id: z.string(),
  links: z.strictObject({ customer_bank_account: z.string(), mandate: z.string() }),
});

export const serializeTransferredMandate = (t: TransferredMandate): z.output<typeof transferredMandateWire> => ({
  encrypted_customer_bank_details: t.encryptedCustomerBankDetails,
  encrypted_decryption_key: t.encryptedDecryptionKey,
  public_key_id: t.publicKeyId,
  links: { customer_bank_account: t.customerBankAccountId, mandate: t.mandateId },
});
