import { defineMachine } from '../shared/state-machine';
import { holderVerificationsTable } from './queries';
import type { HolderVerificationRow } from './types';

/**
 * A confirmation of payee check: `pending` while the recipient bank is asked, `completed` once its
 * answer (the result) is back. The public API has no events for verifications, so the move writes
 * none; a check completes once, so a second answer is refused.
 */
export const HOLDER_VERIFICATION_STATUSES = ['pending', 'completed'] as const;
export type HolderVerificationStatus = (typeof HOLDER_VERIFICATION_STATUSES)[number];

export const HOLDER_VERIFICATION_MACHINE = defineMachine<HolderVerificationStatus, 'complete', HolderVerificationRow>({
  table: holderVerificationsTable,
  resourceType: 'organisations',
  statuses: HOLDER_VERIFICATION_STATUSES,
  moves: {
    complete: {
      from: ['pending'],
      to: 'completed',
      event: null,
      cause: 'bank_account_holder_verification_completed',
      refused: 'status_changed',
    },
  },
  links: (verification) => ({ customer_bank_account: verification.customer_bank_account_id }),
});
