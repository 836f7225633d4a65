import type { enTemplates } from './en';

export const nbTemplates: Record<keyof typeof enTemplates, string> = {
  'links.one_off': 'En lenke for én betaling',
  'links.reusable': 'En gjenbrukbar lenke',
  'templates.intro':
    'En gjenbrukbar lenke er den samme for alle betalere: hver den som åpner den, får sin egen betaling. Legg den på nettstedet deres eller skriv ut QR-koden.',
  'templates.title': 'Gjenbrukbare lenker',
  'templates.list_link': 'Se de gjenbrukbare lenkene deres',
  'templates.create': 'Opprett en gjenbrukbar lenke',
  'templates.new_title': 'Ny gjenbrukbar lenke',
  'templates.edit_title': 'Endre gjenbrukbar lenke',
  'templates.page_title': 'Gjenbrukbar lenke',
  'templates.admins_only': 'Bare administratorer kan opprette eller endre gjenbrukbare lenker.',
  'templates.name_hint': 'Bare du ser det, i denne listen.',
  'templates.mandate_scheme': 'Mandat for direkte belastning',
  'templates.mandate_scheme_hint':
    'Velg en ordning slik at hver betaler også oppretter en fullmakt med den, for senere betalinger.',
  'templates.no_mandate': 'Ingen: bare betalingen',
  'templates.save': 'Lagre endringene',
  'templates.none': 'Det finnes ingen gjenbrukbare lenker ennå.',
  'templates.requests': 'Betalingsforespørsler laget via denne lenken',
  'templates.no_requests': 'Ingen betaler har brukt denne lenken ennå.',
  'templates.payer': 'Betaler',
  'templates.billing_request': 'Betalingsforespørsel',
  'templates.edit': 'Endre denne lenken',
  'templates.back': 'Alle gjenbrukbare lenker',
  'templates.done.created': 'Gjenbrukbar lenke opprettet. Del lenken eller QR-koden.',
  'templates.done.saved': 'Endringene er lagret. Betalingsforespørsler som alt er laget, beholder det de hadde.',
  'templates.text_invalid': 'Fjern tegnet som ikke kan lagres.',
  'templates.scheme_invalid': 'Velg en ordning fra listen.',
  'templates.scheme_needs_limits':
    'Denne ordningen trenger betalingsgrenser, som bare API-et kan sette. Velg en annen ordning.',
  'templates.currency_not_taken': 'Betalinger via bank tas bare imot i {values}.',
};
