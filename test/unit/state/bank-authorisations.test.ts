import { describe } from 'vitest';
import { BANK_AUTHORISATION_MACHINE } from '../../../server/domain/bank-authorisations/state';
import { walkMachine } from './walk';

/** The bank answers a pending authorisation once; any later answer is `bank_authorisation_not_pending`. */
const once = (to: 'authorised' | 'denied' | 'failed' | 'expired') =>
  ({ from: ['pending'], to, refused: 'bank_authorisation_not_pending' }) as const;

describe('bank authorisation moves', () => {
  walkMachine(BANK_AUTHORISATION_MACHINE, {
    authorise: once('authorised'),
    deny: once('denied'),
    fail: once('failed'),
    expire: once('expired'),
  });
});
