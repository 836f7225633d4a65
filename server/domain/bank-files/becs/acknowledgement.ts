import { refuse } from '../errors';
import { children, child, parseXml, textOf } from '../xml';

/**
 * NAB's XML acknowledgement of an uploaded file (formats.md § 4.3, samples/becs/*.ack): a
 * `MessageAcknowledgement` (`RECEIVED` or `REJECTED`, on receipt) or a `PaymentsAcknowledgement`
 * (`info` when processed, `error` when the payment file was rejected), naming the file we
 * uploaded. It speaks of the whole file; the issues are the bank's own text.
 */

export interface NabAcknowledgement {
  kind: 'message' | 'payment';
  status: string;
  accepted: boolean;
  originalFilename: string;
  originalMessageId?: string;
  paymentId?: string;
  customerId?: string;
  issues: Array<{ line: number; type: string; text: string }>;
}

const ACCEPTED: Record<string, Record<string, boolean>> = {
  MessageAcknowledgement: { RECEIVED: true, REJECTED: false },
  PaymentsAcknowledgement: { info: true, error: false },
};

export function readNabAcknowledgement(xml: string): NabAcknowledgement {
  const root = parseXml(xml);
  const statuses = ACCEPTED[root.name];
  if (!statuses) return refuse('unknown_report', `<${root.name}> is not a NAB acknowledgement`, root.line);
  const status = root.attributes.type ?? '';
  const accepted = statuses[status];
  if (accepted === undefined) return refuse('malformed_report', `unknown acknowledgement type "${status}"`, root.line);
  const payment = root.name === 'PaymentsAcknowledgement';
  const details = payment ? root : child(root, 'MessageDetails');
  const originalFilename = textOf(details, 'OriginalFilename');
  if (!originalFilename) return refuse('malformed_report', 'the acknowledgement names no file', root.line);
  return {
    kind: payment ? 'payment' : 'message',
    status,
    accepted,
    originalFilename,
    originalMessageId: textOf(details, 'OriginalMessageId'),
    paymentId: textOf(root, 'PaymentId'),
    customerId: textOf(root, 'CustomerId'),
    issues: children(child(root, 'Issues'), 'Issue').map((issue) => ({
      line: issue.line,
      type: issue.attributes.type ?? '',
      text: issue.text.trim(),
    })),
  };
}
