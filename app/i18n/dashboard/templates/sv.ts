import type { enTemplates } from './en';

export const svTemplates: Record<keyof typeof enTemplates, string> = {
  'links.one_off': 'En länk för en betalning',
  'links.reusable': 'En återanvändbar länk',
  'templates.intro':
    'En återanvändbar länk är densamma för alla betalare: var och en som öppnar den får en egen betalning. Lägg den på er webbplats eller skriv ut dess QR-kod.',
  'templates.title': 'Återanvändbara länkar',
  'templates.list_link': 'Visa era återanvändbara länkar',
  'templates.create': 'Skapa en återanvändbar länk',
  'templates.new_title': 'Ny återanvändbar länk',
  'templates.edit_title': 'Ändra återanvändbar länk',
  'templates.page_title': 'Återanvändbar länk',
  'templates.admins_only': 'Bara administratörer kan skapa eller ändra återanvändbara länkar.',
  'templates.name_hint': 'Bara du ser det, i den här listan.',
  'templates.mandate_scheme': 'Medgivande för direktdebitering',
  'templates.mandate_scheme_hint':
    'Välj ett system så att varje betalare också lämnar ett medgivande med det, för senare betalningar.',
  'templates.no_mandate': 'Inget: bara betalningen',
  'templates.save': 'Spara ändringarna',
  'templates.none': 'Det finns inga återanvändbara länkar än.',
  'templates.requests': 'Betalningsförfrågningar gjorda via den här länken',
  'templates.no_requests': 'Ingen betalare har använt den här länken än.',
  'templates.payer': 'Betalare',
  'templates.billing_request': 'Betalningsförfrågan',
  'templates.edit': 'Ändra den här länken',
  'templates.back': 'Alla återanvändbara länkar',
  'templates.done.created': 'Återanvändbar länk skapad. Dela länken eller dess QR-kod.',
  'templates.done.saved': 'Ändringarna är sparade. Betalningsförfrågningar som redan gjorts behåller det de hade.',
  'templates.text_invalid': 'Ta bort tecknet som inte kan sparas.',
  'templates.scheme_invalid': 'Välj ett system i listan.',
  'templates.scheme_needs_limits':
    'Det här systemet kräver betalningsgränser, som bara API:et kan sätta. Välj ett annat system.',
  'templates.currency_not_taken': 'Betalningar via bank tas bara emot i {values}.',
};
