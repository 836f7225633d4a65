import { describe, expect, it } from 'vitest';
import {
  nextPossibleChargeDate,
  nextPossibleStandardAchChargeDate,
  resolveChargeDate,
  todayIn,
} from '../../server/domain/schemes/charge-dates';
import type { Scheme } from '../../server/domain/schemes/types';

const at = (instant: string) => new Date(instant);
const earliest = (scheme: Scheme, now: string, mandateActive = true, faster?: boolean) =>
  nextPossibleChargeDate(scheme, { now: at(now), mandateActive, faster });

// Fixed instants. 2026-06-12 is a Friday; 2026-12-24 a Thursday before Christmas.
const FRIDAY_AFTERNOON_LONDON = '2026-06-12T15:00:00Z';
const CHRISTMAS_EVE_AFTERNOON_LONDON = '2026-12-24T15:00:00Z';

describe('todayIn', () => {
  it('is the wall-clock date in the zone: 23:30 UTC is already tomorrow in Stockholm', () => {
    expect(todayIn('Europe/Stockholm', at('2026-03-10T23:30:00Z'))).toBe('2026-03-11');
    expect(todayIn('Europe/London', at('2026-03-10T23:30:00Z'))).toBe('2026-03-10');
    expect(todayIn('America/New_York', at('2026-03-11T03:30:00Z'))).toBe('2026-03-10');
    expect(todayIn('Pacific/Auckland', at('2026-03-10T12:00:00Z'))).toBe('2026-03-11');
  });
});

describe('nextPossibleChargeDate', () => {
  // Active: collected 2 working days after submission, but the advance notice sent at creation
  // needs 3 working days (schemes.md § 1 bacs), so 3; new: 4.
  it('bacs: 3 working days after submission for an active mandate (the advance notice), 4 for a new one', () => {
    expect(earliest('bacs', FRIDAY_AFTERNOON_LONDON)).toBe('2026-06-17');
    expect(earliest('bacs', FRIDAY_AFTERNOON_LONDON, false)).toBe('2026-06-18');
  });

  it('bacs: counts over the Christmas and New Year bank holidays from Christmas Eve', () => {
    expect(earliest('bacs', CHRISTMAS_EVE_AFTERNOON_LONDON)).toBe('2026-12-31');
    expect(earliest('bacs', CHRISTMAS_EVE_AFTERNOON_LONDON, false)).toBe('2027-01-04');
  });

  it('treats a non-working today as submission on the next working day', () => {
    expect(earliest('bacs', '2026-06-13T10:00:00Z')).toBe('2026-06-18');
    expect(earliest('bacs', '2026-12-25T10:00:00Z')).toBe('2027-01-04'); // submitted Tue 29
  });

  it('sepa_core: 1 TARGET day, closed on 1 May, open on Whit Monday', () => {
    expect(earliest('sepa_core', '2026-06-12T14:00:00Z')).toBe('2026-06-15');
    expect(earliest('sepa_core', '2026-04-30T10:00:00Z')).toBe('2026-05-04');
    expect(earliest('sepa_core', '2026-05-22T10:00:00Z')).toBe('2026-05-25');
    expect(earliest('sepa_core', '2026-05-22T10:00:00Z', false)).toBe('2026-05-25');
  });

  it('ach: 5 business days standard, 3 with Faster ACH, over Juneteenth', () => {
    const fridayAfternoonNewYork = '2026-06-12T18:00:00Z';
    expect(earliest('ach', fridayAfternoonNewYork)).toBe('2026-06-22');
    expect(earliest('ach', fridayAfternoonNewYork, false)).toBe('2026-06-22');
    expect(earliest('ach', fridayAfternoonNewYork, true, true)).toBe('2026-06-17');
    expect(nextPossibleStandardAchChargeDate({ now: at(fridayAfternoonNewYork), mandateActive: true })).toBe(
      '2026-06-22',
    );
  });

  it('ach: the Friday before a Saturday Independence Day is a business day', () => {
    expect(earliest('ach', '2026-07-01T15:00:00Z', true, true)).toBe('2026-07-06');
  });

  it('autogiro: 8 bank days (the advance notice; the lead is 2) when active, 6 + 2 for a new mandate, on Stockholm time', () => {
    const lateTuesdayUtc = '2026-03-10T23:30:00Z'; // Wednesday 00:30 in Stockholm
    expect(earliest('autogiro', lateTuesdayUtc)).toBe('2026-03-23');
    expect(earliest('autogiro', '2026-03-10T22:30:00Z')).toBe('2026-03-20');
    expect(earliest('autogiro', lateTuesdayUtc, false)).toBe('2026-03-23');
  });

  it('autogiro: Midsummer Eve is not a bank day', () => {
    // Thu 18 submitted; Fri 19 (Midsummer Eve) is skipped: 8 bank days on is Wed 1 July.
    expect(earliest('autogiro', '2026-06-18T08:00:00Z')).toBe('2026-07-01');
  });

  it('becs: 1 RITS day, in Sydney time, across the Christmas substitute day', () => {
    expect(earliest('becs', '2026-12-24T00:00:00Z', false)).toBe('2026-12-29');
    expect(earliest('becs', FRIDAY_AFTERNOON_LONDON, false)).toBe('2026-06-16'); // already Saturday in Sydney
  });

  it('becs_nz: 2 business days, Matariki closed', () => {
    expect(earliest('becs_nz', '2026-07-08T22:00:00Z', false)).toBe('2026-07-14');
  });

  it('pad: 3 business days, the 2023 Truth and Reconciliation substitute closed', () => {
    expect(earliest('pad', '2023-09-29T16:00:00Z')).toBe('2023-10-05');
  });

  it('faster_payments and pay_to: today in their own zone, any day of the year', () => {
    expect(earliest('faster_payments', '2026-12-25T12:00:00Z')).toBe('2026-12-25');
    expect(earliest('pay_to', '2026-12-25T14:00:00Z')).toBe('2026-12-26');
  });

  describe('betalingsservice month rule', () => {
    // January 2026: last working day Fri 30, 8 working days before it Tue 20.
    it('charges on the first working day of next month while the submission deadline is not past', () => {
      expect(earliest('betalingsservice', '2026-01-05T10:00:00Z')).toBe('2026-02-02');
      expect(earliest('betalingsservice', '2026-01-20T10:00:00Z')).toBe('2026-02-02');
    });

    it('moves a month on once the deadline has passed', () => {
      expect(earliest('betalingsservice', '2026-01-21T10:00:00Z')).toBe('2026-03-02');
    });

    it('needs a working day more for a new mandate', () => {
      expect(earliest('betalingsservice', '2026-01-19T10:00:00Z', false)).toBe('2026-02-02');
      expect(earliest('betalingsservice', '2026-01-20T10:00:00Z', false)).toBe('2026-03-02');
    });

    it('counts the Danish Christmas closures into December’s deadline (Wed 16 Dec 2026)', () => {
      expect(earliest('betalingsservice', '2026-12-16T10:00:00Z')).toBe('2027-01-04');
      expect(earliest('betalingsservice', '2026-12-17T10:00:00Z')).toBe('2027-02-01');
    });
  });
});

