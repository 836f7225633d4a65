import { describe } from 'vitest';
import {
  OUTBOUND_PAYMENT_IMPORT_ENTRY_MACHINE,
  OUTBOUND_PAYMENT_IMPORT_MACHINE,
} from '../../../server/domain/outbound-payment-imports/state';
import { walkMachine } from './walk';

/**
 * Decision 0043: validated to valid or invalid; only a valid import is authorised (processing
 * starts), the job finishes it; cancellable until authorised.
 */
describe('outbound payment import moves', () => {
  walkMachine(OUTBOUND_PAYMENT_IMPORT_MACHINE, {
    validate: { from: ['created', 'validating'], to: 'valid', refused: 'status_changed' },
    invalidate: { from: ['created', 'validating'], to: 'invalid', refused: 'status_changed' },
    authorise: { from: ['valid'], to: 'processing', refused: 'outbound_payment_import_not_valid' },
    finish: { from: ['processing'], to: 'processed', refused: 'status_changed' },
    cancel: { from: ['created', 'validating', 'valid', 'invalid'], to: 'cancelled', refused: 'cancellation_failed' },
  });
});

/** A valid entry is processed once, one way or the other; an invalid one never. */
describe('outbound payment import entry moves', () => {
  walkMachine(OUTBOUND_PAYMENT_IMPORT_ENTRY_MACHINE, {
    process: { from: ['valid'], to: 'processed', refused: 'status_changed' },
    fail: { from: ['valid'], to: 'failed_to_process', refused: 'status_changed' },
  });
});
