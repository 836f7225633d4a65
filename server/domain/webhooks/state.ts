import { defineMachine } from '../shared/state-machine';
import { webhooksTable } from './queries';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus, type WebhookRow } from './types';

/**
 * A delivery's states as data. It is made `pending` (due at once); each attempt the worker
 * records moves it: a 2xx answer to `succeeded`, a refusal to `retrying` (due again after a
 * backoff) or, once the retry period is over, to `failed`. A success is final, and it also ends
 * a `failed` delivery: a worker whose lease ran out may still report the answer it got after
 * another worker gave up. A manual retry is a new delivery, so no move leaves `failed` otherwise.
 *
 * Claiming (the worker's lease) is not a move: a claimed delivery keeps its state, and a lease
 * that runs out makes it claimable again. The public API has no events for deliveries, so the
 * moves write none; a refused move means another worker moved the delivery first.
 */
export const WEBHOOK_DELIVERY_MACHINE = defineMachine<
  WebhookDeliveryStatus,
  'succeed' | 'retry_later' | 'give_up',
  WebhookRow
>({
  table: webhooksTable,
  // Deliveries belong to the organisation and have no event type of their own (no event is written).
  resourceType: 'organisations',
  statuses: WEBHOOK_DELIVERY_STATUSES,
  moves: {
    succeed: {
      from: ['pending', 'retrying', 'failed'],
      to: 'succeeded',
      event: null,
      cause: 'webhook_delivered',
      refused: 'status_changed',
      idempotent: true,
    },
    retry_later: {
      from: ['pending', 'retrying'],
      to: 'retrying',
      event: null,
      cause: 'webhook_attempt_failed',
      refused: 'status_changed',
    },
    give_up: {
      from: ['pending', 'retrying'],
      to: 'failed',
      event: null,
      cause: 'webhook_retry_period_ended',
      refused: 'status_changed',
    },
  },
  links: (delivery) => ({ organisation: delivery.organisation_id }),
});

export type WebhookDeliveryMove = keyof typeof WEBHOOK_DELIVERY_MACHINE.moves;
