import { z } from 'zod';
import { EVENT_INCLUDES, type EventInclude } from '../../domain/events/types';
import { billingRequestWire } from './billing-requests';
import { creditorWire } from './creditors';
import { customerWire } from './customers';
import { instalmentScheduleWire } from './instalment-schedules';
import { mandateWire } from './mandates';
import { outboundPaymentWire } from './outbound-payments';
import { paymentWire } from './payments';
import { refundWire } from './refunds';
import { payoutWire } from './payouts';
import { schemeIdentifierWire } from './scheme-identifiers';
import { subscriptionWire } from './subscriptions';

/** Resources an `include` can bring; the rest (…) do not exist here: always `[]`. */
const INCLUDED: Partial<Record<EventInclude, z.ZodType>> = {
  billing_request: billingRequestWire,
  creditor: creditorWire,
  customer: customerWire,
  instalment_schedule: instalmentScheduleWire,
  mandate: mandateWire,
  outbound_payment: outboundPaymentWire,
  payment: paymentWire,
  refund: refundWire,
  payout: payoutWire,
  subscription: subscriptionWire,
  scheme_identifier: schemeIdentifierWire,
};

/** `linked` of the events list with `include`: `{ <plural>: [...] }`, each shown as its own GET shows it. */
export const eventsLinkedWire = z.strictObject(
  Object.fromEntries(
    EVENT_INCLUDES.map((include) => [`${include}s`, z.array(INCLUDED[include] ?? z.never()).optional()]),
  ),
);
