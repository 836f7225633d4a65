import type { Config } from '../../config';
import type { Services } from '../../container';
import { serializeBillingRequest } from '../wire/billing-requests';
import { serializeCreditor } from '../wire/creditors';
import { serializeCustomer } from '../wire/customers';
import type { Queryable } from '../../db/db';
import type { EventInclude, EventRow } from '../../domain/events/types';
import { serializeInstalmentSchedule } from '../wire/instalment-schedules';
import { serializeMandate } from '../wire/mandates';
import { serializeOutboundPayment } from '../wire/outbound-payments';
import { serializePayment } from '../wire/payments';
import { serializeRefund } from '../wire/refunds';
import { serializePayout } from '../wire/payouts';
import type { Actor } from '../../domain/shared/actor';
import { isDomainError } from '../../domain/shared/errors';
import { serializeSchemeIdentifier } from '../wire/scheme-identifiers';
import { serializeSubscription } from '../wire/subscriptions';

type Loader = (services: Services, db: Queryable, config: Config, actor: Actor, id: string) => Promise<unknown>;

/**
 * How each `include` is answered: the resource, read through its own service (so the same
 * organisation scoping and visibility rules apply as on its own GET) and shown as its own GET
 * shows it. Resources this service does not have (…) are answered with an
 * empty list under their key: no event can link one.
 */
const LOADERS: Partial<Record<EventInclude, Loader>> = {
  billing_request: async (s, db, config, actor, id) =>
    serializeBillingRequest(await s.billingRequests.get(db, actor, id), config),
  creditor: async (s, db, _c, actor, id) =>
    serializeCreditor(
      await s.creditors.get(db, actor, id),
      await s.creditorBankAccounts.defaultsOf(db, [id]),
      await s.schemeIdentifiers.ofCreditors(db, [id]),
    ),
  customer: async (s, db, _c, actor, id) => serializeCustomer(await s.customers.get(db, actor, id)),
  instalment_schedule: async (s, db, _c, actor, id) =>
    serializeInstalmentSchedule(await s.instalmentSchedules.get(db, actor, id)),
  mandate: async (s, db, _c, actor, id) => serializeMandate(await s.mandates.get(db, actor, id), s.clock.now()),
  outbound_payment: async (s, db, _c, actor, id) =>
    serializeOutboundPayment(await s.outboundPayments.get(db, actor, id)),
  payment: async (s, db, _c, actor, id) => serializePayment(await s.payments.get(db, actor, id)),
  refund: async (s, db, _c, actor, id) => serializeRefund(await s.refunds.get(db, actor, id)),
  payout: async (s, db, _c, actor, id) => serializePayout(await s.payouts.get(db, actor, id)),
  subscription: async (s, db, _c, actor, id) =>
    serializeSubscription(await s.subscriptions.get(db, actor, id), s.clock.now()),
  scheme_identifier: async (s, db, _c, actor, id) =>
    serializeSchemeIdentifier(await s.schemeIdentifiers.get(db, actor, id)),
};

/** The plural response key of an include (`mandate` → `mandates`). */
export const linkedKey = (include: EventInclude) => `${include}s`;

/**
 * `linked: { <plural>: [...] }` for a page of events: each resource the page's events link under
 * `include`, once, in the order first linked. One that is gone (a removed customer) is left out
 * rather than failing the list.
 */
export async function linkedResources(
  services: Services,
  db: Queryable,
  config: Config,
  actor: Actor,
  include: EventInclude,
  events: EventRow[],
): Promise<Record<string, unknown[]>> {
  const load = LOADERS[include];
  const ids = [...new Set(events.map((e) => e.links[include]).filter((id): id is string => Boolean(id)))];
  if (!load) return { [linkedKey(include)]: [] };
  const loaded = await Promise.all(
    ids.map((id) =>
      load(services, db, config, actor, id).catch((error: unknown) => {
        if (isDomainError(error)) return undefined;
        throw error;
      }),
    ),
  );
  return { [linkedKey(include)]: loaded.filter((r) => r !== undefined) };
}
