import { describe, expect, it } from 'vitest';
import type { BankAccountRow } from '../../server/domain/bank-accounts/types';
import type { SubscriptionRequest } from '../../server/domain/billing-requests/types';
import type { CreditorRow } from '../../server/domain/creditors/types';
import type { CustomerRow } from '../../server/domain/customers/types';
import {
  checkDraft,
  instalmentField,
  planOf,
  withoutRepeats,
  type Draft,
} from '../../server/domain/instalment-schedules/rules';
import { checkSetup, type MandateSetup } from '../../server/domain/mandates/create';
import { DomainError, validationFailed } from '../../server/domain/shared/errors';
import { asRequestIssue, checkChanges, checkRequest } from '../../server/domain/subscriptions/rules';

const codes = (issues: { field: string; code: string }[]) => issues.map((i) => `${i.field}:${i.code}`);

describe('a mandate setup', () => {
  const setup = (overrides: Partial<MandateSetup> & { currency?: string }): MandateSetup => ({
    creditor: {} as CreditorRow,
    customer: {} as CustomerRow,
    bankAccount: { currency: overrides.currency ?? 'GBP' } as BankAccountRow,
    scheme: 'bacs',
    ...overrides,
  });

  it('passes when the scheme pays in the account’s currency', () => {
    expect(checkSetup(setup({}))).toEqual([]);
  });

  it('refuses a scheme of another currency, naming the account’s', () => {
    expect(checkSetup(setup({ scheme: 'sepa_core' }))).toEqual([
      { field: 'scheme', code: 'scheme_currency_mismatch', params: { currency: 'GBP' } },
    ]);
  });

  it('asks ACH for the payer’s IP address unless the mandate was taken by telephone or on paper', () => {
    const ach = { scheme: 'ach' as const, currency: 'USD' };
    expect(codes(checkSetup(setup({ ...ach, authorisationSource: 'web' })))).toEqual(['payer_ip_address:required']);
    expect(checkSetup(setup({ ...ach, authorisationSource: 'telephone' }))).toEqual([]);
    expect(checkSetup(setup({ ...ach, authorisationSource: 'paper' }))).toEqual([]);
    expect(checkSetup(setup({ ...ach, payerIpAddress: '192.0.2.1' }))).toEqual([]);
  });

  it('refuses ACH-only details on other schemes', () => {
    const issues = checkSetup(setup({ authorisationSource: 'web', payerIpAddress: '192.0.2.1' }));
    expect(codes(issues)).toEqual(['authorisation_source:ach_only', 'payer_ip_address:ach_only']);
  });

  it('refuses a reference the scheme’s format does not allow', () => {
    expect(codes(checkSetup(setup({ reference: 'not allowed!' })))).toEqual(['reference:invalid_mandate_reference']);
  });
});

describe('a subscription’s terms', () => {
  const terms = { amount: 1000, app_fee: null, name: 'Gym', payment_reference: null };

  it('pass within the scheme’s limits', () => {
    expect(checkChanges(terms, 'ach')).toEqual([]);
  });

  it('refuse a zero amount, a fee above the amount and a name too long', () => {
    const issues = checkChanges({ ...terms, amount: 0, app_fee: 5, name: 'x'.repeat(256) }, 'ach');
    expect(codes(issues)).toEqual(['amount:amount_too_small', 'app_fee:too_large', 'name:too_long']);
  });
});

describe('a billing request’s subscription_request', () => {
  const request = (overrides: Partial<SubscriptionRequest>): SubscriptionRequest => ({
    id: 'SBR1',
    amount: 1000,
    currency: 'USD',
    interval: 1,
    interval_unit: 'monthly',
    retry_if_possible: false,
    metadata: {},
    ...overrides,
  });
  const earliest = '2026-03-02';

  it('passes as the scheme and the interval allow', () => {
    expect(checkRequest(request({}), 'ach', earliest)).toEqual([]);
  });

  it('refuses another currency than the scheme’s', () => {
    expect(checkRequest(request({ currency: 'EUR' }), 'ach', earliest)).toEqual([
      { field: 'currency', code: 'currency_mismatch', params: { currency: 'USD' } },
    ]);
  });

  it('keeps the interval to at least one charge a year', () => {
    expect(codes(checkRequest(request({ interval: 0 }), 'ach', earliest))).toEqual(['interval:too_small']);
    expect(checkRequest(request({ interval: 13 }), 'ach', earliest)).toEqual([
      { field: 'interval', code: 'too_large', params: { max: 12 } },
    ]);
    expect(checkRequest(request({ interval: 53, interval_unit: 'weekly' }), 'ach', earliest)[0]?.params).toEqual({
      max: 52,
    });
  });

  it('takes day_of_month only for monthly or yearly charges, 1 to 28 or -1', () => {
    const weekly = request({ interval_unit: 'weekly', day_of_month: 3 });
    expect(codes(checkRequest(weekly, 'ach', earliest))).toEqual(['day_of_month:not_weekly']);
    expect(codes(checkRequest(request({ day_of_month: 29 }), 'ach', earliest))).toEqual([
      'day_of_month:invalid_choice',
    ]);
    expect(checkRequest(request({ day_of_month: -1 }), 'ach', earliest)).toEqual([]);
  });

  it('takes a month name only for yearly charges', () => {
    expect(codes(checkRequest(request({ month: 'june' }), 'ach', earliest))).toEqual(['month:yearly_only']);
    const yearly = request({ interval_unit: 'yearly', month: 'smarch' });
    expect(codes(checkRequest(yearly, 'ach', earliest))).toEqual(['month:invalid_choice']);
    expect(checkRequest({ ...yearly, month: 'june' }, 'ach', earliest)).toEqual([]);
  });

  it('refuses a count below one and a start date that is not a date or comes too early', () => {
    expect(codes(checkRequest(request({ count: 0 }), 'ach', earliest))).toEqual(['count:too_small']);
    expect(codes(checkRequest(request({ start_date: 'soon' }), 'ach', earliest))).toEqual(['start_date:invalid_date']);
    expect(checkRequest(request({ start_date: '2026-03-01' }), 'ach', earliest)).toEqual([
      { field: 'start_date', code: 'invalid_charge_date', params: { date: earliest } },
    ]);
  });

  it('reports its first payment’s refusals on its own fields', () => {
    const refused = validationFailed([
      { field: 'charge_date', code: 'invalid_charge_date' },
      { field: 'reference', code: 'invalid_format' },
      { field: 'amount', code: 'amount_too_large' },
    ]);
    const reported = asRequestIssue(refused) as DomainError;
    expect(reported.reason).toBe('validation_failed');
    expect(codes(reported.options.fields ?? [])).toEqual([
      'subscription_request.start_date:invalid_charge_date',
      'subscription_request.payment_reference:invalid_format',
      'subscription_request.amount:amount_too_large',
    ]);
    const other = new DomainError('mandate_is_inactive');
    expect(asRequestIssue(other)).toBe(other);
  });
});

