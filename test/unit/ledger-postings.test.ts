import { describe, expect, it } from 'vitest';
import { checkPosting, postings, type PostingLine } from '../../server/domain/ledger/postings';

/** Every movement's posting balances, and the refusal of unbalanced ones. */
describe('ledger postings', () => {
  it.each(Object.keys(postings) as (keyof typeof postings)[])('%s balances for any amount', (name) => {
    for (const amount of [1, 99, 2500, 10_000_000_000, Number.MAX_SAFE_INTEGER]) {
      const lines = postings[name](amount);
      checkPosting(lines);
      expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(0);
    }
  });

  it('a collection confirmed then paid into a payout leaves nothing on submitted or confirmed', () => {
    const lines: PostingLine[] = [
      ...postings.paymentSubmitted(2500),
      ...postings.paymentConfirmed(2500),
      ...postings.payoutCreated(2500),
    ];
    const on = (account: string) => lines.filter((l) => l.account === account).reduce((s, l) => s + l.amount, 0);
    expect([on('submitted'), on('confirmed'), on('payout_pending'), on('payer')]).toEqual([0, 0, 2500, -2500]);
  });

  it('refuses an unbalanced posting, a zero line, a fraction and a single line', () => {
    expect(() =>
      checkPosting([
        { account: 'payer', amount: -1 },
        { account: 'confirmed', amount: 2 },
      ]),
    ).toThrow(/balance/);
    expect(() =>
      checkPosting([
        { account: 'payer', amount: 0 },
        { account: 'confirmed', amount: 0 },
      ]),
    ).toThrow(/amount/);
    expect(() =>
      checkPosting([
        { account: 'payer', amount: -1.5 },
        { account: 'confirmed', amount: 1.5 },
      ]),
    ).toThrow(/amount/);
    expect(() => checkPosting([{ account: 'payer', amount: 1 }])).toThrow(/two lines/);
  });
});
