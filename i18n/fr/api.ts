import type { ApiCatalogue } from '../en/api';

/** French API messages (impersonal register). Keys, placeholders and technical tokens as in ../en/api.ts. */
export const api: ApiCatalogue = {
  'reason.internal_server_error':
    "Une erreur interne s'est produite. Relancer la requête ; si le problème persiste, indiquer le request_id.",
  'reason.request_timed_out': "La requête n'a pas abouti dans le délai imparti. Elle peut être relancée sans risque.",
  'reason.query_timed_out': 'La requête a pris trop de temps. Relancer avec des paramètres plus restrictifs.',
  'reason.service_unavailable': 'Le service est en cours de démarrage. Réessayer dans quelques secondes.',
  'reason.database_unavailable':
    'La base de données est indisponible. Rien n’a été modifié ; réessayer dans quelques secondes.',
  'reason.invalid_type': 'Certains paramètres ont un type incorrect ou ne sont pas reconnus.',
  'reason.path_not_found': "Le chemin n'a pas été reconnu.",
  'reason.resource_not_found': 'La ressource est introuvable.',
  'reason.link_not_found': 'Une ressource indiquée dans links est introuvable.',
  'reason.unauthorized': "Les identifiants n'ont pas été reconnus.",
  'reason.forbidden': "L'accès à cette ressource n'est pas autorisé.",
  'reason.feature_disabled': "Cette fonctionnalité n'est pas activée sur ce compte.",
  'reason.bank_account_details_no_jwks':
    "Les coordonnées bancaires sont envoyées chiffrées pour la clé publique de votre organisation, et aucune n'est enregistrée. Demandez à l'opérateur d'enregistrer votre JWKS.",
  'reason.bank_account_details_not_kept':
    "Les coordonnées complètes de ce compte bancaire n'ont pas été conservées (il a été créé avant la mise à disposition des coordonnées bancaires).",
  'reason.not_acceptable': "L'en-tête Accept doit autoriser application/json ou application/vnd.api+json.",
  'reason.request_entity_too_large': 'Le corps de la requête dépasse {max} octets.',
  'reason.unsupported_media_type': 'Seul le format JSON est accepté : utiliser Content-Type application/json.',
  'reason.rate_limit_exceeded':
    'Limite de requêtes dépassée : {limit} requêtes par minute. Réessayer après la réinitialisation de la fenêtre.',
  'reason.access_token_not_found': "Le jeton d'accès est introuvable.",
  'reason.access_token_not_active': "Le jeton d'accès est désactivé.",
  'reason.access_token_revoked': "Le jeton d'accès a été révoqué.",
  'reason.missing_authorization_header': "L'en-tête Authorization est absent. Envoyer Authorization: Bearer <token>.",
  'reason.invalid_authorization_header': "L'en-tête Authorization doit être de la forme Bearer <token>.",
  'reason.insufficient_permissions': "Le jeton d'accès ne dispose pas de la portée (scope) requise pour cette action.",
  'reason.insufficient_permissions_continue_on_dashboard':
    'Cette action ne peut être effectuée que depuis le tableau de bord.',
  'reason.method_not_allowed': "La méthode {method} n'est pas autorisée pour ce chemin. Autorisées : {allowed}.",
  'reason.scheme_identifier_not_active':
    "Le créancier n'a pas d'identifiant actif pour {scheme} : il ne peut pas encore recevoir de mandats dans ce schéma.",
  'reason.funds_availability_sandbox_only':
    "La disponibilité des fonds n'est fournie que dans le bac à sable : en production, aucune connexion à la banque du payeur.",
  'reason.bad_request': "Le corps de la requête n'est pas un JSON valide.",
  'reason.length_required': 'Les requêtes POST et PUT nécessitent un en-tête Content-Length.',
  'reason.idempotency_key_too_long': "L'en-tête Idempotency-Key ne doit pas dépasser {max} caractères.",
  'reason.invalid_document_structure': 'Les paramètres doivent être imbriqués sous le nom de la ressource ({key}).',
  'reason.invalid_content_type':
    'Les requêtes POST et PUT nécessitent Content-Type application/json ou application/vnd.api+json.',
  'reason.tls_required': 'Les requêtes doivent être effectuées en HTTPS.',
  'reason.missing_version_header': "L'en-tête {header} est absent.",
  'reason.version_not_found': "La version indiquée dans l'en-tête {header} n'est pas une version publiée.",
  'reason.invalid_filters': "Cette combinaison de filtres n'est pas autorisée.",
  'reason.request_body_not_allowed': "Cette méthode n'accepte pas de corps de requête : utiliser des paramètres d'URL.",
  'reason.customer_data_removed': 'Le client a été supprimé ; supprimer toute référence à celui-ci.',
  'reason.payout_items_data_archived': 'Les éléments de virement de plus de 6 mois sont archivés.',
  'reason.cancellation_failed': 'La ressource ne peut pas être annulée dans son état actuel.',
  'reason.retry_failed': "Le paiement n'a pas pu être représenté.",
  'reason.webhook_endpoint_disabled':
    'Le point de terminaison du webhook est désactivé : activez-le avant de renvoyer ses livraisons.',
  'reason.webhook_not_attempted':
    "Le webhook n'a pas encore été tenté : il est en cours d'envoi, il n'y a donc rien à renvoyer.",
  'reason.disable_failed': 'La ressource est déjà désactivée.',
  'reason.enable_failed': 'La ressource ne peut pas être activée dans son état actuel.',
  'reason.mandate_is_inactive': 'Le mandat est annulé, en échec ou expiré.',
  'reason.mandate_replaced': 'Le mandat a été remplacé ; voir links.new_mandate.',
  'reason.bank_account_disabled': 'Le compte bancaire est désactivé.',
  'reason.mandate_import_not_created':
    'L’import de mandats n’est plus ouvert : les entrées et la soumission ne sont acceptées que tant qu’il est créé.',
  'reason.payer_authorisation_not_editable': 'L’autorisation du payeur a été soumise et ne peut plus être modifiée.',
  'reason.payer_authorisation_not_submitted':
    'L’autorisation du payeur doit être soumise avant de pouvoir être confirmée.',
  'reason.status_changed': 'La ressource a changé d’état pendant ce changement, qui ne s’applique donc plus.',
  'reason.mandate_not_inactive': 'Le mandat est actif ou en cours de soumission ; il ne peut donc pas être réactivé.',
  'reason.refund_is_unreachable': "Le remboursement n'atteindrait pas le compte cible.",
  'reason.refund_payment_invalid_state': 'Le paiement doit être confirmé ou versé pour pouvoir être remboursé.',
  'reason.total_amount_confirmation_invalid': 'Le montant total remboursé ne correspond pas à la confirmation.',
  'reason.number_of_refunds_exceeded': 'Ce paiement a déjà atteint le nombre maximal de remboursements.',
  'reason.idempotent_creation_conflict': "Une ressource a déjà été créée avec cette clé d'idempotence.",
  'reason.customer_bank_account_token_used': 'Ce jeton de compte bancaire client a déjà été utilisé.',
  'reason.billing_request_must_be_ready_to_fulfil':
    'La demande de facturation comporte encore des actions requises ; voir ses actions.',
  'reason.billing_request_not_pending':
    "La demande de facturation a le statut {status} : aucune autre action n'est possible.",
  'reason.billing_request_already_fulfilled': 'La demande de facturation a déjà été exécutée.',
  'reason.fallback_not_enabled': "Le mode de repli (fallback) n'est pas activé pour cette demande de facturation.",
  'reason.choose_currency_not_allowed': 'La devise ne peut pas être choisie pour cette demande de facturation.',
  'reason.action_not_required': 'Cette action ne fait pas partie de la demande de facturation.',
  'reason.bank_authorisation_expired': "L'autorisation bancaire a expiré.",
  'reason.bank_authorisation_not_pending': "L'autorisation bancaire a déjà été finalisée.",
  'reason.action_requirements_not_met': "Effectuer d'abord les actions suivantes : {actions}.",
  'reason.billing_request_flow_expired': 'Le parcours de la demande de facturation a expiré.',
  'reason.creditor_contact_required':
    "Le créancier n'a ni numéro de téléphone ni adresse e-mail, que le schéma {scheme} exige sur chaque mandat : ajoutez-en un au créancier avant de prendre des mandats {scheme}.",
  'reason.request_type_not_supported_by_scheme':
    "Ce type de demande n'est pas pris en charge par le système de paiement.",
  'reason.bank_authorisation_hosted_only':
    "Les autorisations bancaires sont créées par le parcours de paiement hébergé, et non via l'API.",
  'reason.flow_currency_locked': 'Le marchand a fixé la devise de cette demande.',
  'reason.flow_customer_details_locked': 'Le marchand a fixé les coordonnées du client de cette demande.',
  'reason.flow_bank_account_locked': 'Le marchand a fixé le compte bancaire de cette demande.',
  'reason.fallback_not_instant':
    "Le repli (fallback) ne s'applique qu'aux paiements bancaires instantanés n'ayant pas encore fait l'objet d'un repli.",
  'reason.mandate_blocked':
    "Le mandat n'a pas été créé : le client ou le compte bancaire correspond à un blocage actif.",
  'reason.mandate_reinstatement_limit_reached': 'Ce mandat a déjà été réactivé le nombre maximal de fois ({max}).',
  'reason.scenario_simulator_not_applicable':
    "Ce simulateur de scénario ne s'applique pas à une ressource {scheme} à l'état {status}.",
  'reason.validation_failed': 'La validation a échoué.',
  'reason.bank_account_exists': 'Ce compte bancaire existe déjà.',
  'reason.available_refund_amount_insufficient': 'Le solde du créancier ne permet pas de couvrir ce remboursement.',
  'reason.insufficient_balance': 'Le solde du compte de paiement ne permet pas de couvrir ce paiement sortant.',
  'reason.outbound_payment_not_pending_approval':
    'Seul un paiement sortant en attente d’approbation peut être approuvé.',
  'reason.outbound_payment_approver_is_creator':
    'Un paiement sortant doit être approuvé par un autre jeton d’accès que celui qui l’a créé.',
  'reason.already_actioned':
    'Le délai de cette notification client est dépassé : elle ne peut plus être prise en charge, et le service envoie l’avis lui-même.',
  'reason.withdrawal_account_not_verified':
    'Les retraits ne vont que vers le compte bancaire GBP vérifié du créancier lui-même, et il n’en a aucun.',
  'reason.outbound_payment_import_not_valid':
    'Seul un import de paiements sortants valide peut être autorisé, et une seule fois.',

  'reason.subscription_not_active': "L'abonnement n'est pas actif.",
  'reason.subscription_already_ended': "L'abonnement a déjà prélevé tous ses paiements.",
  'reason.subscription_not_paused': "L'abonnement n'est pas en pause.",
  'reason.subscription_cannot_be_paused': 'Seul un abonnement limité par count, ou sans fin, peut être mis en pause.',
  'reason.subscription_paused_cannot_update_cycles':
    "L'abonnement est déjà en pause pour un nombre de cycles ; mettez-le en pause sans pause_cycles ou reprenez-le d'abord.",
  'reason.mandate_payments_require_approval':
    'Le mandat doit être approuvé par le client avant que des paiements puissent être créés.',
  'field.not_with': 'ne peut pas être fourni avec {other}',
  'field.before_clock':
    'est antérieur à l’horloge de l’organisation ({now}) : une horloge de test n’avance que vers l’avant',
  'field.too_far_ahead': 'est à plus de {years} ans de l’horloge de l’organisation',
  'field.after_first_charge': 'doit être postérieure à la date du premier prélèvement ({date})',
  'field.required': 'est obligatoire',
  'field.blank': 'ne peut pas être vide',
  'field.invalid_choice': "doit être l'une des valeurs suivantes : {values}",
  'field.invalid_format': "n'est pas au format attendu",
  'field.invalid_date': 'doit être une date au format YYYY-MM-DD',
  'field.invalid_timestamp': 'doit être un horodatage ISO 8601',
  'field.too_long': 'est trop long ({max} caractères au maximum)',
  'field.too_short': 'est trop court ({min} caractères au minimum)',
  'field.too_large': 'doit être inférieur ou égal à {max}',
  'field.too_small': 'doit être supérieur ou égal à {min}',
  'field.too_many': "contient trop d'éléments ({max} au maximum)",
  'field.too_few': "contient trop peu d'éléments ({min} au minimum)",
  'field.not_integer': 'doit être un nombre entier',
  'field.too_many_keys': 'ne peut pas contenir plus de {max} clés',
  'field.key_too_long': 'les clés ne peuvent pas dépasser {max} caractères',
  'field.invalid_email': "n'est pas une adresse e-mail valide",
  'field.invalid_domain': "n'est pas un domaine de messagerie valide",
  'field.bank_account_not_found': 'ne correspond à aucun compte bancaire client de cette organisation',
  'field.pay_to_only': 'ne s’utilise que pour les mandats PayTo',
  'field.bank_name_unknown':
    'désigne un compte bancaire dont la banque est inconnue : il n’y a pas de nom de banque à bloquer',
  'field.required_when': 'est obligatoire lorsque {other} vaut {value}',
  'field.unknown_parameter': "n'est pas un paramètre reconnu",
  'field.wrong_type': 'doit être de type {expected}',
  'field.invalid': "n'est pas valide",
  'field.invalid_ssh_private_key': 'n’est pas une clé privée lisible : fournissez une clé OpenSSH ou PEM non chiffrée',

  // bank details (server/domain/schemes/bank-details)
  'field.invalid_iban': "n'est pas un IBAN valide",
  'field.iban_unsupported_country':
    "est l'IBAN d'un pays dans lequel le prélèvement n'est pas possible dans cette devise",
  'field.iban_or_local_details': 'indiquer soit un IBAN, soit des coordonnées bancaires locales, mais pas les deux',
  'field.local_details_required': 'est obligatoire pour les comptes bancaires de ce pays',
  'field.invalid_sort_code': 'doit être un code guichet (sort code) à 6 chiffres',
  'field.invalid_account_number': "n'est pas un numéro de compte valide pour cette banque",
  'field.modulus_check_failed': 'ne passe pas le contrôle de compte bancaire pour ce code guichet (sort code)',
  'field.invalid_routing_number': "n'est pas un numéro de routage ABA valide à 9 chiffres",
  'field.invalid_institution_number': "doit être un numéro d'institution à 3 ou 4 chiffres",
  'field.invalid_transit_number': 'doit être un numéro de transit à 5 chiffres',
  'field.invalid_bsb': 'doit être un BSB à 6 chiffres',
  'field.sort_code_not_found': "n'est pas un sort code que nous trouvons",
  'field.invalid_bank_code': "n'est pas un code banque valide",
  'field.invalid_branch_code': "n'est pas un code d'agence valide",
  'field.invalid_suffix': 'doit être un suffixe de compte à 2 ou 3 chiffres',
  'field.invalid_clearing_number': "n'est pas un numéro de clearing suédois valide",
  'field.invalid_registration_number': "doit être un numéro d'enregistrement danois à 4 chiffres",
  'field.account_type_required': 'est obligatoire pour les comptes bancaires en USD',
  'field.account_type_not_allowed': "n'est autorisé que pour les comptes bancaires en USD",
  'field.unsupported_country': "n'est pas un pays dans lequel le prélèvement est possible",
  'field.currency_country_mismatch': 'ne correspond pas au pays du compte bancaire',
  'field.invalid_country_code': 'doit être un code pays ISO 3166-1 alpha-2',
  'field.invalid_currency': "doit être l'une des devises suivantes : AUD, CAD, DKK, EUR, GBP, NZD, SEK, USD",
  'field.invalid_swedish_identity_number': "n'est pas un numéro personnel ou d'organisation suédois valide",
  'field.invalid_danish_identity_number': "n'est pas un numéro CPR ou CVR danois valide",
  'field.invalid_us_state': "doit être un code d'État américain à 2 lettres",
  'field.invalid_mandate_reference': "n'est pas une référence de mandat valide pour ce système de prélèvement",
  'field.invalid_charge_date': 'tombe avant la première date de prélèvement possible ({date})',
  'field.not_a_working_day': "n'est pas un jour ouvré pour ce système de prélèvement",
  'field.not_found': 'est introuvable',
  'field.amount_too_small': 'est inférieur au montant minimal pour ce système de prélèvement',
  'field.amount_too_large': 'est supérieur au montant maximal pour ce système de prélèvement',
  'field.refund_exceeds_remaining': 'dépasse le montant restant à rembourser sur le paiement ({remaining})',
  'field.taken': 'est déjà utilisé',
  'field.scheme_currency_mismatch': 'ne correspond pas à la devise du compte bancaire ({currency})',
  'field.ach_only': "n'est autorisé que pour les mandats ACH",
  'field.bank_account_exists': 'ce compte bancaire existe déjà pour ce client',
  'field.invalid_uri': 'doit être une URL http(s) absolue (https en mode live), sans identifiants',
  'field.internal_address':
    'ne doit pas désigner une adresse interne (boucle locale, privée, lien local, locale unique, multidiffusion ou adresse IPv4 mappée)',
  'field.creditor_contact_required':
    'nécessite un numéro de téléphone ou une adresse e-mail sur le créancier avant de pouvoir prendre des mandats {scheme} en production',
  'field.creditor_address_required':
    'nécessite l’adresse postale du créancier (address_line1, city, postal_code) avant de pouvoir prendre des mandats Bacs en live',
  'field.must_be_true': 'doit être true',
  'field.not_yet_completed': "ne peut être verrouillé qu'une fois ces informations collectées",
  'field.mandate_only': "ne s'applique qu'aux demandes de facturation portant uniquement sur un mandat",
  'field.names_given': "n'est utilisé que si given_name et family_name ne sont pas renseignés",
  'field.customer_email_required': "nécessite que le client dispose d'une adresse e-mail",
  'field.institution_unavailable': "n'est pas disponible pour le moment",
  'field.bank_account_currency_mismatch': 'le compte bancaire doit être en {currency}',
  'field.other_customer': 'appartient à un autre client',
  'field.one_of_required': 'ce champ ou {other} est obligatoire',
  'field.requires_mandate_request': 'nécessite un mandate_request',
  'field.ach_pad_only': "n'est autorisé que pour ACH et PAD",
  'field.custom_reference_disabled':
    "les références de mandat personnalisées ne sont pas activées : laisser ce champ vide pour qu'une référence soit générée",
  'field.reference_not_allowed':
    "n'est autorisé que pour les paiements PayTo ou les Faster Payments à versement direct des fonds",
  'field.currency_mismatch': 'doit être {currency}, la devise du mandat',
  'field.yearly_only': "n'est autorisé qu'avec interval_unit yearly",
  'field.not_weekly': "n'est pas autorisé avec interval_unit weekly",
  'field.exactly_one_of': "renseigner exactement l'un des deux : ce champ ou {other}",
  'field.must_equal_sum': 'doit être égal à la somme des échéances ({sum})',
  'field.request_type_not_supported_by_scheme':
    "n'est pas pris en charge par le système {scheme} (ACH et PAD uniquement)",
  'restriction.payment_pages':
    'En mode live, les clients, les comptes bancaires et les mandats sont créés via des demandes de facturation, sauf si les pages de paiement du compte ont été approuvées.',
  'restriction.white_label':
    'En mode live, seuls les partenaires en marque blanche approuvés peuvent créer des créanciers.',
  'restriction.custom_payment_pages':
    "Ce point de terminaison nécessite l'option des pages de paiement personnalisées.",
  'scenario.sandbox_only': 'Les simulateurs de scénarios ne sont disponibles que dans le sandbox.',
  // Redirect flows (legacy API)
  'reason.redirect_flow_incomplete':
    "Le client n'a pas encore terminé les pages de paiement de ce flux de redirection.",
  'reason.redirect_flow_already_completed': 'Ce flux de redirection a déjà été finalisé.',
  'reason.redirect_flow_expired':
    'Ce flux de redirection a expiré : il doit être finalisé dans les 30 minutes suivant sa création.',
  'reason.session_token_mismatch':
    'Le jeton de session ne correspond pas à celui utilisé pour créer ce flux de redirection.',
  // Bad input (issue 17): charset, UTF-8, unstorable text, duplicate and reserved keys, date bounds, URLs.
  'reason.unsupported_charset': "Seul l'UTF-8 est accepté : utiliser Content-Type application/json; charset=utf-8.",
  'reason.invalid_utf8': "Le corps de la requête n'est pas de l'UTF-8 valide.",
  'reason.json_too_deep': 'Le corps de la requête imbrique des objets et des tableaux sur plus de {max} niveaux.',
  'reason.unsupported_content_encoding':
    "Content-Encoding n'est pas accepté : envoyez le corps non compressé, sans en-tête Content-Encoding.",
  'field.invalid_utf8': "n'est pas de l'UTF-8 valide une fois décodé",
  'field.invalid_characters': 'contient un caractère NUL ou un substitut isolé',
  'field.duplicate_key': "apparaît plus d'une fois dans le même objet",
  'field.reserved_key': 'est un nom réservé et ne peut pas servir de clé',
  'field.date_out_of_range': 'doit être une date entre {min} et {max}',
  'field.uri_control_characters': 'doit être une URL sans espace ni caractère de contrôle',
  'reason.image_type_not_supported': "L'image n'est pas un fichier PNG, JPEG ou SVG.",
  'reason.image_too_large': "L'image dépasse la taille autorisée.",
  'reason.image_svg_unsafe':
    "L'image SVG contient un contenu qui pourrait exécuter ou charger quelque chose ; elle a été refusée.",
  'reason.insufficient_colour_contrast': "Une couleur du thème n'a pas assez de contraste avec ce qui l'entoure.",
  'field.image_type_not_supported': 'doit être une image PNG, JPEG ou SVG encodée en base64',
  'field.image_too_large': 'doit faire au plus {max}',
  'field.image_svg_unsafe':
    "doit être un SVG sans script, foreignObject, gestionnaire d'événement, entité ni référence externe ({problem})",
  'field.insufficient_colour_contrast':
    'a un contraste de {ratio}:1 avec {against} ({against_colour}) ; il faut au moins {required}:1',
  'sandbox.settings_sandbox_only': 'Les réglages du bac à sable n’existent que dans le bac à sable.',
  'reason.bank_report_malformed':
    'Le rapport de la banque n’a pas pu être lu (ligne {line}). Rien n’en a été appliqué.',
  'reason.bank_connection_not_available': 'La banque demandée n’est pas disponible pour ce créancier et ce schéma.',
  'reason.bank_submission_not_pending':
    'Cette remise bancaire n’est plus en attente : elle ne peut être marquée remise qu’une fois.',
  'bank.simulated_not_in_live':
    'La banque simulée n’existe que dans le bac à sable : en production, les instructions partent vers votre banque sous forme de fichiers.',
  'bank.no_file_bank': 'La banque par fichiers n’écrit pas encore de fichiers pour {scheme}.',
  'bank.sftp_needs_file_bank':
    'La livraison SFTP est celle de la banque par fichiers : mettez kind à file pour l’utiliser.',
  'bank.originator_needed':
    'Un fichier {scheme} indique votre propre compte auprès de votre banque : fournissez {fields}.',
  'bank.instant_not_in_live':
    'Les paiements bancaires instantanés et les mandats VRP ou PayTo exigent un prestataire d’open banking que ce service n’a pas en production : encaissez par prélèvement.',
  'bank.run_sandbox_only':
    'Lancer une heure limite maintenant est une répétition du bac à sable : en production, l’heure limite de la banque la déclenche.',
};