describe('an instalment schedule', () => {
  const dated: Draft = {
    name: 'Sofa',
    currency: 'USD',
    total_amount: 3000,
    instalments: [
      { amount: 1000, charge_date: '2026-04-01' },
      { amount: 2000, description: 'Balance' },
    ],
  };
  const interval: Draft = {
    name: 'Sofa',
    currency: 'USD',
    total_amount: 3000,
    instalments: { amounts: [1000, 1000, 1000], interval: 1, interval_unit: 'monthly', start_date: '2026-04-01' },
  };
  const api = { prefix: '', instalments: 'instalments' };
  const request = { prefix: 'instalment_schedule_request.', instalments: 'instalments_with_dates' };

  it('passes when its instalments add up to its total', () => {
    expect(checkDraft(dated, 'ach', api)).toEqual([]);
    expect(checkDraft(interval, 'ach', api)).toEqual([]);
  });

  it('refuses a blank name, another currency, a wrong total and a fee above the smallest instalment', () => {
    const issues = checkDraft({ ...dated, name: ' ', currency: 'EUR', total_amount: 1, app_fee: 1500 }, 'ach', api);
    expect(issues).toEqual([
      { field: 'name', code: 'blank' },
      { field: 'currency', code: 'currency_mismatch', params: { currency: 'USD' } },
      { field: 'total_amount', code: 'must_equal_sum', params: { sum: 3000 } },
      { field: 'app_fee', code: 'too_large', params: { max: 1000 } },
    ]);
  });

  it('names refused fields where the client sent them', () => {
    const noInstalments = { ...dated, total_amount: 0, instalments: [] };
    expect(codes(checkDraft(noInstalments, 'ach', request))).toEqual([
      'instalment_schedule_request.instalments_with_dates:too_few',
    ]);
    const badDate = { ...dated, instalments: [{ amount: 3000, charge_date: '1 April' }] };
    expect(codes(checkDraft(badDate, 'ach', request))).toEqual([
      'instalment_schedule_request.instalments_with_dates.0.charge_date:invalid_date',
    ]);
    const badInterval = { ...interval, instalments: { ...interval.instalments, interval: 0, start_date: 'x' } };
    expect(codes(checkDraft(badInterval as Draft, 'ach', api))).toEqual([
      'instalments.interval:too_small',
      'instalments.start_date:invalid_date',
    ]);
  });

  it('plans dated instalments as given, the earliest possible date where none is given', () => {
    expect(planOf(dated, 'ach', '2026-03-02')).toEqual([
      { amount: 1000, chargeDate: '2026-04-01', description: null },
      { amount: 2000, chargeDate: null, description: 'Balance' },
    ]);
  });

  it('plans interval instalments on the scheme’s charge dates, named after the schedule', () => {
    const planned = planOf(interval, 'ach', '2026-03-02');
    expect(planned.map((p) => [p.amount, p.description])).toEqual([
      [1000, 'Sofa'],
      [1000, 'Sofa'],
      [1000, 'Sofa'],
    ]);
    const dates = planned.map((p) => p.chargeDate!);
    expect(dates[0]).toBe('2026-04-01');
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates.map((d) => d.slice(0, 7)))).toEqual(new Set(['2026-04', '2026-05', '2026-06']));
  });

  it('reports a payment’s refused field on the instalment it came from', () => {
    expect(instalmentField(api, dated, 1, 'amount')).toBe('instalments.1.amount');
    expect(instalmentField(request, dated, 0, 'charge_date')).toBe(
      'instalment_schedule_request.instalments_with_dates.0.charge_date',
    );
    expect(instalmentField(api, interval, 2, 'amount')).toBe('instalments.amounts.2');
    expect(instalmentField(api, interval, 2, 'charge_date')).toBe('instalments.start_date');
    expect(instalmentField(request, interval, 0, 'reference')).toBe('instalment_schedule_request.payment_reference');
    expect(instalmentField(api, dated, 0, 'currency')).toBe('currency');
  });

  it('reports an issue shared by several instalments once', () => {
    const early = { field: 'instalments.start_date', code: 'invalid_charge_date' };
    expect(withoutRepeats([early, { ...early }, { field: 'instalments.amounts.1', code: 'amount_too_large' }])).toEqual(
      [early, { field: 'instalments.amounts.1', code: 'amount_too_large' }],
    );
  });
});
