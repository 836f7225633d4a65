import type { enTemplates } from './en';

export const itTemplates: Record<keyof typeof enTemplates, string> = {
  'links.one_off': 'Un link per un solo pagamento',
  'links.reusable': 'Un link riutilizzabile',
  'templates.intro':
    'Un link riutilizzabile resta lo stesso per ogni pagatore: chiunque lo apra ottiene un pagamento tutto suo. Mettetelo sul vostro sito o stampatene il codice QR.',
  'templates.title': 'Link riutilizzabili',
  'templates.list_link': 'Vedi i tuoi link riutilizzabili',
  'templates.create': 'Crea un link riutilizzabile',
  'templates.new_title': 'Nuovo link riutilizzabile',
  'templates.edit_title': 'Modifica link riutilizzabile',
  'templates.page_title': 'Link riutilizzabile',
  'templates.admins_only': 'Solo gli amministratori possono creare o modificare link riutilizzabili.',
  'templates.name_hint': 'Lo vedi solo tu, in questo elenco.',
  'templates.mandate_scheme': 'Mandato di addebito diretto',
  'templates.mandate_scheme_hint':
    'Scegli uno schema perché ogni pagatore attivi anche un mandato con esso, per i pagamenti successivi.',
  'templates.no_mandate': 'Nessuno: solo il pagamento',
  'templates.save': 'Salva le modifiche',
  'templates.none': 'Non ci sono ancora link riutilizzabili.',
  'templates.requests': 'Richieste di pagamento fatte con questo link',
  'templates.no_requests': 'Nessun pagatore ha ancora usato questo link.',
  'templates.payer': 'Pagatore',
  'templates.billing_request': 'Richiesta di pagamento',
  'templates.edit': 'Modifica questo link',
  'templates.back': 'Tutti i link riutilizzabili',
  'templates.done.created': 'Link riutilizzabile creato. Condividi il link o il suo codice QR.',
  'templates.done.saved': 'Modifiche salvate. Le richieste di pagamento già fatte mantengono ciò che avevano.',
  'templates.text_invalid': 'Togli il carattere che non si può salvare.',
  'templates.scheme_invalid': 'Scegli uno schema dall’elenco.',
  'templates.scheme_needs_limits':
    'Questo schema richiede limiti di pagamento, che solo l’API può impostare. Scegli un altro schema.',
  'templates.currency_not_taken': 'I pagamenti tramite banca sono accettati solo in {values}.',
};
