import type { enImports } from './en';

export const frImports: Record<keyof typeof enImports, string> = {
  'imports.title': 'Import de paiements sortants {id}',
  'imports.intro':
    'Chaque paiement ci-dessous est envoyé depuis votre compte de paiement par Faster Payments dès que vous autorisez l’import. Votre solde est vérifié à chaque paiement : celui qu’il ne couvre pas n’est pas envoyé, les autres le sont quand même.',
  'imports.sum': 'Total à envoyer',
  'imports.counts': '{valid} entrées valides sur {total}',
  'imports.processed_counts': '{processed} paiements effectués, {failed} n’ont pas pu l’être',
  'imports.entries': 'Paiements de cet import',
  'imports.recipient': 'Compte du bénéficiaire',
  'imports.problem': 'Problème',
  'imports.payment': 'Paiement sortant',
  'imports.authorise': 'Autoriser ces paiements',
  'imports.authorise_hint': 'Vous autorisez {count} paiements, {sum} au total.',
  'imports.cancel': 'Annuler cet import',
  'imports.not_valid':
    'Cet import contient des entrées non valides et ne peut donc pas être autorisé. Corrigez-les et envoyez un nouvel import.',
  'imports.done.authorise': 'Import autorisé : ses paiements sont en cours.',
  'imports.done.cancel': 'Import annulé : aucun paiement ne sera effectué.',
  'imports.bad_intent': 'Choisissez autoriser ou annuler.',
};
