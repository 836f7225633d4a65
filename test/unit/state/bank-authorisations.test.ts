import { describe, expect, it } from 'vitest';
import { BANK_AUTHORISATION_MACHINE } from '../../../server/domain/bank-authorisations/state';
import type { BankAuthorisationRow } from '../../../server/domain/bank-authorisations/types';
import { FRIDAY, live, planned, sandbox, walkFollowUps, walkMachine } from './walk';

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

/** Left unanswered, an authorisation expires when its lifetime ends, in either environment. */
describe('bank authorisation follow-ups', () => {
  walkFollowUps(BANK_AUTHORISATION_MACHINE, [{ after: 'created', from: 'pending', move: 'expire', to: 'expired' }]);

  it('expires at the end of its lifetime', () => {
    const expiresAt = new Date('2026-03-06T10:15:00.000Z');
    const row = {
      id: 'BAU1',
      organisation_id: 'OR1',
      status: 'pending',
      expires_at: expiresAt,
    } as BankAuthorisationRow;
    for (const time of [live(FRIDAY), sandbox(FRIDAY)])
      expect(planned(BANK_AUTHORISATION_MACHINE, 'created', row, time)).toEqual([['expire', expiresAt.toISOString()]]);
  });
});
