import type { Queryable } from '../../db/db';
import type { BankAccountDetailsService } from '../bank-account-details/service';
import { checkBankAccount, type BankAccountService } from '../bank-accounts/service';
import { findBankAccount } from '../bank-accounts/queries';
import { recordEvent } from '../events/queries';
import { findMandate, moveMandateToAccount } from '../mandates/queries';
import type { MandateRow } from '../mandates/types';
import type { EventDetails } from '../events/types';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { notFound } from '../shared/errors';
import { findLatestTransfer, insertMandateTransfer } from './queries';

/**
 * Where the sandbox's payer banks move a transferred Bacs mandate: another of the reference's valid
 * test accounts (schemes.md § 2.4), so the new account passes the same checks as any other.
 */
const SANDBOX_TRANSFER_ACCOUNT = { branch_code: '089999', account_number: '66374958', country_code: 'GB' };

/**
 * A move of a mandate to new details its payer's bank reported (an ADDACS transfer, a Nacha
 * notification of change): the fields that changed, as a bank account request names them, and
 * the event's `details` (the report's cause and reason code).
 */
export interface BankReported {
  changes: Partial<Record<'branch_code' | 'bank_code' | 'account_number' | 'account_holder_name', string>>;
  details: EventDetails;
}

/** What a transferred mandate answers: the new account's details, encrypted as bank account details are. */
export interface TransferredMandate {
  encryptedCustomerBankDetails: string;
  encryptedDecryptionKey: string;
  publicKeyId: string;
  customerBankAccountId: string;
  mandateId: string;
}

/**
 * Transferred mandates: the payer's bank moved a mandate to another of the payer's accounts (in
 * the sandbox, the `mandate_transferred` simulator). The mandate then debits the new account, whose
 * full details are kept sealed like any account's and answered only encrypted to the
 * organisation's registered key, the same JWE as `GET /bank_account_details` (decision 0036).
 */
export function createMandateTransferService(
  ctx: DomainContext,
  deps: { bankAccounts: BankAccountService; bankAccountDetails: BankAccountDetailsService },
) {
  return {
    /** The bank's move: a new account for the payer, the mandate on it, a `transferred` event. */
    async transfer(tx: Queryable, actor: Actor, mandate: MandateRow, to?: BankReported): Promise<MandateRow> {
      const previous = await findBankAccount(tx, actor.organisationId, mandate.customer_bank_account_id);
      // A bank's report names what changed; the rest is the previous account's, as it was kept.
      const kept = to ? await deps.bankAccountDetails.fullDetails(tx, actor.organisationId, previous.id) : undefined;
      const account = checkBankAccount(
        to
          ? { ...localDetails(kept), account_holder_name: previous.account_holder_name, ...to.changes }
          : { ...SANDBOX_TRANSFER_ACCOUNT, account_holder_name: previous.account_holder_name },
      );
      const bank: Actor = { organisationId: actor.organisationId, origin: 'bank', source: { type: 'gc_team' } };
      const next = await deps.bankAccounts.collectForCustomer(tx, bank, mandate.customer_id, account);
      const now = ctx.clock.now();
      const moved = await moveMandateToAccount(tx, mandate.id, next.id, now);
      await insertMandateTransfer(tx, {
        id: ctx.ids('mandateTransfer'),
        organisation_id: actor.organisationId,
        mandate_id: mandate.id,
        previous_customer_bank_account_id: previous.id,
        new_customer_bank_account_id: next.id,
        created_at: now,
      });
      await recordEvent(tx, ctx, {
        organisationId: actor.organisationId,
        resourceType: 'mandates',
        action: 'transferred',
        links: {
          mandate: mandate.id,
          previous_customer_bank_account: previous.id,
          new_customer_bank_account: next.id,
        },
        details: to?.details ?? {
          origin: 'bank',
          cause: 'bank_account_transferred',
          description: "The customer's bank account was transferred to a different bank or building society.",
          scheme: mandate.scheme,
        },
        resourceMetadata: mandate.metadata,
        source: bank.source,
      });
      return moved;
    },

    /** The newest transfer's new account, encrypted; a mandate never transferred has none (404). */
    async get(db: Queryable, actor: Actor, mandateId: string): Promise<TransferredMandate> {
      const mandate = await findMandate(db, actor.organisationId, mandateId);
      const transfer = await findLatestTransfer(db, actor.organisationId, mandate.id);
      if (!transfer) throw notFound('transferred_mandates');
      const jwe = await deps.bankAccountDetails.get(db, actor, transfer.new_customer_bank_account_id);
      const header = JSON.parse(Buffer.from(jwe.protected, 'base64url').toString('utf8')) as { kid?: string };
      return {
        // The whole JWE in compact form (RFC 7516 §7.1): jose's compactDecrypt opens it with the private key.
        encryptedCustomerBankDetails: [jwe.protected, jwe.encrypted_key, jwe.iv, jwe.ciphertext, jwe.tag].join('.'),
        // The content key, wrapped (RSA-OAEP-256) to the organisation's key named by `public_key_id`.
        encryptedDecryptionKey: jwe.encrypted_key,
        publicKeyId: header.kid ?? '',
        customerBankAccountId: transfer.new_customer_bank_account_id,
        mandateId: mandate.id,
      };
    },
  };
}

export type MandateTransferService = ReturnType<typeof createMandateTransferService>;

/** The kept details without what follows from the local ones (IBAN, BIC), which a change makes stale. */
function localDetails(kept: Record<string, string> | undefined): Record<string, string> {
  const { iban: _iban, bic: _bic, ...local } = kept ?? {};
  return local;
}
