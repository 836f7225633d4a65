import { describe, expect, it } from 'vitest';
import { REASON_CODES, reasonFor } from '../../../server/domain/bank-files/reason-codes';
import { bankReportDetails } from '../../../server/domain/scenarios/bank-reports';

describe('reason-code table', () => {
  it('agrees with the codes the sandbox simulators already report', () => {
    for (const report of ['insufficient_funds', 'invalid_bank_details', 'authorisation_disputed'] as const)
      for (const scheme of ['bacs', 'sepa_core', 'ach', 'pad']) {
        const { reason_code: code } = bankReportDetails(report, scheme, 'payments');
        if (code) expect(REASON_CODES.get(code)?.cause, code).toBe(report);
      }
  });

  it('names a cause and an effect for every code, and keeps unknown codes as "other"', () => {
    for (const reason of REASON_CODES.values()) {
      expect(reason.cause).toMatch(/^[a-z_]+$/);
      expect(reason.description.length).toBeGreaterThan(3);
    }
    expect(reasonFor('ZZ99')).toMatchObject({ code: 'ZZ99', cause: 'other', effect: 'operations' });
  });
});
