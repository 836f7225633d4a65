import type { Queryable } from '../../db/db';
import { withSavepoint } from '../../db/savepoint';
import { reasonFor, type ItemEffect } from '../bank-files/reason-codes';
import type { BankReportItem } from '../bank-port/port';
import { readBankReport } from '../bank-port/reports';
import {
  findSubmissionByFileReference,
  findSubmissionItemsByReference,
  listSubmissionItems,
  setSubmissionOutcome,
  type BankSubmissionItemRow,
} from '../bank-submissions/queries';
import type { EventDetails } from '../events/types';
import type { MandateTransferService } from '../mandate-transfers/service';
import { findMandateById } from '../mandates/queries';
import type { MandateService } from '../mandates/service';
import { MANDATE_MACHINE, type MandateMove } from '../mandates/state';
import type { MandateRow } from '../mandates/types';
import { bankMove } from '../payments/bank';
import { findPaymentById } from '../payments/queries';
import { PAYMENT_MACHINE } from '../payments/state';
import { bankRefundMove } from '../refunds/bank';
import { findRefundById } from '../refunds/queries';
import { REFUND_MACHINE } from '../refunds/state';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { isDomainError } from '../shared/errors';
import { unschedule } from '../shared/schedule';
import { canMove } from '../shared/state-machine';
import { wasApplied, type BankReportItemOutcome } from './queries';

export interface BankReportDeps {
  mandates: () => Pick<MandateService, 'bankMove'>;
  mandateTransfers: () => Pick<MandateTransferService, 'transfer'>;
}

/** What applying one item did, as its row records it. */
export interface Applied {
  outcome: BankReportItemOutcome;
  submissionItem?: BankSubmissionItemRow;
  resourceType?: string;
  resourceId?: string;
  eventId?: string;
}

/** Which kind of instruction an item's news is about, by what it does. */
const PAYMENT_EFFECTS: readonly ItemEffect[] = ['payment_failed', 'payment_charged_back'];
const MANDATE_EFFECTS: readonly ItemEffect[] = [
  'mandate_failed',
  'mandate_cancelled',
  'mandate_transferred',
  'mandate_reinstated',
  'mandate_details_changed',
  'bank_details_corrected',
];

/**
 * Applying a report's news (decision 0089): each item matched to the instruction a submission
 * sent (`bank_submission_items.reference`) and moved through that resource's machine with the
 * public API's event `details`, in the caller's transaction.
 */
