import type { enTemplates } from './en';

export const slTemplates: Record<keyof typeof enTemplates, string> = {
  'links.one_off': 'Povezava za eno plačilo',
  'links.reusable': 'Povezava za večkratno uporabo',
  'templates.intro':
    'Povezava za večkratno uporabo je enaka za vse plačnike: vsak, ki jo odpre, dobi svoje plačilo. Objavite jo na svoji spletni strani ali natisnite njeno kodo QR.',
  'templates.title': 'Povezave za večkratno uporabo',
  'templates.list_link': 'Oglejte si svoje povezave za večkratno uporabo',
  'templates.create': 'Ustvari povezavo za večkratno uporabo',
  'templates.new_title': 'Nova povezava za večkratno uporabo',
  'templates.edit_title': 'Spremeni povezavo za večkratno uporabo',
  'templates.page_title': 'Povezava za večkratno uporabo',
  'templates.admins_only': 'Povezave za večkratno uporabo lahko ustvarijo ali spremenijo samo skrbniki.',
  'templates.name_hint': 'Vidite ga samo vi, na tem seznamu.',
  'templates.mandate_scheme': 'Pooblastilo za direktno obremenitev',
  'templates.mandate_scheme_hint': 'Izberite shemo, da vsak plačnik z njo odobri tudi pooblastilo za poznejša plačila.',
  'templates.no_mandate': 'Brez: samo plačilo',
  'templates.save': 'Shrani spremembe',
  'templates.none': 'Povezav za večkratno uporabo še ni.',
  'templates.requests': 'Zahtevki za plačilo, ustvarjeni prek te povezave',
  'templates.no_requests': 'Te povezave še ni uporabil noben plačnik.',
  'templates.payer': 'Plačnik',
  'templates.billing_request': 'Zahtevek za plačilo',
  'templates.edit': 'Spremeni to povezavo',
  'templates.back': 'Vse povezave za večkratno uporabo',
  'templates.done.created': 'Povezava za večkratno uporabo je ustvarjena. Delite povezavo ali njeno kodo QR.',
  'templates.done.saved': 'Spremembe so shranjene. Že ustvarjeni zahtevki za plačilo ohranijo, kar so imeli.',
  'templates.text_invalid': 'Odstranite znak, ki ga ni mogoče shraniti.',
  'templates.scheme_invalid': 'Izberite shemo s seznama.',
  'templates.scheme_needs_limits':
    'Ta shema potrebuje omejitve plačil, ki jih lahko nastavi samo API. Izberite drugo shemo.',
  'templates.currency_not_taken': 'Plačila prek banke so mogoča samo v {values}.',
};
