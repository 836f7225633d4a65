import type { enTemplates } from './en';

export const daTemplates: Record<keyof typeof enTemplates, string> = {
  'links.one_off': 'Et link til én betaling',
  'links.reusable': 'Et genbrugeligt link',
  'templates.intro':
    'Et genbrugeligt link er det samme for alle betalere: hver den, der åbner det, får sin egen betaling. Sæt det på jeres hjemmeside, eller udskriv dets QR-kode.',
  'templates.title': 'Genbrugelige links',
  'templates.list_link': 'Se jeres genbrugelige links',
  'templates.create': 'Opret et genbrugeligt link',
  'templates.new_title': 'Nyt genbrugeligt link',
  'templates.edit_title': 'Ret genbrugeligt link',
  'templates.page_title': 'Genbrugeligt link',
  'templates.admins_only': 'Kun administratorer kan oprette eller rette genbrugelige links.',
  'templates.name_hint': 'Kun du ser det, i denne liste.',
  'templates.mandate_scheme': 'Mandat til direkte debitering',
  'templates.mandate_scheme_hint':
    'Vælg en ordning, så hver betaler også opretter en aftale med den til senere betalinger.',
  'templates.no_mandate': 'Ingen: kun betalingen',
  'templates.save': 'Gem ændringer',
  'templates.none': 'Der er endnu ingen genbrugelige links.',
  'templates.requests': 'Betalingsanmodninger oprettet via dette link',
  'templates.no_requests': 'Ingen betaler har brugt dette link endnu.',
  'templates.payer': 'Betaler',
  'templates.billing_request': 'Betalingsanmodning',
  'templates.edit': 'Ret dette link',
  'templates.back': 'Alle genbrugelige links',
  'templates.done.created': 'Genbrugeligt link oprettet. Del linket eller dets QR-kode.',
  'templates.done.saved': 'Ændringer gemt. Betalingsanmodninger, der allerede er oprettet, beholder det, de havde.',
  'templates.text_invalid': 'Fjern det tegn, der ikke kan gemmes.',
  'templates.scheme_invalid': 'Vælg en ordning fra listen.',
  'templates.scheme_needs_limits':
    'Denne ordning kræver betalingsgrænser, som kun API’et kan sætte. Vælg en anden ordning.',
  'templates.currency_not_taken': 'Betalinger via bank modtages kun i {values}.',
};