export function createReportApplier(ctx: DomainContext, deps: BankReportDeps) {
  const bank = (organisationId: string): Actor => ({ organisationId, origin: 'bank', source: { type: 'gc_team' } });

  function detailsFor(item: BankReportItem, scheme: string): EventDetails {
    const reason = item.reasonCode ? reasonFor(item.reasonCode) : undefined;
    return {
      origin: 'bank',
      cause: item.cause ?? reason?.cause ?? 'other',
      description: reason?.description ?? 'Reported by the bank.',
      scheme,
      ...(item.reasonCode ? { reason_code: item.reasonCode } : {}),
    };
  }

  /** The id of the event a move just wrote on the resource (the newest naming it). */
  async function latestEventOf(tx: Queryable, organisationId: string, link: string, id: string) {
    const { rows } = await tx.query<{ id: string }>(
      'SELECT id FROM events WHERE organisation_id = $1 AND links @> $2::jsonb ORDER BY id DESC LIMIT 1',
      [organisationId, JSON.stringify({ [link]: id })],
    );
    return rows[0]?.id;
  }

  /** The instruction an item speaks of: the newest with its reference, of the kind its news concerns. */
  function pick(item: BankReportItem, candidates: BankSubmissionItemRow[]): BankSubmissionItemRow | undefined {
    const effect = item.effect;
    const wanted =
      effect && PAYMENT_EFFECTS.includes(effect)
        ? ['payments']
        : effect === 'refund_failed'
          ? ['refunds']
          : (effect && MANDATE_EFFECTS.includes(effect)) ||
              item.kind === 'mandate_cancelled' ||
              item.kind === 'mandate_amended'
            ? ['mandates', 'payments']
            : undefined;
    let found = wanted ? candidates.filter((c) => wanted.includes(c.resource_type)) : candidates;
    // A mandate's own set-up instruction first; its debits (same Bacs reference) lead to it otherwise.
    if (wanted?.[0] === 'mandates') {
      const own = found.filter((c) => c.resource_type === 'mandates');
      if (own.length) found = own;
    }
    if (item.amount !== undefined && found.some((c) => c.amount === item.amount))
      found = found.filter((c) => c.amount === item.amount);
    return found[0];
  }

  async function mandateMove(
    tx: Queryable,
    mandate: MandateRow,
    moves: readonly MandateMove[],
    details: EventDetails,
  ): Promise<boolean> {
    const move = moves.find((m) => canMove(MANDATE_MACHINE, mandate.status, m));
    if (!move) return false;
    await deps.mandates().bankMove(tx, mandate, move, details);
    return true;
  }

  /** A mandate's news: failed, cancelled, moved to new details, reinstated or accepted. */
  async function applyToMandate(tx: Queryable, item: BankReportItem, mandateId: string): Promise<boolean> {
    const mandate = await findMandateById(tx, mandateId, { lock: true });
    if (!mandate) return false;
    const details = detailsFor(item, mandate.scheme);
    const effect = item.effect;
    if (item.kind === 'accepted') return mandateMove(tx, mandate, ['activate'], details);
    switch (effect) {
      case 'mandate_failed':
        return mandateMove(tx, mandate, ['fail', 'cancel'], details);
      case 'mandate_cancelled':
        return mandateMove(tx, mandate, ['cancel'], details);
      case 'mandate_reinstated':
        return mandateMove(tx, mandate, ['reinstate'], details);
      case 'mandate_transferred':
      case 'mandate_details_changed':
      case 'bank_details_corrected': {
        const changes = bankDetailsChanges(item);
        if (!changes || !['active', 'pending_submission', 'submitted'].includes(mandate.status)) return false;
        // New details the account checks refuse are kept for a person (not applied), never a refused report.
        try {
          await withSavepoint(tx, () =>
            deps.mandateTransfers().transfer(tx, bank(mandate.organisation_id), mandate, { changes, details }),
          );
        } catch (error) {
          if (isDomainError(error)) return false;
          throw error;
        }
        return true;
      }
      default:
        return false;
    }
  }

  /** A debit's news: paid (confirmed), or failed / charged back, and what the code does to its mandate. */
  async function applyToPayment(tx: Queryable, item: BankReportItem, paymentId: string): Promise<boolean> {
    const payment = await findPaymentById(tx, paymentId, { lock: true });
    if (!payment) return false;
    const details = detailsFor(item, payment.scheme);
    if (item.kind === 'paid') {
      if (!canMove(PAYMENT_MACHINE, payment.status, 'confirm')) return false;
      await unschedule(tx, payment.id);
      await bankMove(tx, ctx, payment, 'confirm', { followUps: true });
      return true;
    }
    if (item.kind === 'accepted') return false;
    // Notifications of change and mandate news reported on a debit are the mandate's.
    if (item.effect && MANDATE_EFFECTS.includes(item.effect))
      return payment.mandate_id ? applyToMandate(tx, item, payment.mandate_id) : false;
    const move =
      item.effect === 'payment_charged_back' && canMove(PAYMENT_MACHINE, payment.status, 'charge_back')
        ? 'charge_back'
        : 'fail';
    if (!canMove(PAYMENT_MACHINE, payment.status, move)) return false;
    await unschedule(tx, payment.id);
    await bankMove(tx, ctx, payment, move, { details: { ...details, will_attempt_retry: false } });
    const consequence = item.reasonCode ? reasonFor(item.reasonCode).mandate : undefined;
    if (payment.mandate_id && (consequence === 'cancelled' || consequence === 'failed')) {
      const mandate = await findMandateById(tx, payment.mandate_id, { lock: true });
      if (mandate) await mandateMove(tx, mandate, consequence === 'failed' ? ['fail', 'cancel'] : ['cancel'], details);
    }
    return true;
  }

  async function applyToRefund(tx: Queryable, item: BankReportItem, refundId: string): Promise<boolean> {
    const refund = await findRefundById(tx, refundId, { lock: true });
    if (!refund || item.kind === 'accepted' || item.kind === 'paid') return false;
    if (!canMove(REFUND_MACHINE, refund.status, 'bounce')) return false;
    await unschedule(tx, refund.id);
    const payment = await findPaymentById(tx, refund.payment_id);
    await bankRefundMove(tx, ctx, refund, 'bounce', { details: detailsFor(item, payment?.scheme ?? '') });
    return true;
  }

  async function applyItem(tx: Queryable, organisationId: string, item: BankReportItem): Promise<Applied> {
    const candidates = item.reference ? await findSubmissionItemsByReference(tx, organisationId, item.reference) : [];
    const submissionItem = pick(item, candidates);
    if (!submissionItem) return { outcome: 'unmatched' };
    const target = {
      submissionItem,
      resourceType: submissionItem.resource_type,
      resourceId: submissionItem.resource_id,
    };
    if (item.effect === 'operations') return { ...target, outcome: 'not_applicable' };
    if (await wasApplied(tx, submissionItem.id, item.kind)) return { ...target, outcome: 'already_applied' };
    const id = submissionItem.resource_id;
    let applied = false;
    let link = 'payment';
    switch (submissionItem.resource_type) {
      case 'payments':
        applied = await applyToPayment(tx, item, id);
        break;
      case 'mandates':
        applied = await applyToMandate(tx, item, id);
        link = 'mandate';
        break;
      case 'refunds':
        applied = await applyToRefund(tx, item, id);
        link = 'refund';
        break;
      default:
        break;
    }
    if (!applied) return { ...target, outcome: 'not_applicable' };
    return { ...target, outcome: 'applied', eventId: await latestEventOf(tx, organisationId, link, id) };
  }

  /** A whole file accepted or rejected; a rejected file's instructions all fail with its code. */
  async function applySubmission(
    tx: Queryable,
    organisationId: string,
    part: NonNullable<ReturnType<typeof readBankReport>['submission']>,
  ): Promise<Applied> {
    const submission = part.reference
      ? await findSubmissionByFileReference(tx, organisationId, part.reference)
      : undefined;
    if (!submission) return { outcome: 'unmatched' };
    const target = { resourceType: 'bank_submissions', resourceId: submission.id };
    if (submission.status === 'accepted' || submission.status === 'rejected')
      return { ...target, outcome: 'already_applied' };
    await setSubmissionOutcome(
      tx,
      submission.id,
      part.accepted ? 'accepted' : 'rejected',
      part.reasonCode ?? null,
      ctx.clock.now(),
    );
    if (!part.accepted) {
      const rejection: BankReportItem = {
        line: 0,
        kind: 'rejected',
        reference: part.reference ?? '',
        reasonCode: part.reasonCode ?? 'NARR',
        cause: part.reasonCode ? reasonFor(part.reasonCode).cause : 'other',
        effect: 'payment_failed',
      };
      for (const instruction of await listSubmissionItems(tx, submission.id)) {
        if (instruction.resource_type === 'payments') await applyToPayment(tx, rejection, instruction.resource_id);
        else if (instruction.resource_type === 'mandates')
          await applyToMandate(tx, { ...rejection, effect: 'mandate_failed' }, instruction.resource_id);
        else if (instruction.resource_type === 'refunds') await applyToRefund(tx, rejection, instruction.resource_id);
      }
    }
    return { ...target, outcome: 'applied' };
  }

  return { applyItem, applySubmission };
}

/** The bank's new details as a bank account request names them, or nothing when it gave none. */
function bankDetailsChanges(item: BankReportItem) {
  const given = item.newBankDetails;
  if (!given) return undefined;
  const changes: Partial<Record<'branch_code' | 'bank_code' | 'account_number' | 'account_holder_name', string>> = {};
  if (given.sortCode) changes.branch_code = given.sortCode;
  if (given.routingNumber) changes.bank_code = given.routingNumber;
  if (given.accountNumber) changes.account_number = given.accountNumber;
  if (given.accountHolderName) changes.account_holder_name = given.accountHolderName;
  return Object.keys(changes).length ? changes : undefined;
}
