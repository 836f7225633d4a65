/**
 * Words of a bank's name that stay in capitals: acronyms (HSBC, ING, BNP…) and the company forms
 * written so (PLC). Any other all-capital word is a name, written as one.
 */
const ACRONYMS = new Set([
  'ABN',
  'AIB',
  'AMRO',
  'ANZ',
  'ASB',
  'BBVA',
  'BMO',
  'BNP',
  'BNZ',
  'BSB',
  'CIBC',
  'DNB',
  'HSBC',
  'ING',
  'KBC',
  'LCL',
  'NA',
  'NAB',
  'PLC',
  'PTSB',
  'RBC',
  'RBS',
  'SEB',
  'TD',
  'TSB',
  'UBS',
  'UK',
  'US',
  'USA',
]);
/** Small words written in lower case inside a name ("Bank of Scotland", "Banco de Sabadell"). */
const SMALL = new Set([
  'of',
  'and',
  'the',
  'de',
  'du',
  'des',
  'la',
  'le',
  'di',
  'del',
  'van',
  'der',
  'und',
  'och',
  'og',
]);

/**
 * A bank's name in its own case, for the payer's eyes: the directories write some all in capitals
 * ("BARCLAYS BANK PLC"), which reads as shouting and is harder to read. A name with any lower-case
 * letter is already the bank's own writing and is kept (issue #38.8). The stored name is unchanged.
 */
export function displayBankName(name: string): string {
  if (/\p{Ll}/u.test(name)) return name;
  return name
    .split(/(\s+|-|&)/)
    .map((word, index) => {
      if (!/\p{Lu}/u.test(word)) return word;
      // Dotted initials (N.V., S.A.) are company forms too.
      if (ACRONYMS.has(word) || /^(\p{Lu}\.)+$/u.test(word)) return word;
      const lower = word.toLocaleLowerCase('en');
      if (index > 0 && SMALL.has(lower)) return lower;
      return lower.charAt(0).toLocaleUpperCase('en') + lower.slice(1);
    })
    .join('');
}
