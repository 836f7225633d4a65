import type { Queryable } from '../db/db';
import { findMailboxMessage, listMailboxMessages } from '../domain/notifications/mailbox-queries';
import { listNotifications, type NoticeStatus } from '../domain/notifications/queries';
import { listTakeovers, setTakeover } from '../domain/notifications/takeover-queries';
import { CUSTOMER_NOTIFICATION_TYPES, isCustomerNotificationType } from '../domain/notifications/types';
import { findCreditorById } from '../domain/creditors/queries';

/**
 * `npm run cli -- mailbox …` reads the embedded mailbox (no SMTP_URL); `notices list` shows the
 * payer-notice outbox with each notice's status and, for a failed one, its reason.
 */
export const MAILBOX_HELP = `  mailbox list [--limit <n>]                     mails kept by the embedded mailbox (no SMTP_URL), newest first
  mailbox show <MM…> [--html]                    print one mail (plain text, or its HTML part)
  notices list [--organisation <OR…>] [--status pending|sent|failed|handled]
                                                 payer notices: sent, waiting (with their next attempt, or the
                                                 merchant's deadline), failed (why) or handled by the merchant
  notices take-over --creditor <CR…> --type <type> [--revoke]
                                                 the merchant sends this notice type itself: its events carry
                                                 customer_notifications, and bankflow sends the notice at the
                                                 deadline unless the merchant handled it (${CUSTOMER_NOTIFICATION_TYPES.join(', ')})
  notices take-overs --creditor <CR…>            the types a creditor's merchant sends itself`;

/** Types a merchant may take over: the public API's customer_notifications types (decision 0038). */
const TAKEABLE = CUSTOMER_NOTIFICATION_TYPES;

type Print = (human: string, data: unknown) => void;

export async function runMailboxCommand(
  command: {
    group: string;
    creditor?: string;
    type?: string;
    revoke?: boolean;
    action?: string;
    target?: string;
    limit?: string;
    html?: boolean;
    organisation?: string;
    status?: string;
  },
  db: Queryable,
  print: Print,
  usage: (message: string) => Error,
): Promise<number> {
  const limit = command.limit === undefined ? 50 : Number(command.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
    throw usage('--limit must be a whole number from 1 to 1000');
  if (command.group === 'notices' && (command.action === 'take-over' || command.action === 'take-overs')) {
    if (!command.creditor) throw usage('--creditor is required');
    const creditor = await findCreditorById(db, command.creditor);
    if (!creditor) throw usage(`no creditor ${command.creditor}`);
    if (command.action === 'take-over') {
      const type = command.type ?? '';
      if (!isCustomerNotificationType(type)) throw usage(`--type must be one of ${TAKEABLE.join(', ')}`);
      await setTakeover(db, creditor.id, type, !command.revoke, new Date());
    }
    const types = await listTakeovers(db, creditor.id);
    print(
      types.length
        ? `${creditor.id}: the merchant sends ${types.join(', ')} itself`
        : `${creditor.id}: bankflow sends every notice`,
      { creditor: creditor.id, taken_over: types },
    );
    return 0;
  }
  if (command.group === 'notices' && command.action === 'list') {
    const status = command.status as NoticeStatus | undefined;
    if (status && !['pending', 'sent', 'failed', 'handled'].includes(status))
      throw usage('--status must be pending, sent, failed or handled');
    const rows = await listNotifications(db, { organisationId: command.organisation, status, limit });
    const line = (n: (typeof rows)[number]) =>
      [
        n.created_at.toISOString(),
        n.id,
        n.notice_type,
        n.status,
        n.status === 'failed'
          ? n.failure_reason
          : n.status === 'handled'
            ? `by the merchant (${n.action_taken_by}) at ${n.action_taken_at?.toISOString()}`
            : n.status === 'pending' && n.deadline && n.attempts === 0
              ? `taken over: sent by bankflow at ${n.deadline.toISOString()} unless handled`
              : n.status === 'pending'
                ? `next ${n.next_attempt_at?.toISOString()}`
                : '',
        n.recipient ?? '(no address)',
        `attempts ${n.attempts}`,
      ]
        .filter(Boolean)
        .join('  ');
    print(rows.map(line).join('\n') || 'No notices.', rows);
    return 0;
  }
  if (command.action === 'list') {
    const rows = await listMailboxMessages(db, { limit });
    const line = (m: (typeof rows)[number]) =>
      `${m.created_at.toISOString()}  ${m.id}  ${m.recipient}  [${m.language}]  ${m.subject}`;
    print(rows.map(line).join('\n') || 'The mailbox is empty.', rows);
    return 0;
  }
  if (command.action === 'show') {
    if (!command.target) throw usage('name a mail: mailbox show <MM…>');
    const mail = await findMailboxMessage(db, command.target);
    if (!mail) throw usage(`no mail ${command.target} in the mailbox`);
    const body = command.html ? (mail.html ?? '(this mail has no HTML part)') : mail.text_body;
    print(
      `From: ${mail.sender}\nTo: ${mail.recipient}\nSubject: ${mail.subject}\nLanguage: ${mail.language}\n\n${body}`,
      mail,
    );
    return 0;
  }
  throw usage('mailbox list | mailbox show <MM…> | notices list');
}
