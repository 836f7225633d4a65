import { bankDataByBLZ } from 'bankdata-germany';
import { SORT_CODE_COUNTRIES } from './countries';
import { swedishBankNameOfIbanCode, swedishClearingRange } from './sweden';
import type { AccountIdentity } from './types';

/**
 * The bank directory (docs/bank-directory.md says where each part comes from). Germany is the
 * Bundesbank's full Bankleitzahlen file as the `bankdata-germany` package ships it, pinned so its
 * release is the directory's version; Sweden is the clearing-number register `kontonummer` ships;
 * the other countries are the curated table below, of the banks' own published identifiers (the
 * full registers are licensed: EISCD, the Fed E-Payments directory, AusPayNet BSB…). An unknown
 * identifier gives no bank name, never a guess and never an error.
 */
export interface DirectoryBank {
  name: string;
  bic: string | null;
  /** GB only: the four letters the bank uses in GB IBANs, so local details can become an IBAN. */
  ibanBankCode?: string;
}

/** Matches an identifier by prefix (the longest wins) or by a numeric range of its leading digits. */
type Entry = DirectoryBank & ({ prefix: string } | { from: number; to: number });

const gb = (prefix: string, name: string, bic: string): Entry => ({ prefix, name, bic, ibanBankCode: bic.slice(0, 4) });
const bank = (prefix: string, name: string, bic: string | null): Entry => ({ prefix, name, bic });
const range = (from: number, to: number, name: string, bic: string | null): Entry => ({ from, to, name, bic });

/** GB by sort code; schemes.md § 5 gives 20-00-00 → "BARCLAYS BANK PLC", BARCGB22XXX. */
const GB: Entry[] = [
  gb('20', 'BARCLAYS BANK PLC', 'BARCGB22XXX'),
  gb('40', 'HSBC UK BANK PLC', 'HBUKGB4BXXX'),
  gb('60', 'NATIONAL WESTMINSTER BANK PLC', 'NWBKGB2LXXX'),
  gb('608371', 'STARLING BANK LIMITED', 'SRLGGB2LXXX'),
  gb('30', 'LLOYDS BANK PLC', 'LOYDGB2LXXX'),
  gb('77', 'LLOYDS BANK PLC', 'LOYDGB2LXXX'),
  gb('09', 'SANTANDER UK PLC', 'ABBYGB2LXXX'),
  gb('07', 'NATIONWIDE BUILDING SOCIETY', 'NAIAGB21XXX'),
  gb('040004', 'MONZO BANK LIMITED', 'MONZGB2LXXX'),
];

/** SEPA countries by the bank identifier inside the IBAN. */
const SEPA: Record<string, Entry[]> = {
  FR: [
    bank('20041', 'La Banque Postale', 'PSSTFRPPXXX'),
    bank('30004', 'BNP Paribas', 'BNPAFRPPXXX'),
    bank('30003', 'Société Générale', 'SOGEFRPPXXX'),
    bank('30002', 'LCL - Le Crédit Lyonnais', 'CRLYFRPPXXX'),
  ],
  NL: [
    bank('ABNA', 'ABN AMRO Bank', 'ABNANL2AXXX'),
    bank('INGB', 'ING Bank', 'INGBNL2AXXX'),
    bank('RABO', 'Rabobank', 'RABONL2UXXX'),
    bank('BUNQ', 'bunq', 'BUNQNL2AXXX'),
  ],
  ES: [
    bank('0049', 'Banco Santander', 'BSCHESMMXXX'),
    bank('0182', 'BBVA', 'BBVAESMMXXX'),
    bank('2100', 'CaixaBank', 'CAIXESBBXXX'),
    bank('0081', 'Banco Sabadell', 'BSABESBBXXX'),
  ],
  IT: [
    bank('03069', 'Intesa Sanpaolo', 'BCITITMMXXX'),
    bank('02008', 'UniCredit', 'UNCRITMMXXX'),
    bank('05034', 'Banco BPM', 'BAPPIT21XXX'),
  ],
  IE: [
    bank('AIBK', 'AIB', 'AIBKIE2DXXX'),
    bank('BOFI', 'Bank of Ireland', 'BOFIIE2DXXX'),
    bank('IPBS', 'PTSB', 'IPBSIE2DXXX'),
  ],
  BE: [
    range(0, 49, 'BNP Paribas Fortis', 'GEBABEBBXXX'),
    range(310, 399, 'ING Belgium', 'BBRUBEBBXXX'),
    range(730, 739, 'KBC Bank', 'KREDBEBBXXX'),
  ],
  AT: [
    bank('12000', 'UniCredit Bank Austria', 'BKAUATWWXXX'),
    bank('20111', 'Erste Bank', 'GIBAATWWXXX'),
    bank('14000', 'BAWAG', 'BAWAATWWXXX'),
  ],
  PT: [
    bank('0035', 'Caixa Geral de Depósitos', 'CGDIPTPLXXX'),
    bank('0033', 'Millennium bcp', 'BCOMPTPLXXX'),
    bank('0010', 'Banco BPI', 'BBPIPTPLXXX'),
  ],
  FI: [
    bank('1', 'Nordea', 'NDEAFIHHXXX'),
    bank('2', 'Nordea', 'NDEAFIHHXXX'),
    bank('5', 'OP', 'OKOYFIHHXXX'),
    bank('8', 'Danske Bank', 'DABAFIHHXXX'),
  ],
};

