import type { ApiCatalogue } from '../en/api';

/** Dutch API messages (formal-neutral register). Keys, placeholders and technical tokens as in ../en/api.ts. */
export const api: ApiCatalogue = {
  'reason.internal_server_error':
    'Er is een interne fout opgetreden. Probeer het verzoek opnieuw; vermeld de request_id als het probleem aanhoudt.',
  'reason.request_timed_out': 'Het verzoek is niet op tijd voltooid. Het verzoek kan veilig opnieuw worden verstuurd.',
  'reason.query_timed_out': 'De query duurde te lang. Probeer het opnieuw met beperktere parameters.',
  'reason.service_unavailable': 'De service wordt opgestart. Probeer het over enkele seconden opnieuw.',
  'reason.database_unavailable':
    'De database is niet beschikbaar. Er is niets gewijzigd; probeer het over enkele seconden opnieuw.',
  'reason.invalid_type': 'Sommige parameters hebben een onjuist type of worden niet herkend.',
  'reason.path_not_found': 'Het pad is niet herkend.',
  'reason.resource_not_found': 'De resource is niet gevonden.',
  'reason.link_not_found': 'Een in links opgegeven resource is niet gevonden.',
  'reason.unauthorized': 'De inloggegevens zijn niet herkend.',
  'reason.forbidden': 'U hebt geen toestemming voor toegang tot deze resource.',
  'reason.feature_disabled': 'Deze functie is niet ingeschakeld voor uw account.',
  'reason.bank_account_details_no_jwks':
    'Bankrekeninggegevens worden versleuteld naar de publieke sleutel van uw organisatie gestuurd, en er is er geen geregistreerd. Vraag de beheerder uw JWKS te registreren.',
  'reason.bank_account_details_not_kept':
    'De volledige gegevens van deze bankrekening zijn niet bewaard (de rekening is aangemaakt voordat bankrekeninggegevens beschikbaar waren).',
  'reason.not_acceptable': 'De Accept-header moet application/json of application/vnd.api+json toestaan.',
  'reason.request_entity_too_large': 'De body van het verzoek is groter dan {max} bytes.',
  'reason.unsupported_media_type': 'Alleen JSON wordt geaccepteerd: stuur Content-Type application/json.',
  'reason.rate_limit_exceeded':
    'Limiet overschreden: {limit} verzoeken per minuut. Probeer het opnieuw nadat het tijdvenster is verstreken.',
  'reason.access_token_not_found': 'Het toegangstoken is niet gevonden.',
  'reason.access_token_not_active': 'Het toegangstoken is uitgeschakeld.',
  'reason.access_token_revoked': 'Het toegangstoken is ingetrokken.',
  'reason.missing_authorization_header': 'De Authorization-header ontbreekt. Stuur Authorization: Bearer <token>.',
  'reason.invalid_authorization_header': 'De Authorization-header moet de vorm Bearer <token> hebben.',
  'reason.insufficient_permissions': 'Het toegangstoken heeft niet de benodigde scope voor deze actie.',
  'reason.insufficient_permissions_continue_on_dashboard': 'Deze actie kan alleen in het dashboard worden uitgevoerd.',
  'reason.method_not_allowed': 'De methode {method} is niet toegestaan op dit pad. Toegestaan: {allowed}.',
  'reason.scheme_identifier_not_active':
    'De incassant heeft geen actieve identificatie voor {scheme}: er kunnen nog geen machtigingen in dit schema worden afgegeven.',
  'reason.funds_availability_sandbox_only':
    'Beschikbaarheid van saldo wordt alleen in de sandbox beantwoord: live is er geen verbinding met de bank van de betaler.',
  'reason.bad_request': 'De body van het verzoek is geen geldige JSON.',
  'reason.length_required': 'POST- en PUT-verzoeken vereisen een Content-Length-header.',
  'reason.idempotency_key_too_long': 'De Idempotency-Key mag maximaal {max} tekens bevatten.',
  'reason.invalid_document_structure': 'Parameters moeten genest zijn onder de naam van de resource ({key}).',
  'reason.invalid_content_type':
    'POST- en PUT-verzoeken vereisen Content-Type application/json of application/vnd.api+json.',
  'reason.tls_required': 'Verzoeken moeten via HTTPS worden verstuurd.',
  'reason.missing_version_header': 'De header {header} ontbreekt.',
  'reason.version_not_found': 'De versie in de header {header} is geen uitgebrachte versie.',
  'reason.invalid_filters': 'Deze combinatie van filters is niet toegestaan.',
  'reason.request_body_not_allowed': 'Deze methode accepteert geen body: gebruik queryparameters.',
  'reason.customer_data_removed': 'De klant is verwijderd; verwijder alle verwijzingen naar deze klant.',
  'reason.payout_items_data_archived': 'Uitbetalingsposten ouder dan 6 maanden worden gearchiveerd.',
  'reason.cancellation_failed': 'De resource kan in de huidige status niet worden geannuleerd.',
  'reason.retry_failed': 'De betaling kon niet opnieuw worden geïncasseerd.',
  'reason.webhook_endpoint_disabled':
    'Het webhook-endpoint is uitgeschakeld: schakel het in voordat u de leveringen opnieuw probeert.',
  'reason.webhook_not_attempted':
    'De webhook is nog niet geprobeerd: hij wordt nu verzonden, dus er is niets opnieuw te proberen.',
  'reason.disable_failed': 'De resource is al uitgeschakeld.',
  'reason.enable_failed': 'De resource kan in de huidige status niet worden ingeschakeld.',
  'reason.mandate_is_inactive': 'De machtiging is geannuleerd, mislukt of verlopen.',
  'reason.mandate_replaced': 'De machtiging is vervangen; zie links.new_mandate.',
  'reason.bank_account_disabled': 'De bankrekening is uitgeschakeld.',
  'reason.mandate_import_not_created':
    'De mandaatimport is niet meer open: regels en indienen worden alleen geaccepteerd zolang hij is aangemaakt.',
  'reason.payer_authorisation_not_editable': 'De betalersautorisatie is ingediend en kan niet meer worden gewijzigd.',
  'reason.payer_authorisation_not_submitted':
    'De betalersautorisatie moet worden ingediend voordat ze kan worden bevestigd.',
  'reason.status_changed':
    'De resource is van status veranderd tijdens deze wijziging, die daardoor niet meer van toepassing is.',
  'reason.mandate_not_inactive':
    'De machtiging is actief of wordt ingediend en kan daarom niet opnieuw worden geactiveerd.',
  'reason.refund_is_unreachable': 'De terugbetaling zou de doelrekening niet bereiken.',
  'reason.refund_payment_invalid_state':
    'De betaling moet bevestigd of uitbetaald zijn om te kunnen worden terugbetaald.',
  'reason.total_amount_confirmation_invalid': 'Het terugbetaalde totaalbedrag komt niet overeen met de bevestiging.',
  'reason.number_of_refunds_exceeded': 'Deze betaling heeft al het maximale aantal terugbetalingen.',
  'reason.idempotent_creation_conflict': 'Er is al een resource aangemaakt met deze idempotentiesleutel.',
  'reason.customer_bank_account_token_used': 'Dit klantbankrekeningtoken is al gebruikt.',
  'reason.billing_request_must_be_ready_to_fulfil':
    'Het factureringsverzoek heeft nog vereiste acties; zie de acties ervan.',
  'reason.billing_request_not_pending':
    'Het factureringsverzoek heeft de status {status}: er kunnen geen acties meer worden uitgevoerd.',
  'reason.billing_request_already_fulfilled': 'Het factureringsverzoek is al afgehandeld.',
  'reason.fallback_not_enabled': 'Fallback is niet ingeschakeld voor dit factureringsverzoek.',
  'reason.choose_currency_not_allowed': 'De valuta kan voor dit factureringsverzoek niet worden gekozen.',
  'reason.action_not_required': 'Deze actie maakt geen deel uit van het factureringsverzoek.',
  'reason.bank_authorisation_expired': 'De bankautorisatie is verlopen.',
  'reason.bank_authorisation_not_pending': 'De bankautorisatie is al voltooid.',
  'reason.action_requirements_not_met': 'Voltooi eerst deze acties: {actions}.',
  'reason.billing_request_flow_expired': 'De flow van het factureringsverzoek is verlopen.',
  'reason.creditor_contact_required':
    'De incassant heeft geen telefoonnummer of e-mailadres, dat het schema {scheme} op elk mandaat vereist: voeg er een toe aan de incassant voordat u {scheme}-mandaten aanneemt.',
  'reason.request_type_not_supported_by_scheme': 'Dit type verzoek wordt niet ondersteund door het schema.',
  'reason.bank_authorisation_hosted_only':
    'Bankautorisaties worden aangemaakt via de gehoste betalersflow, niet via de API.',
  'reason.flow_currency_locked': 'De handelaar heeft de valuta van dit verzoek vastgelegd.',
  'reason.flow_customer_details_locked': 'De handelaar heeft de klantgegevens van dit verzoek vastgelegd.',
  'reason.flow_bank_account_locked': 'De handelaar heeft de bankrekening van dit verzoek vastgelegd.',
  'reason.fallback_not_instant':
    'Fallback geldt alleen voor directe bankbetalingen waarvoor nog geen fallback heeft plaatsgevonden.',
  'reason.mandate_blocked':
    'De machtiging is niet aangemaakt: de klant of bankrekening komt overeen met een actieve blokkade.',
  'reason.mandate_reinstatement_limit_reached':
    'Deze machtiging is al het maximale aantal van {max} keer opnieuw geactiveerd.',
  'reason.scenario_simulator_not_applicable':
    'Deze scenariosimulator is niet van toepassing op een {scheme}-resource met status {status}.',
  'reason.validation_failed': 'Validatie mislukt.',
  'reason.bank_account_exists': 'Deze bankrekening bestaat al.',
  'reason.available_refund_amount_insufficient': 'Het saldo van de incassant is onvoldoende voor deze terugbetaling.',
  'reason.insufficient_balance': 'Het saldo van de betaalrekening is onvoldoende voor deze uitgaande betaling.',
  'reason.outbound_payment_not_pending_approval':
    'Alleen een uitgaande betaling die op goedkeuring wacht, kan worden goedgekeurd.',
  'reason.outbound_payment_approver_is_creator':
    'Een uitgaande betaling moet worden goedgekeurd met een ander toegangstoken dan het token waarmee ze is gemaakt.',
  'reason.already_actioned':
    'De termijn van deze klantmelding is verstreken: ze kan niet meer worden afgehandeld, en de dienst verstuurt de melding zelf.',
  'reason.withdrawal_account_not_verified':
    'Opnames gaan alleen naar de eigen geverifieerde GBP-bankrekening van de incassant, en die is er niet.',
  'reason.outbound_payment_import_not_valid':
    'Alleen een geldige import van uitgaande betalingen kan worden geautoriseerd, en maar één keer.',

  'reason.subscription_not_active': 'Het abonnement is niet actief.',
  'reason.subscription_already_ended': 'Het abonnement heeft al al zijn betalingen geïnd.',
  'reason.subscription_not_paused': 'Het abonnement is niet gepauzeerd.',
  'reason.subscription_cannot_be_paused':
    'Alleen een abonnement dat eindigt via count, of zonder einde, kan worden gepauzeerd.',
  'reason.subscription_paused_cannot_update_cycles':
    'Het abonnement is al gepauzeerd voor een aantal cycli; pauzeer het zonder pause_cycles of hervat het eerst.',
  'reason.mandate_payments_require_approval':
    'De machtiging moet door de klant worden goedgekeurd voordat er betalingen kunnen worden aangemaakt.',
  'field.not_with': 'kan niet samen met {other} worden opgegeven',
  'field.before_clock': 'ligt vóór de klok van de organisatie ({now}): een testklok gaat alleen vooruit',
  'field.too_far_ahead': 'ligt meer dan {years} jaar na de klok van de organisatie',
  'field.after_first_charge': 'moet na de eerste incassodatum ({date}) liggen',
  'field.required': 'is verplicht',
  'field.blank': 'mag niet leeg zijn',
  'field.invalid_choice': 'moet een van de volgende waarden zijn: {values}',
  'field.invalid_format': 'heeft niet het verwachte formaat',
  'field.invalid_date': 'moet een datum zijn in de vorm YYYY-MM-DD',
  'field.invalid_timestamp': 'moet een ISO 8601-tijdstempel zijn',
  'field.too_long': 'is te lang (maximaal {max} tekens)',
  'field.too_short': 'is te kort (minimaal {min} tekens)',
  'field.too_large': 'mag maximaal {max} zijn',
  'field.too_small': 'moet minimaal {min} zijn',
  'field.too_many': 'bevat te veel items (maximaal {max})',
  'field.too_few': 'bevat te weinig items (minimaal {min})',
  'field.not_integer': 'moet een geheel getal zijn',
  'field.too_many_keys': 'mag maximaal {max} sleutels bevatten',
  'field.key_too_long': 'sleutels mogen maximaal {max} tekens lang zijn',
  'field.invalid_email': 'is geen geldig e-mailadres',
  'field.invalid_domain': 'is geen geldig e-maildomein',
  'field.bank_account_not_found': 'verwijst niet naar een klantbankrekening van deze organisatie',
  'field.pay_to_only': 'wordt alleen gebruikt voor PayTo-machtigingen',
  'field.bank_name_unknown':
    'verwijst naar een bankrekening waarvan de bank niet bekend is, dus er is geen banknaam om te blokkeren',
  'field.required_when': 'is verplicht wanneer {other} {value} is',
  'field.unknown_parameter': 'is geen bekende parameter',
  'field.wrong_type': 'moet van het type {expected} zijn',
  'field.invalid': 'is ongeldig',
  'field.invalid_ssh_private_key':
    'is geen privésleutel die we kunnen lezen: geef een onversleutelde OpenSSH- of PEM-sleutel',

  // bank details (server/domain/schemes/bank-details)
  'field.invalid_iban': 'is geen geldige IBAN',
  'field.iban_unsupported_country': 'is een IBAN van een land waarin in deze valuta niet kan worden geïncasseerd',
  'field.iban_or_local_details': 'vermeld óf een IBAN óf lokale bankgegevens, niet beide',
  'field.local_details_required': 'is verplicht voor bankrekeningen in dit land',
  'field.invalid_sort_code': 'moet een 6-cijferige bankcode (sort code) zijn',
  'field.invalid_account_number': 'is geen geldig rekeningnummer voor deze bank',
  'field.modulus_check_failed': 'doorstaat de bankrekeningcontrole voor deze bankcode (sort code) niet',
  'field.invalid_routing_number': 'is geen geldig 9-cijferig ABA-routingnummer',
  'field.invalid_institution_number': 'moet een 3- of 4-cijferig instellingsnummer zijn',
  'field.invalid_transit_number': 'moet een 5-cijferig transitnummer zijn',
  'field.invalid_bsb': 'moet een 6-cijferige BSB zijn',
  'field.sort_code_not_found': 'is geen sort code die we kunnen vinden',
  'field.invalid_bank_code': 'is geen geldige bankcode',
  'field.invalid_branch_code': 'is geen geldige filiaalcode',
  'field.invalid_suffix': 'moet een 2- of 3-cijferig rekeningachtervoegsel zijn',
  'field.invalid_clearing_number': 'is geen geldig Zweeds clearingnummer',
  'field.invalid_registration_number': 'moet een 4-cijferig Deens registratienummer zijn',
  'field.account_type_required': 'is verplicht voor USD-bankrekeningen',
  'field.account_type_not_allowed': 'is alleen toegestaan voor USD-bankrekeningen',
  'field.unsupported_country': 'is geen land waarin kan worden geïncasseerd',
  'field.currency_country_mismatch': 'komt niet overeen met het land van de bankrekening',
  'field.invalid_country_code': 'moet een ISO 3166-1 alpha-2-landcode zijn',
  'field.invalid_currency': 'moet een van de volgende valuta zijn: AUD, CAD, DKK, EUR, GBP, NZD, SEK, USD',
  'field.invalid_swedish_identity_number': 'is geen geldig Zweeds persoons- of organisatienummer',
  'field.invalid_danish_identity_number': 'is geen geldig Deens CPR- of CVR-nummer',
  'field.invalid_us_state': 'moet een Amerikaanse staatscode van 2 letters zijn',
  'field.invalid_mandate_reference': 'is geen geldig machtigingskenmerk voor dit schema',
  'field.invalid_charge_date': 'ligt vóór de vroegst mogelijke incassodatum ({date})',
  'field.not_a_working_day': 'is geen werkdag voor dit schema',
  'field.not_found': 'is niet gevonden',
  'field.amount_too_small': 'ligt onder het minimumbedrag voor dit schema',
  'field.amount_too_large': 'ligt boven het maximumbedrag voor dit schema',
  'field.refund_exceeds_remaining': 'is meer dan wat er van de betaling nog terugbetaald kan worden ({remaining})',
  'field.taken': 'is al in gebruik',
  'field.scheme_currency_mismatch': 'komt niet overeen met de valuta van de bankrekening ({currency})',
  'field.ach_only': 'is alleen toegestaan voor ACH-machtigingen',
  'field.bank_account_exists': 'deze bankrekening bestaat al voor de klant',
  'field.invalid_uri': 'moet een absolute http(s)-URL zijn (https in live) zonder inloggegevens',
  'field.internal_address':
    'mag niet naar een intern adres wijzen (loopback, privé, link-local, unique-local, multicast of een gemapt IPv4-adres)',
  'field.creditor_contact_required':
    'heeft een telefoonnummer of e-mailadres van de incassant nodig voordat er live {scheme}-mandaten kunnen worden aangenomen',
  'field.creditor_address_required':
    'vereist het postadres van de incassant (address_line1, city, postal_code) voordat live Bacs-machtigingen mogelijk zijn',
  'field.must_be_true': 'moet true zijn',
  'field.not_yet_completed': 'kan pas worden vergrendeld als die gegevens zijn verzameld',
  'field.mandate_only': 'geldt alleen voor factureringsverzoeken die uitsluitend een machtiging betreffen',
  'field.names_given': 'wordt alleen gebruikt als given_name en family_name niet zijn opgegeven',
  'field.customer_email_required': 'vereist dat de klant een e-mailadres heeft',
  'field.institution_unavailable': 'is momenteel niet beschikbaar',
  'field.bank_account_currency_mismatch': 'de bankrekening moet in {currency} zijn',
  'field.other_customer': 'hoort bij een andere klant',
  'field.one_of_required': 'dit veld of {other} is verplicht',
  'field.requires_mandate_request': 'vereist een mandate_request',
  'field.ach_pad_only': 'is alleen toegestaan voor ACH en PAD',
  'field.custom_reference_disabled':
    'eigen machtigingskenmerken zijn niet ingeschakeld: laat het veld leeg om er een te laten genereren',
  'field.reference_not_allowed': 'is alleen toegestaan voor PayTo-betalingen of Faster Payments met directe fondsen',
  'field.currency_mismatch': 'moet {currency} zijn, de valuta van de machtiging',
  'field.yearly_only': 'is alleen toegestaan met interval_unit yearly',
  'field.not_weekly': 'is niet toegestaan met interval_unit weekly',
  'field.exactly_one_of': 'vul precies één in van dit veld en {other}',
  'field.must_equal_sum': 'moet gelijk zijn aan de som van de termijnen ({sum})',
  'field.request_type_not_supported_by_scheme': 'wordt niet ondersteund door het schema {scheme} (alleen ACH en PAD)',
  'restriction.payment_pages':
    "In live worden klanten, bankrekeningen en machtigingen aangemaakt via factureringsverzoeken, tenzij uw betaalpagina's zijn goedgekeurd.",
  'restriction.white_label': 'Alleen goedgekeurde white-labelpartners kunnen in live incassanten aanmaken.',
  'restriction.custom_payment_pages': "Dit endpoint vereist de upgrade voor aangepaste betaalpagina's.",
  'scenario.sandbox_only': 'Scenariosimulators zijn alleen beschikbaar in de sandbox.',
  // Redirect flows (legacy API)
  'reason.redirect_flow_incomplete': "De klant heeft de betaalpagina's van deze redirect-flow nog niet afgerond.",
  'reason.redirect_flow_already_completed': 'Deze redirect-flow is al voltooid.',
  'reason.redirect_flow_expired':
    'Deze redirect-flow is verlopen: redirect-flows moeten binnen 30 minuten na aanmaken worden voltooid.',
  'reason.session_token_mismatch':
    'Het sessietoken komt niet overeen met het token waarmee deze redirect-flow is aangemaakt.',
  // Bad input (issue 17): charset, UTF-8, unstorable text, duplicate and reserved keys, date bounds, URLs.
  'reason.unsupported_charset': 'Alleen UTF-8 wordt geaccepteerd: stuur Content-Type application/json; charset=utf-8.',
  'reason.invalid_utf8': 'De body van het verzoek is geen geldige UTF-8.',
  'reason.json_too_deep': 'De body van het verzoek nest objecten en arrays meer dan {max} niveaus diep.',
  'reason.unsupported_content_encoding':
    'Content-Encoding wordt niet geaccepteerd: stuur de body ongecomprimeerd, zonder Content-Encoding-header.',
  'field.invalid_utf8': 'is geen geldige UTF-8 na percent-decodering',
  'field.invalid_characters': 'bevat een NUL-teken of een ongepaard surrogaat',
  'field.duplicate_key': 'komt meer dan eens voor in hetzelfde object',
  'field.reserved_key': 'is een gereserveerde naam en kan niet als sleutel worden gebruikt',
  'field.date_out_of_range': 'moet een datum tussen {min} en {max} zijn',
  'field.uri_control_characters': 'moet een URL zonder spaties of besturingstekens zijn',
  'reason.image_type_not_supported': 'De afbeelding is geen PNG-, JPEG- of SVG-bestand.',
  'reason.image_too_large': 'De afbeelding is groter dan toegestaan.',
  'reason.image_svg_unsafe': 'De SVG-afbeelding bevat inhoud die iets zou kunnen uitvoeren of laden en is geweigerd.',
  'reason.insufficient_colour_contrast': 'Een themakleur heeft te weinig contrast met wat eromheen staat.',
  'field.image_type_not_supported': 'moet een base64-gecodeerde PNG-, JPEG- of SVG-afbeelding zijn',
  'field.image_too_large': 'mag hoogstens {max} zijn',
  'field.image_svg_unsafe':
    'moet een SVG zijn zonder scripts, foreignObject, event-handlers, entiteiten of externe verwijzingen ({problem})',
  'field.insufficient_colour_contrast':
    'heeft een contrast van {ratio}:1 met {against} ({against_colour}); minstens {required}:1 is nodig',
  'sandbox.settings_sandbox_only': 'Sandboxinstellingen bestaan alleen in de sandbox.',
  'reason.bank_report_malformed': 'Het bankrapport kon niet worden gelezen (regel {line}). Er is niets van toegepast.',
  'reason.bank_connection_not_available': 'De gevraagde bank is niet beschikbaar voor deze incassant en dit schema.',
  'reason.bank_submission_not_pending':
    'Deze bankaanlevering is niet meer in afwachting: ze kan maar één keer als aangeleverd worden gemarkeerd.',
  'bank.simulated_not_in_live':
    'De gesimuleerde bank bestaat alleen in de sandbox: live gaan opdrachten als bestanden naar uw bank.',
  'bank.no_file_bank': 'De bestandsbank schrijft nog geen bestanden voor {scheme}.',
  'bank.sftp_needs_file_bank': 'SFTP-levering hoort bij de bestandsbank: zet kind op file om haar te gebruiken.',
  'bank.originator_needed': 'Een {scheme}-bestand noemt uw eigen rekening bij uw bank: geef {fields} op.',
  'bank.instant_not_in_live':
    'Directe bankbetalingen en VRP- of PayTo-machtigingen vragen een open-bankingaanbieder, die deze dienst live niet heeft: incasseer in plaats daarvan met automatische incasso.',
  'bank.run_sandbox_only':
    'Nu een sluitingstijd uitvoeren is een oefening in de sandbox: live doet de sluitingstijd van de bank dat.',
};
