import type { enTemplates } from './en';

export const frTemplates: Record<keyof typeof enTemplates, string> = {
  'links.one_off': 'Un lien pour un seul paiement',
  'links.reusable': 'Un lien réutilisable',
  'templates.intro':
    'Un lien réutilisable reste le même pour chaque payeur : chacun de ceux qui l’ouvrent obtient son propre paiement. Mettez-le sur votre site web ou imprimez son code QR.',
  'templates.title': 'Liens réutilisables',
  'templates.list_link': 'Voir vos liens réutilisables',
  'templates.create': 'Créer un lien réutilisable',
  'templates.new_title': 'Nouveau lien réutilisable',
  'templates.edit_title': 'Modifier le lien réutilisable',
  'templates.page_title': 'Lien réutilisable',
  'templates.admins_only': 'Seuls les administrateurs peuvent créer ou modifier des liens réutilisables.',
  'templates.name_hint': 'Vous seul le voyez, dans cette liste.',
  'templates.mandate_scheme': 'Mandat de prélèvement',
  'templates.mandate_scheme_hint':
    'Choisissez un schéma pour que chaque payeur mette aussi en place un mandat avec celui-ci, pour les paiements suivants.',
  'templates.no_mandate': 'Aucun : le paiement seulement',
  'templates.save': 'Enregistrer les modifications',
  'templates.none': 'Il n’y a pas encore de lien réutilisable.',
  'templates.requests': 'Demandes de facturation faites avec ce lien',
  'templates.no_requests': 'Aucun payeur n’a encore utilisé ce lien.',
  'templates.payer': 'Payeur',
  'templates.billing_request': 'Demande de facturation',
  'templates.edit': 'Modifier ce lien',
  'templates.back': 'Tous les liens réutilisables',
  'templates.done.created': 'Lien réutilisable créé. Partagez le lien ou son code QR.',
  'templates.done.saved':
    'Modifications enregistrées. Les demandes de facturation déjà faites gardent ce qu’elles avaient.',
  'templates.text_invalid': 'Retirez le caractère qui ne peut pas être enregistré.',
  'templates.scheme_invalid': 'Choisissez un schéma dans la liste.',
  'templates.scheme_needs_limits':
    'Ce schéma exige des limites de paiement, que seule l’API peut fixer. Choisissez un autre schéma.',
  'templates.currency_not_taken': 'Les paiements par banque se font uniquement en {values}.',
};
