/**
 * The time zone a creditor's payer pages show times in (decision 0033). Creditors have no time
 * zone field in the public API, so it is derived from the creditor's country: the zone of its
 * capital or, where a country spans several, of the financial centre its scheme's calendar
 * keeps (the same zones as `schemes/calendars`). A country not listed reads in UTC, named as such.
 */
const ZONE_OF_COUNTRY: Record<string, string> = {
  GB: 'Europe/London',
  IE: 'Europe/Dublin',
  FR: 'Europe/Paris',
  DE: 'Europe/Berlin',
  ES: 'Europe/Madrid',
  IT: 'Europe/Rome',
  NL: 'Europe/Amsterdam',
  BE: 'Europe/Brussels',
  PT: 'Europe/Lisbon',
  AT: 'Europe/Vienna',
  FI: 'Europe/Helsinki',
  LU: 'Europe/Luxembourg',
  SI: 'Europe/Ljubljana',
  SE: 'Europe/Stockholm',
  DK: 'Europe/Copenhagen',
  NO: 'Europe/Oslo',
  US: 'America/New_York',
  CA: 'America/Toronto',
  AU: 'Australia/Sydney',
  NZ: 'Pacific/Auckland',
};

export function creditorTimeZone(creditor: { country_code: string | null }): string {
  return (creditor.country_code && ZONE_OF_COUNTRY[creditor.country_code.toUpperCase()]) || 'UTC';
}
