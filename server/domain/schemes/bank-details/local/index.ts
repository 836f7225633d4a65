import type { Currency } from '../../../shared/money';
import type { AccountIdentity, Checked, CleanInput } from '../types';
import { validateAustralianDetails } from './au';
import { validateCanadianDetails } from './ca';
import { validateDanishDetails } from './dk';
import { validateUkDetails } from './gb';
import { validateNewZealandDetails } from './nz';
import { validateSwedishDetails } from './se';
import { validateUsDetails } from './us';

type LocalDetailsValidator = (input: CleanInput, countryCode: string) => Checked<AccountIdentity>;

/**
 * Local-details rules per currency: each non-euro currency is one country's rules (GBP covers the
 * sort-code territories too). Euro accounts are given as IBANs only, so EUR has none.
 */
export const LOCAL_DETAILS_VALIDATORS: Readonly<Record<Exclude<Currency, 'EUR'>, LocalDetailsValidator>> = {
  AUD: validateAustralianDetails,
  CAD: validateCanadianDetails,
  DKK: validateDanishDetails,
  GBP: validateUkDetails,
  NZD: validateNewZealandDetails,
  SEK: validateSwedishDetails,
  USD: validateUsDetails,
};
