import type { Config } from '../../config';
import type { Services } from '../../container';
import { serializeBillingRequest } from '../../domain/billing-requests/serialize';
import { serializeCreditor } from '../../domain/creditors/serialize';
import { serializeCustomer } from '../../domain/customers/serialize';
import type { EventInclude, EventRow } from '../../domain/events/types';
import { serializeInstalmentSchedule } from '../../domain/instalment-schedules/serialize';
import { serializeMandate } from '../../domain/mandates/serialize';
import { serializePayment } from '../../domain/payments/serialize';
import type { Actor } from '../../domain/shared/actor';
import { isDomainError } from '../../domain/shared/errors';
import { serializeSubscription } from '../../domain/subscriptions/serialize';

type Loader = (services: Services, config: Config, actor: Actor, id: string) => Promise<unknown>;

/**
 * How each `include` is answered: the resource, read through its own service (so the same
 * organisation scoping and visibility rules apply as on its own GET) and shown as its own GET
 * shows it. Resources this service does not have (payouts, refunds, …) are answered with an
 * empty list under their key: no event can link one.
 */
const LOADERS: Partial<Record<EventInclude, Loader>> = {
  billing_request: async (s, config, actor, id) =>
    serializeBillingRequest(await s.billingRequests.get(actor, id), config),
  creditor: async (s, _c, actor, id) => serializeCreditor(await s.creditors.get(actor, id)),
  customer: async (s, _c, actor, id) => serializeCustomer(await s.customers.get(s.db, actor, id)),
  instalment_schedule: async (s, _c, actor, id) =>
    serializeInstalmentSchedule(await s.instalmentSchedules.get(actor, id)),
  mandate: async (s, _c, actor, id) => serializeMandate(await s.mandates.get(actor, id), s.clock.now()),
  payment: async (s, _c, actor, id) => serializePayment(await s.payments.get(actor, id)),
  subscription: async (s, _c, actor, id) => serializeSubscription(await s.subscriptions.get(actor, id), s.clock.now()),
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
      load(services, config, actor, id).catch((error: unknown) => {
        if (isDomainError(error)) return undefined;
        throw error;
      }),
    ),
  );
  return { [linkedKey(include)]: loaded.filter((r) => r !== undefined) };
}
