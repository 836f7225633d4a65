import type { Currency } from '../shared/money';

/**
 * The open-banking institutions a payer can pick in the hosted flow. Sandbox data: real bank
 * names, so the flow looks like production, but no connection to any bank.
 */
export type InstitutionRole =
  'institutions_list' | 'heartbeat' | 'read_refund_account' | 'read_debtor_account' | 'pis' | 'ais';
export type InstitutionStatus = 'enabled' | 'disabled' | 'temporarily_disabled';
/** Amounts in minor units per currency; null where the bank sets no limit of that kind. */
export type InstitutionLimit = Partial<Record<Currency, number>> | null;

export interface Institution {
  /** Lower-case slug, also the icon's file name. */
  id: string;
  name: string;
  country_code: string;
  roles: readonly InstitutionRole[];
  status: InstitutionStatus;
  /** Whether the bank returns the payer's account details, so the flow can skip asking for them. */
  autocompletes_collect_bank_account: boolean;
  limits: { single: InstitutionLimit; daily: InstitutionLimit } | null;
  /** SVG file under /assets/institutions/: a lettered tile the API answers as `icon_url`. */
  icon: string;
  /**
   * The bank's own logo under /assets/institutions/logos/, where the list has one under the bank's
   * licence; none does yet, so the payer pages draw a neutral tile instead of a made-up one.
   */
  logo?: string;
}

/** UK banks pay (PIS) and share the payer's account (AIS), as Faster Payments VRP needs. */
const UK_ROLES: readonly InstitutionRole[] = [
  'institutions_list',
  'heartbeat',
  'read_refund_account',
  'read_debtor_account',
  'pis',
  'ais',
];
/** Euro-area banks initiate payments and return the account to refund, not the payer's details. */
const PAYMENT_ROLES: readonly InstitutionRole[] = ['institutions_list', 'heartbeat', 'read_refund_account', 'pis'];
/** Elsewhere open banking only reads the payer's account, to fill in the bank details form. */
const ACCOUNT_ROLES: readonly InstitutionRole[] = ['institutions_list', 'heartbeat', 'read_debtor_account', 'ais'];

const ROLES_BY_COUNTRY: Record<string, readonly InstitutionRole[]> = {
  GB: UK_ROLES,
  SE: ACCOUNT_ROLES,
  DK: ACCOUNT_ROLES,
  AU: ACCOUNT_ROLES,
  NZ: ACCOUNT_ROLES,
  US: ACCOUNT_ROLES,
  CA: ACCOUNT_ROLES,
};

interface Options {
  status?: InstitutionStatus;
  /** Single-payment and daily limits in pence. */
  gbpLimits?: { single: number; daily?: number };
}

function institution(id: string, name: string, countryCode: string, options: Options = {}): Institution {
  const roles = ROLES_BY_COUNTRY[countryCode] ?? PAYMENT_ROLES;
  const { gbpLimits } = options;
  return Object.freeze({
    id,
    name,
    country_code: countryCode,
    roles,
    status: options.status ?? 'enabled',
    autocompletes_collect_bank_account: roles.includes('read_debtor_account'),
    limits: gbpLimits
      ? { single: { GBP: gbpLimits.single }, daily: gbpLimits.daily ? { GBP: gbpLimits.daily } : null }
      : null,
    icon: `${id}.svg`,
  });
}

const PAUSED: Options = { status: 'temporarily_disabled' };
const WITHDRAWN: Options = { status: 'disabled' };

