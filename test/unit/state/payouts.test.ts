import { describe, expect, it } from 'vitest';
import { checkPosting } from '../../../server/domain/ledger/postings';
import { PAYOUT_MACHINE } from '../../../server/domain/payouts/state';
import type { PayoutRow } from '../../../server/domain/payouts/types';
import { walkMachine } from './walk';

/** A payout is paid on its arrival date, or bounced by the creditor's bank before or after. */
describe('payout moves', () => {
  walkMachine(PAYOUT_MACHINE, {
    pay: { from: ['pending'], to: 'paid', refused: 'status_changed' },
    bounce: { from: ['pending', 'paid'], to: 'bounced', refused: 'status_changed' },
  });

  const payout = { id: 'PO1', organisation_id: 'OR1', creditor_id: 'CR1', currency: 'GBP', amount: 1234 } as PayoutRow;
  it.each([
    [
      'pay',
      'pending',
      [
        ['payout_pending', -1234],
        ['merchant_bank', 1234],
      ],
    ],
    [
      'bounce',
      'pending',
      [
        ['payout_pending', -1234],
        ['confirmed', 1234],
      ],
    ],
    [
      'bounce',
      'paid',
      [
        ['merchant_bank', -1234],
        ['confirmed', 1234],
      ],
    ],
  ] as const)('%s from %s posts balanced lines', (move, from, lines) => {
    const posting = PAYOUT_MACHINE.money!(payout, move, from)!;
    checkPosting(posting.lines);
    expect(posting.lines.map((l) => [l.account, l.amount])).toEqual(lines);
    expect(posting.links).toEqual({ payout: 'PO1' });
  });
});
