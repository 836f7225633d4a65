import { describe, expect, it } from 'vitest';
import { checkFeeSchedule, DEFAULT_FEE_SCHEDULE, feesFor } from '../../server/domain/fees/rules';
import { PAYMENT_MACHINE } from '../../server/domain/payments/state';
import type { PaymentRow } from '../../server/domain/payments/types';
import { checkPosting } from '../../server/domain/ledger/postings';

describe('fees', () => {
  it.each([
    [1000, null, { fee: 30, appFee: 0 }],
    [100_000, null, { fee: 400, appFee: 0 }],
    [10, null, { fee: 10, appFee: 0 }],
    [1000, 980, { fee: 20, appFee: 980 }],
    [1000, 5000, { fee: 0, appFee: 1000 }],
  ])('the default schedule on %i with app fee %s', (amount, appFee, expected) => {
    expect(feesFor(DEFAULT_FEE_SCHEDULE, amount, appFee)).toEqual(expected);
  });

  it('refuses schedules that are not whole, non-negative minor units', () => {
    expect(checkFeeSchedule({ percentBasisPoints: 10_001, fixedMinor: 0, capMinor: null })).toHaveLength(1);
    expect(checkFeeSchedule({ percentBasisPoints: 1, fixedMinor: -1, capMinor: 1.5 })).toHaveLength(2);
    expect(checkFeeSchedule({ percentBasisPoints: NaN, fixedMinor: 0, capMinor: 0 })).toHaveLength(1);
    expect(checkFeeSchedule(DEFAULT_FEE_SCHEDULE)).toEqual([]);
  });

  it('adds the fee lines to a confirmation, which still balances', () => {
    const payment = {
      id: 'PM1',
      organisation_id: 'OR1',
      creditor_id: 'CR1',
      currency: 'GBP',
      amount: 2000,
      app_fee: 100,
    };
    const posting = PAYMENT_MACHINE.money!(payment as PaymentRow, 'confirm', 'submitted')!;
    checkPosting(posting.lines);
    expect(posting.lines.filter((l) => l.itemType).map((l) => [l.itemType, l.amount])).toEqual([
      ['payment_paid_out', 2000],
      ['gocardless_fee', -40],
      ['app_fee', -100],
    ]);
  });
});
