import type { enImports } from './en';

export const slImports: Record<keyof typeof enImports, string> = {
  'imports.title': 'Uvoz odhodnih plačil {id}',
  'imports.intro':
    'Vsako plačilo spodaj je poslano z vašega plačilnega računa prek Faster Payments, ko odobrite uvoz. Stanje se preveri pri vsakem plačilu: plačilo, ki ga ne pokrije, ni poslano, druga pa so.',
  'imports.sum': 'Skupaj za pošiljanje',
  'imports.counts': '{valid} od {total} vnosov je veljavnih',
  'imports.processed_counts': '{processed} plačil izvedenih, {failed} jih ni bilo mogoče izvesti',
  'imports.entries': 'Plačila v tem uvozu',
  'imports.recipient': 'Račun prejemnika',
  'imports.problem': 'Težava',
  'imports.payment': 'Odhodno plačilo',
  'imports.authorise': 'Odobri ta plačila',
  'imports.authorise_hint': 'Odobravate {count} plačil, skupaj {sum}.',
  'imports.cancel': 'Prekliči ta uvoz',
  'imports.not_valid': 'Ta uvoz ima neveljavne vnose, zato ga ni mogoče odobriti. Popravite jih in pošljite nov uvoz.',
  'imports.done.authorise': 'Uvoz odobren: plačila se izvajajo.',
  'imports.done.cancel': 'Uvoz preklican: iz njega ne bo izvedeno nobeno plačilo.',
  'imports.bad_intent': 'Izberite odobri ali prekliči.',
};
