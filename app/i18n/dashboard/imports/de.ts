import type { enImports } from './en';

export const deImports: Record<keyof typeof enImports, string> = {
  'imports.title': 'Import ausgehender Zahlungen {id}',
  'imports.intro':
    'Jede Zahlung unten wird per Faster Payments von Ihrem Zahlungskonto gesendet, sobald Sie den Import autorisieren. Ihr Guthaben wird bei jeder Zahlung geprüft: Eine, die es nicht deckt, wird nicht gesendet, die anderen trotzdem.',
  'imports.sum': 'Zu sendender Gesamtbetrag',
  'imports.counts': '{valid} von {total} Einträgen sind gültig',
  'imports.processed_counts': '{processed} Zahlungen ausgeführt, {failed} konnten nicht ausgeführt werden',
  'imports.entries': 'Zahlungen in diesem Import',
  'imports.recipient': 'Empfängerkonto',
  'imports.problem': 'Fehler',
  'imports.payment': 'Ausgehende Zahlung',
  'imports.authorise': 'Diese Zahlungen autorisieren',
  'imports.authorise_hint': 'Sie autorisieren {count} Zahlungen, insgesamt {sum}.',
  'imports.cancel': 'Diesen Import stornieren',
  'imports.not_valid':
    'Dieser Import enthält ungültige Einträge und kann daher nicht autorisiert werden. Korrigieren Sie sie und senden Sie einen neuen Import.',
  'imports.done.authorise': 'Import autorisiert: Die Zahlungen werden ausgeführt.',
  'imports.done.cancel': 'Import storniert: Aus ihm werden keine Zahlungen ausgeführt.',
  'imports.bad_intent': 'Wählen Sie Autorisieren oder Stornieren.',
};
