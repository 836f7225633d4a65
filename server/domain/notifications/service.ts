import type { Queryable } from '../../db/db';
import type { BillingRequestCore } from '../billing-requests/service';
import type { FlowService } from '../flows/service';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { validationFailed } from '../shared/errors';
import { checkMerchantUri } from '../flows/service';
import type { Mailer } from './mailer';
import { notificationEmail } from './templates';

interface NotificationRow {
  id: string;
  organisation_id: string;
  billing_request_id: string;
  notification_type: string;
  recipient: string;
  redirect_uri: string | null;
  created_at: Date;
  sent_at: Date | null;
}

/**
 * Billing request `notify`: e-mails the payer a link to a flow for the request. The notification
 * is recorded with the request's other changes; the mail goes out after commit (never inside a
 * transaction) and unsent ones are retried by `deliverPending`.
 */
export function createNotificationService(
  ctx: DomainContext,
  deps: { billingRequests: BillingRequestCore; flows: FlowService; mailer: Mailer },
) {
  async function deliverPending(limit = 50): Promise<number> {
    let sent = 0;
    for (let i = 0; i < limit; i++) {
      const delivered = await ctx.db.transaction(async (tx) => {
        const { rows } = await tx.query<
          NotificationRow & { language: string | null; creditor_name: string; flow_id: string }
        >(
          `SELECT n.*, c.language, cr.name AS creditor_name,
             (SELECT f.id FROM billing_request_flows f WHERE f.billing_request_id = n.billing_request_id ORDER BY f.id DESC LIMIT 1) AS flow_id
           FROM notifications n
           JOIN billing_requests br ON br.id = n.billing_request_id
           JOIN customers c ON c.id = br.customer_id
           JOIN creditors cr ON cr.id = br.creditor_id
           WHERE n.sent_at IS NULL ORDER BY n.created_at LIMIT 1 FOR UPDATE OF n SKIP LOCKED`,
        );
        const n = rows[0];
        if (!n) return false;
        const link = `${ctx.publicUrl}/pay/${n.flow_id}`;
        // Sending inside the row lock keeps two processes from mailing one notification twice;
        // the transaction holds no other locks, and a failed send leaves the row for a retry.
        await deps.mailer.send(
          notificationEmail({ to: n.recipient, language: n.language ?? 'en', creditorName: n.creditor_name, link }),
        );
        await tx.query('UPDATE notifications SET sent_at = $2 WHERE id = $1', [n.id, ctx.clock.now()]);
        return true;
      });
      if (!delivered) break;
      sent++;
    }
    return sent;
  }

  return {
    deliverPending,

    async notify(actor: Actor, id: string, input: { notification_type: 'email'; redirect_uri?: string | null }) {
      const view = await deps.billingRequests.act(actor, id, null, async (tx: Queryable, current) => {
        const email = current.customer.email;
        if (!email) throw validationFailed([{ field: 'notification_type', code: 'customer_email_required' }]);
        if (input.redirect_uri) {
          const issue = checkMerchantUri(input.redirect_uri, 'redirect_uri', ctx.environment);
          if (issue) throw validationFailed([issue]);
        }
        const { rows } = await tx.query<{ id: string; expires_at: Date }>(
          'SELECT id, expires_at FROM billing_request_flows WHERE billing_request_id = $1 ORDER BY id DESC LIMIT 1',
          [id],
        );
        const usable = rows[0] && rows[0].expires_at.getTime() > ctx.clock.now().getTime();
        if (!usable)
          await deps.flows.createInTx(tx, actor, { redirect_uri: input.redirect_uri, links: { billing_request: id } });
        await tx.query(
          `INSERT INTO notifications (id, organisation_id, billing_request_id, notification_type, recipient, redirect_uri, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [
            ctx.ids('notification'),
            actor.organisationId,
            id,
            input.notification_type,
            email,
            input.redirect_uri ?? null,
            ctx.clock.now(),
          ],
        );
        return null;
      });
      // After commit: send now; what fails is retried by the periodic job.
      void deliverPending().catch((error) => ctx.logger.warn('notification delivery failed', { error: String(error) }));
      return view;
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
