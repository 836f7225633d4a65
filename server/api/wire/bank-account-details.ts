import { z } from 'zod';

const base64url = z.string().regex(/^[A-Za-z0-9_-]*$/);

/** Bank account details on the wire (public API `bank_account_details`): a flattened JWE, five base64url fields. */
export const bankAccountDetailsWire = z.strictObject({
  protected: base64url,
  encrypted_key: base64url,
  iv: base64url,
  ciphertext: base64url,
  tag: base64url,
});

export const serializeBankAccountDetails = (jwe: z.output<typeof bankAccountDetailsWire>) => ({
  protected: jwe.protected,
  encrypted_key: jwe.encrypted_key,
  iv: jwe.iv,
  ciphertext: jwe.ciphertext,
  tag: jwe.tag,
});
