import { existsSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  findInstitution,
  institutionCountries,
  institutionIconPath,
  listInstitutions,
} from '../../server/domain/schemes/institutions';

const COUNTRIES = [
  'AT',
  'AU',
  'BE',
  'CA',
  'DE',
  'DK',
  'ES',
  'FI',
  'FR',
  'GB',
  'IE',
  'IT',
  'NL',
  'NZ',
  'PT',
  'SE',
  'US',
];
const ROLES = ['institutions_list', 'heartbeat', 'read_refund_account', 'read_debtor_account', 'pis', 'ais'];
const everything = listInstitutions({ includeDisabled: true });

describe('institutions directory', () => {
  it('covers the SEPA countries, GB and the other debit countries with several banks each', () => {
    expect(institutionCountries()).toEqual(COUNTRIES);
    for (const country of COUNTRIES)
      expect(listInstitutions({ countryCode: country }).length).toBeGreaterThanOrEqual(3);
  });

  it('has unique lower-case slugs and well-formed entries', () => {
    const ids = everything.map((institution) => institution.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const institution of everything) {
      expect(institution.id).toMatch(/^[a-z0-9_]+$/);
      expect(institution.roles.every((role) => ROLES.includes(role))).toBe(true);
      expect(['enabled', 'disabled', 'temporarily_disabled']).toContain(institution.status);
      expect(typeof institution.autocompletes_collect_bank_account).toBe('boolean');
      expect(institution.icon).toBe(`${institution.id}.svg`);
    }
  });

  it('has an unavailable bank in every country', () => {
    for (const country of COUNTRIES) {
      const statuses = listInstitutions({ countryCode: country, includeDisabled: true }).map(
        (institution) => institution.status,
      );
      expect(statuses.some((status) => status !== 'enabled')).toBe(true);
    }
  });

  it('gives limits in minor units', () => {
    expect(findInstitution('barclays')?.limits).toEqual({ single: { GBP: 2_500_000 }, daily: null });
    expect(findInstitution('deutsche_bank')?.limits).toBeNull();
  });
});

describe('listInstitutions', () => {
  it('filters by country, case-insensitively, and sorts by name', () => {
    const gb = listInstitutions({ countryCode: 'gb' });
    expect(gb.every((institution) => institution.country_code === 'GB')).toBe(true);
    const names = gb.map((institution) => institution.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('leaves out disabled banks unless asked, but keeps temporarily disabled ones', () => {
    const ids = listInstitutions({ countryCode: 'GB' }).map((institution) => institution.id);
    expect(ids).not.toContain('metro_bank');
    expect(ids).toContain('halifax');
    expect(
      listInstitutions({ countryCode: 'GB', includeDisabled: true }).map((institution) => institution.id),
    ).toContain('metro_bank');
  });

  it('searches names ignoring case and accents', () => {
    expect(listInstitutions({ search: 'societe' }).map((institution) => institution.id)).toEqual(['societe_generale']);
    expect(listInstitutions({ search: 'LANSFORSAKRINGAR' }).map((institution) => institution.id)).toEqual([
      'lansforsakringar',
    ]);
    expect(listInstitutions({ search: 'Crédit', countryCode: 'FR' }).map((institution) => institution.id)).toEqual([
      'credit_agricole',
    ]);
    expect(listInstitutions({ search: 'nordea', countryCode: 'SE' }).map((institution) => institution.id)).toEqual([
      'nordea_se',
    ]);
    expect(listInstitutions({ search: 'no such bank' })).toEqual([]);
  });
});

describe('findInstitution', () => {
  it('finds any institution by id, disabled ones included', () => {
    expect(findInstitution('monzo')).toMatchObject({ name: 'Monzo', country_code: 'GB', status: 'enabled' });
    expect(findInstitution('metro_bank')?.status).toBe('disabled');
    expect(findInstitution('unknown')).toBeUndefined();
  });
});

describe('institution icons', () => {
  it('has a small SVG under public/ for every institution', () => {
    for (const institution of everything) {
      const file = new URL(`../../public${institutionIconPath(institution)}`, import.meta.url);
      expect(existsSync(file), institution.id).toBe(true);
      expect(statSync(file).size).toBeLessThan(600);
      const svg = readFileSync(file, 'utf8');
      expect(svg).toContain('viewBox="0 0 64 64"');
      expect(svg).toContain(`aria-label="${institution.name}"`);
    }
  });
});