/** Every country has one bank that is unavailable, so the flow's "bank unavailable" path can be tried. */
const INSTITUTIONS: readonly Institution[] = [
  institution('barclays', 'Barclays', 'GB', { gbpLimits: { single: 2_500_000 } }),
  institution('hsbc_uk', 'HSBC UK', 'GB', { gbpLimits: { single: 2_500_000, daily: 5_000_000 } }),
  institution('natwest', 'NatWest', 'GB', { gbpLimits: { single: 2_000_000 } }),
  institution('lloyds', 'Lloyds Bank', 'GB', { gbpLimits: { single: 2_500_000 } }),
  institution('santander_uk', 'Santander UK', 'GB', { gbpLimits: { single: 2_500_000 } }),
  institution('nationwide', 'Nationwide Building Society', 'GB', { gbpLimits: { single: 1_000_000 } }),
  institution('monzo', 'Monzo', 'GB', { gbpLimits: { single: 1_000_000, daily: 2_500_000 } }),
  institution('starling', 'Starling Bank', 'GB', { gbpLimits: { single: 2_500_000 } }),
  institution('halifax', 'Halifax', 'GB', PAUSED),
  institution('metro_bank', 'Metro Bank', 'GB', WITHDRAWN),
  institution('deutsche_bank', 'Deutsche Bank', 'DE'),
  institution('commerzbank', 'Commerzbank', 'DE'),
  institution('sparkasse', 'Sparkasse', 'DE'),
  institution('ing_de', 'ING Deutschland', 'DE'),
  institution('n26', 'N26', 'DE'),
  institution('postbank', 'Postbank', 'DE', PAUSED),
  institution('comdirect', 'comdirect', 'DE', WITHDRAWN),
  institution('bnp_paribas', 'BNP Paribas', 'FR'),
  institution('societe_generale', 'Société Générale', 'FR'),
  institution('credit_agricole', 'Crédit Agricole', 'FR'),
  institution('la_banque_postale', 'La Banque Postale', 'FR'),
  institution('lcl', 'LCL', 'FR', PAUSED),
  institution('santander_es', 'Banco Santander', 'ES'),
  institution('bbva', 'BBVA', 'ES'),
  institution('caixabank', 'CaixaBank', 'ES'),
  institution('banco_sabadell', 'Banco Sabadell', 'ES', PAUSED),
  institution('intesa_sanpaolo', 'Intesa Sanpaolo', 'IT'),
  institution('unicredit', 'UniCredit', 'IT'),
  institution('banco_bpm', 'Banco BPM', 'IT', PAUSED),
  institution('abn_amro', 'ABN AMRO', 'NL'),
  institution('ing_nl', 'ING', 'NL'),
  institution('rabobank', 'Rabobank', 'NL'),
  institution('bunq', 'bunq', 'NL', PAUSED),
  institution('aib', 'AIB', 'IE'),
  institution('bank_of_ireland', 'Bank of Ireland', 'IE'),
  institution('permanent_tsb', 'PTSB', 'IE', PAUSED),
  institution('bnp_paribas_fortis', 'BNP Paribas Fortis', 'BE'),
  institution('kbc', 'KBC', 'BE'),
  institution('belfius', 'Belfius', 'BE'),
  institution('ing_be', 'ING Belgique', 'BE', PAUSED),
  institution('erste_bank', 'Erste Bank', 'AT'),
  institution('bank_austria', 'Bank Austria', 'AT'),
  institution('raiffeisen_at', 'Raiffeisen Bank', 'AT'),
  institution('bawag', 'BAWAG', 'AT', PAUSED),
  institution('caixa_geral', 'Caixa Geral de Depósitos', 'PT'),
  institution('millennium_bcp', 'Millennium bcp', 'PT'),
  institution('banco_bpi', 'Banco BPI', 'PT', PAUSED),
  institution('nordea_fi', 'Nordea', 'FI'),
  institution('op_financial', 'OP Financial Group', 'FI'),
  institution('danske_bank_fi', 'Danske Bank', 'FI', PAUSED),
  institution('seb', 'SEB', 'SE'),
  institution('handelsbanken', 'Handelsbanken', 'SE'),
  institution('swedbank', 'Swedbank', 'SE'),
  institution('lansforsakringar', 'Länsförsäkringar', 'SE'),
  institution('nordea_se', 'Nordea', 'SE', PAUSED),
  institution('danske_bank_dk', 'Danske Bank', 'DK'),
  institution('nordea_dk', 'Nordea', 'DK'),
  institution('jyske_bank', 'Jyske Bank', 'DK', PAUSED),
  institution('commbank', 'CommBank', 'AU'),
  institution('westpac_au', 'Westpac', 'AU'),
  institution('anz_au', 'ANZ', 'AU'),
  institution('nab', 'NAB', 'AU', PAUSED),
  institution('anz_nz', 'ANZ', 'NZ'),
  institution('asb', 'ASB', 'NZ'),
  institution('bnz', 'BNZ', 'NZ'),
  institution('kiwibank', 'Kiwibank', 'NZ', PAUSED),
  institution('chase', 'Chase', 'US'),
  institution('bank_of_america', 'Bank of America', 'US'),
  institution('wells_fargo', 'Wells Fargo', 'US'),
  institution('citi_us', 'Citi', 'US', PAUSED),
  institution('rbc', 'RBC Royal Bank', 'CA'),
  institution('td', 'TD Canada Trust', 'CA'),
  institution('scotiabank', 'Scotiabank', 'CA'),
  institution('bmo', 'BMO', 'CA', PAUSED),
];

/** Lower case without accents, so "societe" finds "Société Générale". */
const foldForSearch = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export interface InstitutionQuery {
  countryCode?: string;
  /** Case- and accent-insensitive substring of the name. */
  search?: string;
  /** `disabled` banks are left out unless asked for; `temporarily_disabled` ones are always listed. */
  includeDisabled?: boolean;
}

/** Institutions matching the query, by name. */
export function listInstitutions({
  countryCode,
  search,
  includeDisabled = false,
}: InstitutionQuery = {}): Institution[] {
  const country = countryCode?.toUpperCase();
  const needle = search ? foldForSearch(search.trim()) : '';
  return INSTITUTIONS.filter(
    (candidate) =>
      (!country || candidate.country_code === country) &&
      (includeDisabled || candidate.status !== 'disabled') &&
      (!needle || foldForSearch(candidate.name).includes(needle)),
  ).sort((a, b) => a.name.localeCompare(b.name, 'en') || a.country_code.localeCompare(b.country_code));
}

/** An institution by id, whatever its status (a mandate may name a bank since disabled). */
export const findInstitution = (id: string): Institution | undefined =>
  INSTITUTIONS.find((candidate) => candidate.id === id);

/** The countries with at least one institution a payer can pick, alphabetically. */
export const institutionCountries = (): string[] =>
  [
    ...new Set(
      INSTITUTIONS.filter((candidate) => candidate.status !== 'disabled').map((candidate) => candidate.country_code),
    ),
  ].sort();

/** Where the institution's icon is served. */
export const institutionIconPath = (institution: Institution): string => `/assets/institutions/${institution.icon}`;
