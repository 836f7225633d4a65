import { describe } from 'vitest';
import { REDIRECT_FLOW_MACHINE } from '../../../server/domain/redirect-flows/state';
import { walkMachine } from './walk';

/**
 * A redirect flow: the payer finishes the hosted pages once (again is harmless), then the
 * merchant's complete sets everything up once; complete before the payer is done is refused.
 */
describe('redirect flow moves', () => {
  walkMachine(REDIRECT_FLOW_MACHINE, {
    payer_complete: { from: ['created'], to: 'payer_completed', refused: 'redirect_flow_already_completed' },
    complete: { from: ['payer_completed'], to: 'completed', refused: 'redirect_flow_incomplete' },
  });
});