describe('resolveChargeDate', () => {
  // Tuesday: earliest Fri 12 (3 working days, the advance notice), Mon 15 for a new mandate.
  const activeBacs = { now: at('2026-06-09T09:00:00Z'), mandateActive: true };

  it('uses the earliest possible date when none is requested', () => {
    expect(resolveChargeDate('bacs', undefined, activeBacs)).toEqual({ ok: true, chargeDate: '2026-06-12' });
  });

  it('keeps a requested working day on or after the earliest', () => {
    expect(resolveChargeDate('bacs', '2026-06-12', activeBacs)).toEqual({
      ok: true,
      chargeDate: '2026-06-12',
    });
    expect(resolveChargeDate('bacs', '2026-07-01', activeBacs)).toEqual({
      ok: true,
      chargeDate: '2026-07-01',
    });
  });

  it('rolls a non-working day forward to the next working day', () => {
    expect(resolveChargeDate('bacs', '2026-06-13', activeBacs)).toEqual({
      ok: true,
      chargeDate: '2026-06-15',
    });
    expect(resolveChargeDate('bacs', '2026-12-25', activeBacs)).toEqual({
      ok: true,
      chargeDate: '2026-12-29',
    });
    expect(
      resolveChargeDate('betalingsservice', '2026-02-01', {
        now: at('2026-01-05T10:00:00Z'),
        mandateActive: true,
      }),
    ).toEqual({
      ok: true,
      chargeDate: '2026-02-02',
    });
  });

  it('accepts a weekend date whose next working day is the earliest (rolled, then compared)', () => {
    const fridaySepa = { now: at('2026-06-12T14:00:00Z'), mandateActive: true }; // earliest Mon 15
    expect(resolveChargeDate('sepa_core', '2026-06-14', fridaySepa)).toEqual({
      ok: true,
      chargeDate: '2026-06-15',
    });
  });

  it('refuses a date before the earliest possible, naming the earliest', () => {
    const refused = { ok: false, code: 'invalid_charge_date', earliest: '2026-06-12' };
    expect(resolveChargeDate('bacs', '2026-06-11', activeBacs)).toEqual(refused);
    expect(resolveChargeDate('bacs', '2026-06-10', activeBacs)).toEqual(refused);
    expect(resolveChargeDate('bacs', '2026-06-12', { ...activeBacs, mandateActive: false })).toEqual({
      ok: false,
      code: 'invalid_charge_date',
      earliest: '2026-06-15',
    });
    expect(
      resolveChargeDate('betalingsservice', '2026-01-30', {
        now: at('2026-01-05T10:00:00Z'),
        mandateActive: true,
      }),
    ).toEqual({
      ok: false,
      code: 'invalid_charge_date',
      earliest: '2026-02-02',
    });
  });

  it('refuses a string that is not a real date', () => {
    expect(resolveChargeDate('bacs', '2026-02-30', activeBacs)).toMatchObject({
      ok: false,
      code: 'invalid_charge_date',
    });
    expect(resolveChargeDate('bacs', 'next friday', activeBacs)).toMatchObject({
      ok: false,
      code: 'invalid_charge_date',
    });
  });

  it('applies Faster ACH when asked', () => {
    const now = at('2026-06-12T18:00:00Z');
    expect(resolveChargeDate('ach', '2026-06-17', { now, mandateActive: true, faster: true })).toEqual({
      ok: true,
      chargeDate: '2026-06-17',
    });
    expect(resolveChargeDate('ach', '2026-06-17', { now, mandateActive: true })).toMatchObject({
      ok: false,
      earliest: '2026-06-22',
    });
  });
});
