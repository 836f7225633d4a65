/** Money is an integer number of minor units (pence, cents) with an ISO 4217 currency. Never a float. */
export const CURRENCIES = ['AUD', 'CAD', 'DKK', 'EUR', 'GBP', 'NZD', 'SEK', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export function isMinorUnits(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}
