import type { enImports } from './en';

export const nlImports: Record<keyof typeof enImports, string> = {
  'imports.title': 'Import van uitgaande betalingen {id}',
  'imports.intro':
    'Elke betaling hieronder wordt via Faster Payments vanaf uw betaalrekening verstuurd zodra u de import autoriseert. Uw saldo wordt bij elke betaling gecontroleerd: een betaling die het niet dekt, wordt niet verstuurd, de andere wel.',
  'imports.sum': 'Totaal te versturen',
  'imports.counts': '{valid} van {total} regels zijn geldig',
  'imports.processed_counts': '{processed} betalingen gedaan, {failed} konden niet worden gedaan',
  'imports.entries': 'Betalingen in deze import',
  'imports.recipient': 'Rekening van de ontvanger',
  'imports.problem': 'Probleem',
  'imports.payment': 'Uitgaande betaling',
  'imports.authorise': 'Deze betalingen autoriseren',
  'imports.authorise_hint': 'U autoriseert {count} betalingen, in totaal {sum}.',
  'imports.cancel': 'Deze import annuleren',
  'imports.not_valid':
    'Deze import bevat ongeldige regels en kan daarom niet worden geautoriseerd. Verbeter ze en stuur een nieuwe import.',
  'imports.done.authorise': 'Import geautoriseerd: de betalingen worden gedaan.',
  'imports.done.cancel': 'Import geannuleerd: er worden geen betalingen uit gedaan.',
  'imports.bad_intent': 'Kies autoriseren of annuleren.',
};
