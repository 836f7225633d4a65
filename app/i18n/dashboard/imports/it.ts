import type { enImports } from './en';

export const itImports: Record<keyof typeof enImports, string> = {
  'imports.title': 'Importazione di pagamenti in uscita {id}',
  'imports.intro':
    'Ogni pagamento qui sotto viene inviato dal tuo conto di pagamento tramite Faster Payments non appena autorizzi l’importazione. Il saldo viene verificato a ogni pagamento: quello che non copre non viene inviato, gli altri sì.',
  'imports.sum': 'Totale da inviare',
  'imports.counts': '{valid} voci valide su {total}',
  'imports.processed_counts': '{processed} pagamenti eseguiti, {failed} non eseguibili',
  'imports.entries': 'Pagamenti di questa importazione',
  'imports.recipient': 'Conto del beneficiario',
  'imports.problem': 'Problema',
  'imports.payment': 'Pagamento in uscita',
  'imports.authorise': 'Autorizza questi pagamenti',
  'imports.authorise_hint': 'Stai autorizzando {count} pagamenti, {sum} in totale.',
  'imports.cancel': 'Annulla questa importazione',
  'imports.not_valid':
    'Questa importazione contiene voci non valide e non può essere autorizzata. Correggile e invia una nuova importazione.',
  'imports.done.authorise': 'Importazione autorizzata: i pagamenti sono in corso.',
  'imports.done.cancel': 'Importazione annullata: non verrà eseguito alcun pagamento.',
  'imports.bad_intent': 'Scegli autorizza o annulla.',
};
