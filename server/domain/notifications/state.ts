import { defineMachine, type Move } from '../shared/state-machine';
import { notificationsTable, type NoticeStatus, type NotificationRow } from './queries';

export const NOTICE_STATUSES = ['pending', 'sent', 'failed', 'handled'] as const satisfies readonly NoticeStatus[];

/**
 * The merchant's move of a notice it took over (decision 0038): `handle`, from pending, before the
 * deadline (checked by the service on the locked row: the sender claims it only once the deadline
 * has passed). Handling a handled notice answers it unchanged. The public API has no event for
 * it. The sender's own bookkeeping (sent, failed, retried) is recorded by `recordOutcome`
 * (decision 0032), not by moves.
 */
export const NOTICE_MOVES = {
  handle: {
    from: ['pending'],
    to: 'handled',
    event: null,
    cause: 'customer_notification_handled',
    refused: 'already_actioned',
    idempotent: true,
  },
} as const satisfies Record<string, Move<NoticeStatus>>;

export const NOTICE_MACHINE = defineMachine<NoticeStatus, keyof typeof NOTICE_MOVES, NotificationRow>({
  table: notificationsTable,
  // A notice is about its payer; the machine writes no event (`handle` has none).
  resourceType: 'customers',
  statuses: NOTICE_STATUSES,
  moves: NOTICE_MOVES,
  links: (n) => ({ ...n.links, ...(n.customer_id ? { customer: n.customer_id } : {}) }),
});
