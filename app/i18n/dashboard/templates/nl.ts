import type { enTemplates } from './en';

export const nlTemplates: Record<keyof typeof enTemplates, string> = {
  'links.one_off': 'Een link voor één betaling',
  'links.reusable': 'Een herbruikbare link',
  'templates.intro':
    'Een herbruikbare link blijft voor elke betaler dezelfde: iedereen die hem opent, krijgt een eigen betaling. Zet hem op uw website of druk de QR-code af.',
  'templates.title': 'Herbruikbare links',
  'templates.list_link': 'Uw herbruikbare links bekijken',
  'templates.create': 'Een herbruikbare link maken',
  'templates.new_title': 'Nieuwe herbruikbare link',
  'templates.edit_title': 'Herbruikbare link wijzigen',
  'templates.page_title': 'Herbruikbare link',
  'templates.admins_only': 'Alleen beheerders kunnen herbruikbare links maken of wijzigen.',
  'templates.name_hint': 'Alleen u ziet deze, in deze lijst.',
  'templates.mandate_scheme': 'Incassomachtiging',
  'templates.mandate_scheme_hint':
    'Kies een schema zodat elke betaler er ook een machtiging mee afgeeft, voor latere betalingen.',
  'templates.no_mandate': 'Geen: alleen de betaling',
  'templates.save': 'Wijzigingen opslaan',
  'templates.none': 'Er zijn nog geen herbruikbare links.',
  'templates.requests': 'Betaalverzoeken gemaakt via deze link',
  'templates.no_requests': 'Nog geen betaler heeft deze link gebruikt.',
  'templates.payer': 'Betaler',
  'templates.billing_request': 'Betaalverzoek',
  'templates.edit': 'Deze link wijzigen',
  'templates.back': 'Alle herbruikbare links',
  'templates.done.created': 'Herbruikbare link gemaakt. Deel de link of de QR-code.',
  'templates.done.saved': 'Wijzigingen opgeslagen. Betaalverzoeken die al gemaakt zijn, houden wat ze hadden.',
  'templates.text_invalid': 'Verwijder het teken dat niet kan worden opgeslagen.',
  'templates.scheme_invalid': 'Kies een schema uit de lijst.',
  'templates.scheme_needs_limits':
    'Dit schema heeft betaallimieten nodig, die alleen de API kan instellen. Kies een ander schema.',
  'templates.currency_not_taken': 'Betalingen via de bank kunnen alleen in {values}.',
};
