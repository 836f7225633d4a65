import { describe } from 'vitest';
import { HOLDER_VERIFICATION_MACHINE } from '../../../server/domain/account-holder-verifications/state';
import { walkMachine } from './walk';

/** A confirmation-of-payee check completes once, when the bank's answer is back. */
describe('bank account holder verification moves', () => {
  walkMachine(HOLDER_VERIFICATION_MACHINE, {
    complete: { from: ['pending'], to: 'completed', refused: 'status_changed' },
  });
});
