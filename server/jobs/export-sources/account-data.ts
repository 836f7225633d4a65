import { serializeBankAccount } from '../../api/wire/bank-accounts';
import { serializeBillingRequest } from '../../api/wire/billing-requests';
import { serializeOutboundPayment } from '../../api/wire/outbound-payments';
import { timestamp } from '../../api/wire/present';
import type { Queryable } from '../../db/db';
import { listUsersPage } from '../../domain/dashboard-users/queries';
import type { ExportRow } from '../../domain/exports/types';
import type { Page, PageRequest } from '../../domain/shared/pagination';
import { actorOf, rangeOf, type RowPage, type SourceContext, type TypeSource } from './source';

/** A page of a resource's own list after the cursor, written through `wire`. */
async function listed<T>(
  list: (page: PageRequest) => Promise<Page<T>>,
  after: string | null,
  pageSize: number,
  wire: (item: T) => unknown,
  options: { keep?: (item: T) => boolean; idOf?: (item: T) => string } = {},
): Promise<RowPage> {
  const page = await list({ after: after ?? undefined, limit: pageSize });
  const idOf = options.idOf ?? ((item: T) => (item as { id: string }).id);
  const last = page.items.at(-1);
  return {
    rows: page.items.filter(options.keep ?? (() => true)).map(wire),
    last: last === undefined ? null : idOf(last),
    done: page.cursors.after === null,
  };
}

/**
 * The types of data this service holds besides the `*_index` ones (decision 0040), each through its
 * owner's cursor list (newest first, created in the range), written through its wire serializer:
 *
 * - `customer_bank_accounts`: as the API shows them, so only the account number's ending.
 * - `outbound_payments_index`: outbound payments (GBP only, so another currency's export is empty).
 * - `users`: the dashboard's people: email, role, created_at; never a password hash or TOTP secret.
 * - `authorisation_requests`: billing requests (what the payer is asked to authorise).
 * - `payments_import_template`: the header of a payments import (POST /payments' fields), no rows.
 */
export function accountDataSources({ services, pageSize }: SourceContext) {
  const source = (
    columns: readonly string[],
    page: (db: Queryable, row: ExportRow, after: string | null) => Promise<RowPage>,
  ): TypeSource => ({ columns, page });

  return {
    customer_bank_accounts: source(
      [
        'id',
        'created_at',
        'account_holder_name',
        'account_number_ending',
        'account_type',
        'bank_name',
        'country_code',
        'currency',
        'enabled',
        'metadata',
        'links.customer',
      ],
      (db, row, after) =>
        listed(
          (page) => services.bankAccounts.list(db, actorOf(row), { createdAt: rangeOf(row) }, page),
          after,
          pageSize,
          serializeBankAccount,
        ),
    ),

    outbound_payments_index: source(
      [
        'id',
        'created_at',
        'amount',
        'currency',
        'scheme',
        'description',
        'reference',
        'execution_date',
        'is_withdrawal',
        'status',
        'verifications.recipient_bank_account_holder_verification.result',
        'metadata',
        'links.creditor',
        'links.recipient_bank_account',
        'links.customer',
      ],
      (db, row, after) =>
        listed(
          (page) =>
            services.outboundPayments.list(
              db,
              actorOf(row),
              // The list's bounds are inclusive; the export's `to` is not.
              { createdFrom: row.created_from, createdTo: new Date(row.created_to.getTime() - 1) },
              page,
            ),
          after,
          pageSize,
          serializeOutboundPayment,
          { keep: (payment) => payment.currency === row.currency },
        ),
    ),

    users: source(['id', 'created_at', 'email', 'role'], (db, row, after) =>
      listed(
        (page) => listUsersPage(db, row.organisation_id, rangeOf(row), page),
        after,
        pageSize,
        (user) => ({ id: user.id, created_at: timestamp(user.created_at), email: user.email, role: user.role }),
      ),
    ),

    authorisation_requests: source(
      [
        'id',
        'created_at',
        'status',
        'mandate_request.currency',
        'mandate_request.scheme',
        'payment_request.amount',
        'payment_request.currency',
        'payment_request.description',
        'metadata',
        'links.customer',
        'links.customer_bank_account',
        'links.mandate_request_mandate',
        'links.payment_request_payment',
      ],
      (db, row, after) =>
        listed(
          (page) => services.billingRequests.list(db, actorOf(row), { createdAt: rangeOf(row) }, page),
          after,
          pageSize,
          (view) => serializeBillingRequest(view, { publicUrl: services.publicUrl }),
          { idOf: (view) => view.request.id },
        ),
    ),

    payments_import_template: source(
      [
        'links.mandate',
        'amount',
        'currency',
        'charge_date',
        'description',
        'reference',
        'retry_if_possible',
        'metadata',
      ],
      async () => ({ rows: [], last: null, done: true }),
    ),
  } satisfies Record<string, TypeSource>;
}
