import type { enImports } from './en';

export const daImports: Record<keyof typeof enImports, string> = {
  'imports.title': 'Import af udgående betalinger {id}',
  'imports.intro':
    'Hver betaling nedenfor sendes fra din betalingskonto med Faster Payments, så snart du godkender importen. Din saldo kontrolleres for hver betaling: en, den ikke dækker, sendes ikke, men de andre gør.',
  'imports.sum': 'I alt til afsendelse',
  'imports.counts': '{valid} af {total} poster er gyldige',
  'imports.processed_counts': '{processed} betalinger foretaget, {failed} kunne ikke foretages',
  'imports.entries': 'Betalinger i denne import',
  'imports.recipient': 'Modtagerens konto',
  'imports.problem': 'Fejl',
  'imports.payment': 'Udgående betaling',
  'imports.authorise': 'Godkend disse betalinger',
  'imports.authorise_hint': 'Du godkender {count} betalinger, {sum} i alt.',
  'imports.cancel': 'Annullér denne import',
  'imports.not_valid': 'Denne import har ugyldige poster og kan derfor ikke godkendes. Ret dem, og send en ny import.',
  'imports.done.authorise': 'Import godkendt: betalingerne foretages nu.',
  'imports.done.cancel': 'Import annulleret: der foretages ingen betalinger fra den.',
  'imports.bad_intent': 'Vælg godkend eller annullér.',
};
