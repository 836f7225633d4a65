import type { Queryable } from '../../db/db';
import type { BankAccountService } from '../bank-accounts/service';
import { asLink } from '../shared/lookup';
import type { CreditorService } from '../creditors/service';
import type { CustomerService } from '../customers/service';
import { idempotentCreate } from '../idempotency/service';
import { DEFAULT_SCHEME_FOR_CURRENCY, type Scheme } from '../schemes/types';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import type { Metadata } from '../shared/metadata';
import { createMandate } from './create';

export interface CreateMandateForAccount {
  reference?: string | null;
  scheme?: Scheme | null;
  payer_ip_address?: string | null;
  authorisation_source?: 'web' | 'telephone' | 'paper' | null;
  metadata?: Metadata;
  links: { customer_bank_account: string; creditor?: string | null };
}

/** The services a mandate on an existing account reads its parties through. */
export interface MandateParties {
  bankAccounts: BankAccountService;
  creditors: CreditorService;
  customers: CustomerService;
}

/** POST /mandates: a mandate on an existing customer bank account, its scheme detected from the account. */
export function createMandateForAccount(ctx: DomainContext, deps: MandateParties) {
  return async (
    tx: Queryable,
    actor: Actor,
    input: CreateMandateForAccount,
    options: { idempotencyKey?: string } = {},
  ) => {
    const bankAccount = await asLink('customer_bank_account', () =>
      deps.bankAccounts.findActive(tx, actor, input.links.customer_bank_account),
    );
    const creditor = await deps.creditors.resolve(tx, actor, input.links.creditor);
    const customer = await deps.customers.findActive(tx, actor, bankAccount.customer_id);
    return idempotentCreate(tx, ctx.clock, actor, options.idempotencyKey, () =>
      createMandate(tx, ctx, actor, {
        creditor,
        customer,
        bankAccount,
        scheme:
          input.scheme ?? DEFAULT_SCHEME_FOR_CURRENCY[bankAccount.currency as keyof typeof DEFAULT_SCHEME_FOR_CURRENCY],
        reference: input.reference,
        metadata: input.metadata,
        authorisationSource: input.authorisation_source,
        payerIpAddress: input.payer_ip_address,
      }),
    );
  };
}
