import type { enImports } from './en';

export const nbImports: Record<keyof typeof enImports, string> = {
  'imports.title': 'Import av utgående betalinger {id}',
  'imports.intro':
    'Hver betaling nedenfor sendes fra betalingskontoen din med Faster Payments så snart du godkjenner importen. Saldoen kontrolleres for hver betaling: en den ikke dekker, sendes ikke, men de andre gjør det.',
  'imports.sum': 'Totalt å sende',
  'imports.counts': '{valid} av {total} oppføringer er gyldige',
  'imports.processed_counts': '{processed} betalinger utført, {failed} kunne ikke utføres',
  'imports.entries': 'Betalinger i denne importen',
  'imports.recipient': 'Mottakerens konto',
  'imports.problem': 'Feil',
  'imports.payment': 'Utgående betaling',
  'imports.authorise': 'Godkjenn disse betalingene',
  'imports.authorise_hint': 'Du godkjenner {count} betalinger, {sum} totalt.',
  'imports.cancel': 'Avbryt denne importen',
  'imports.not_valid':
    'Denne importen har ugyldige oppføringer og kan derfor ikke godkjennes. Rett dem og send en ny import.',
  'imports.done.authorise': 'Import godkjent: betalingene utføres nå.',
  'imports.done.cancel': 'Import avbrutt: ingen betalinger utføres fra den.',
  'imports.bad_intent': 'Velg godkjenn eller avbryt.',
};
