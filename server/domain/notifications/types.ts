/**
 * The mails a payer receives (issue 21). The first eight are the public API's
 * `customer_notifications` types; the others are notices the schemes or the payer pages promise
 * that a merchant cannot take over, and `billing_request_notify` is the `notify` action's link.
 */
export const NOTICE_TYPES = [
  'mandate_created',
  'payment_created',
  'payment_cancelled',
  'subscription_created',
  'subscription_cancelled',
  'instalment_schedule_created',
  'instalment_schedule_cancelled',
  'payment_failed',
  'mandate_cancelled',
  'mandate_expired',
  'refund_created',
  'billing_request_notify',
] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];

/**
 * The public API's `customer_notifications` types: the notices a merchant may take over (decision
 * 0038). `mandate_blocked` is among them although no move blocks a mandate yet: a take-over of it
 * can be set and simply never fires.
 */
export const CUSTOMER_NOTIFICATION_TYPES = [
  'payment_created',
  'payment_cancelled',
  'mandate_created',
  'mandate_blocked',
  'subscription_created',
  'subscription_cancelled',
  'instalment_schedule_created',
  'instalment_schedule_cancelled',
] as const;
export type CustomerNotificationType = (typeof CUSTOMER_NOTIFICATION_TYPES)[number];

export const isCustomerNotificationType = (type: string): type is CustomerNotificationType =>
  (CUSTOMER_NOTIFICATION_TYPES as readonly string[]).includes(type);

/** What an event tells the merchant about a notice it may send itself (`customer_notifications[]`). */
export interface CustomerNotificationRef {
  id: string;
  type: CustomerNotificationType;
  /** ISO timestamp: until then the service waits for the merchant's `handle`; after it, it sends. */
  deadline: string;
  mandatory: boolean;
}

/** Why a notice will never be sent (`failure_reason`). */
export type NoticeFailure =
  'no_usable_address' | 'hard_bounce' | 'rejected_address' | 'retries_exhausted' | 'nothing_to_send' | 'render_failed';

export interface Money {
  amount: number;
  currency: string;
}

/** Everything a template shows, gathered from the resources' owners when the notice is sent. */
export interface NoticeContent {
  type: NoticeType;
  language: string;
  to: string;
  scheme: string | null;
  customerName: string | null;
  creditor: { name: string; address: string[]; contact: string | null };
  mandateReference: string | null;
  payment?: Money & { chargeDate: string | null; reference: string | null; description: string | null };
  /** A subscription's or instalment schedule's charges ahead (at most 12). */
  schedule?: Array<Money & { chargeDate: string }>;
  scheduleName?: string | null;
  willRetry?: boolean;
  refund?: Money & { reference: string | null };
  /** The scheme's mandate text (the Direct Debit Guarantee for Bacs) for a mandate's confirmation. */
  /** `sections`: the same paragraphs under their headings (Bacs: the Instruction, then the Guarantee). */
  schemeText?: { title: string; paragraphs: string[]; sections?: { title: string; paragraphs: string[] }[] };
  /** The `notify` action's link to the hosted flow. */
  link?: string;
}

/**
 * A usable address: one mailbox, no spaces, angle brackets, quotes or line breaks (nothing that
 * could reach a header as more than an address), a dot in the domain, at most 254 characters.
 */
export function isUsableAddress(address: string | null | undefined): address is string {
  if (!address || address.length > 254) return false;
  return /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:".]+(\.[^\s@<>()[\]\\,;:".]+)+$/.test(address);
}