/** Other countries, by the identifier their local details lead with (schemes.md § 2.3–2.8, § 5). */
const LOCAL: Record<string, Entry[]> = {
  US: [
    bank('026073150', 'Community Federal Savings Bank', 'CMFGUS33XXX'),
    bank('021000021', 'JPMorgan Chase Bank', 'CHASUS33XXX'),
    bank('111000025', 'Bank of America', 'BOFAUS3NXXX'),
  ],
  CA: [
    bank('001', 'BMO Bank of Montreal', 'BOFMCAM2XXX'),
    bank('002', 'Scotiabank', 'NOSCCATTXXX'),
    bank('003', 'RBC Royal Bank', 'ROYCCAT2XXX'),
    bank('004', 'TD Canada Trust', 'TDOMCATTXXX'),
    bank('006', 'National Bank of Canada', 'BNDCCAMMXXX'),
    bank('010', 'CIBC', 'CIBCCATTXXX'),
    bank('815', 'Desjardins', 'CCDQCAMMXXX'),
  ],
  AU: [
    bank('01', 'ANZ', 'ANZBAU3MXXX'),
    bank('03', 'Westpac', 'WPACAU2SXXX'),
    bank('73', 'Westpac', 'WPACAU2SXXX'),
    bank('06', 'Commonwealth Bank', 'CTBAAU2SXXX'),
    bank('76', 'Commonwealth Bank', 'CTBAAU2SXXX'),
    bank('08', 'National Australia Bank', 'NATAAU33XXX'),
    bank('78', 'National Australia Bank', 'NATAAU33XXX'),
  ],
  NZ: [
    bank('01', 'ANZ Bank New Zealand', 'ANZBNZ22XXX'),
    bank('02', 'Bank of New Zealand', 'BKNZNZ22XXX'),
    bank('03', 'Westpac New Zealand', 'WPACNZ2WXXX'),
    bank('06', 'ANZ Bank New Zealand (National Bank)', 'ANZBNZ22XXX'),
    bank('12', 'ASB Bank', 'ASBBNZ2AXXX'),
    bank('38', 'Kiwibank', 'KIWINZ22XXX'),
  ],
  DK: [range(2000, 2999, 'Nordea Danmark', 'NDEADKKKXXX'), range(3000, 3999, 'Danske Bank', 'DABADKKKXXX')],
};

/** BICs of the main Swedish banks, whose names come from the clearing table (schemes.md § 2.8). */
const SWEDISH_BICS: Record<string, string> = {
  SEB: 'ESSESESSXXX',
  Handelsbanken: 'HANDSESSXXX',
  Swedbank: 'SWEDSESSXXX',
  Nordea: 'NDEASESSXXX',
  'Nordea Personkonto': 'NDEASESSXXX',
  'Danske Bank': 'DABASESXXXX',
  'Länsförsäkringar Bank': 'ELLFSESSXXX',
  Skandiabanken: 'SKIASESSXXX',
};

function bestMatch(entries: readonly Entry[], identifier: string): DirectoryBank | undefined {
  let best: Entry | undefined;
  let bestLength = -1;
  for (const entry of entries) {
    if ('prefix' in entry) {
      if (identifier.startsWith(entry.prefix) && entry.prefix.length > bestLength)
        [best, bestLength] = [entry, entry.prefix.length];
    } else {
      const value = Number(identifier);
      if (/^\d+$/.test(identifier) && value >= entry.from && value <= entry.to && bestLength < 0)
        [best, bestLength] = [entry, 0];
    }
  }
  return best;
}

/** The bank of a GB sort code (6 digits, no separators). */
export const bankOfSortCode = (sortCode: string): DirectoryBank | undefined => bestMatch(GB, sortCode);

function swedishBank(identity: AccountIdentity): DirectoryBank | undefined {
  const name = identity.branchCode
    ? swedishClearingRange(identity.branchCode)?.bankName
    : identity.iban && swedishBankNameOfIbanCode(identity.iban.slice(4, 7));
  return name ? { name, bic: SWEDISH_BICS[name] ?? null } : undefined;
}

/** @public The curated table's version (docs/bank-directory.md); bump it with any change to the entries above. */
export const CURATED_DIRECTORY_VERSION = '2026-11-25';

/** A German bank by its Bankleitzahl, from the Bundesbank file (BICs there have 8 or 11 letters). */
function germanBank(blz: string): DirectoryBank | undefined {
  const found = bankDataByBLZ(blz);
  if (!found?.bankName) return undefined;
  const bic = found.bic ? found.bic.padEnd(11, 'X') : null;
  return { name: found.bankName, bic };
}

/** Bank name and BIC of a validated account; nulls when the directory does not know the bank. */
export function lookUpBank(identity: AccountIdentity): { bankName: string | null; bic: string | null } {
  const { countryCode, bankCode, branchCode } = identity;
  let found: DirectoryBank | undefined;
  if (countryCode === 'SE') found = swedishBank(identity);
  else if (branchCode && SORT_CODE_COUNTRIES.includes(countryCode)) found = bankOfSortCode(branchCode);
  else if (countryCode === 'AU' && branchCode) found = bestMatch(LOCAL.AU ?? [], branchCode);
  else if (ibanCountry(identity) === 'DE' && bankCode) found = germanBank(bankCode);
  else if (countryCode === 'CA' && bankCode) found = bestMatch(LOCAL.CA ?? [], bankCode.slice(-3));
  else if (bankCode) found = bestMatch(LOCAL[countryCode] ?? SEPA[ibanCountry(identity)] ?? [], bankCode);
  return { bankName: found?.name ?? null, bic: found?.bic ?? null };
}

/** SEPA territories (e.g. RE) carry their parent's IBAN, whose bank codes the directory lists. */
const ibanCountry = (identity: AccountIdentity): string => identity.iban?.slice(0, 2) ?? identity.countryCode;
