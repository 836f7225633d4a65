import type { enImports } from './en';

export const svImports: Record<keyof typeof enImports, string> = {
  'imports.title': 'Import av utgående betalningar {id}',
  'imports.intro':
    'Varje betalning nedan skickas från ditt betalkonto med Faster Payments så snart du godkänner importen. Saldot kontrolleras för varje betalning: en som det inte täcker skickas inte, men de andra gör det.',
  'imports.sum': 'Totalt att skicka',
  'imports.counts': '{valid} av {total} poster är giltiga',
  'imports.processed_counts': '{processed} betalningar gjorda, {failed} kunde inte göras',
  'imports.entries': 'Betalningar i den här importen',
  'imports.recipient': 'Mottagarens konto',
  'imports.problem': 'Fel',
  'imports.payment': 'Utgående betalning',
  'imports.authorise': 'Godkänn de här betalningarna',
  'imports.authorise_hint': 'Du godkänner {count} betalningar, totalt {sum}.',
  'imports.cancel': 'Avbryt den här importen',
  'imports.not_valid':
    'Den här importen har ogiltiga poster och kan därför inte godkännas. Rätta dem och skicka en ny import.',
  'imports.done.authorise': 'Import godkänd: betalningarna görs nu.',
  'imports.done.cancel': 'Import avbruten: inga betalningar görs från den.',
  'imports.bad_intent': 'Välj godkänn eller avbryt.',
};
