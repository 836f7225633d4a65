import type { ApiCatalogue } from '../en/api';

/** German API messages (formal-neutral register). Keys, placeholders and technical tokens as in ../en/api.ts. */
export const api: ApiCatalogue = {
  'reason.internal_server_error':
    'Ein interner Fehler ist aufgetreten. Bitte die Anfrage wiederholen und bei anhaltendem Fehler die request_id angeben.',
  'reason.request_timed_out':
    'Die Anfrage wurde nicht rechtzeitig abgeschlossen. Sie kann gefahrlos wiederholt werden.',
  'reason.query_timed_out': 'Die Abfrage hat zu lange gedauert. Bitte mit engeren Parametern wiederholen.',
  'reason.service_unavailable': 'Der Dienst wird gerade gestartet. Bitte in einigen Sekunden erneut versuchen.',
  'reason.database_unavailable':
    'Die Datenbank ist nicht erreichbar. Es wurde nichts geändert; bitte in einigen Sekunden erneut versuchen.',
  'reason.invalid_type': 'Einige Parameter haben den falschen Typ oder werden nicht erkannt.',
  'reason.path_not_found': 'Der Pfad wurde nicht erkannt.',
  'reason.resource_not_found': 'Die Ressource wurde nicht gefunden.',
  'reason.link_not_found': 'Eine in links angegebene Ressource wurde nicht gefunden.',
  'reason.unauthorized': 'Die Zugangsdaten wurden nicht erkannt.',
  'reason.forbidden': 'Keine Berechtigung für den Zugriff auf diese Ressource.',
  'reason.feature_disabled': 'Diese Funktion ist für dieses Konto nicht aktiviert.',
  'reason.bank_account_details_no_jwks':
    'Bankverbindungsdaten werden verschlüsselt an den öffentlichen Schlüssel Ihrer Organisation gesendet, und es ist keiner registriert. Bitten Sie den Betreiber, Ihr JWKS zu registrieren.',
  'reason.bank_account_details_not_kept':
    'Die vollständigen Daten dieses Bankkontos wurden nicht gespeichert (es wurde angelegt, bevor Bankverbindungsdaten verfügbar waren).',
  'reason.not_acceptable': 'Der Accept-Header muss application/json oder application/vnd.api+json zulassen.',
  'reason.request_entity_too_large': 'Der Anfragetext ist größer als {max} Bytes.',
  'reason.unsupported_media_type': 'Es wird nur JSON akzeptiert: Bitte Content-Type application/json senden.',
  'reason.rate_limit_exceeded':
    'Ratenlimit überschritten: {limit} Anfragen pro Minute. Bitte nach Ablauf des Zeitfensters erneut versuchen.',
  'reason.access_token_not_found': 'Das Zugriffstoken wurde nicht gefunden.',
  'reason.access_token_not_active': 'Das Zugriffstoken ist deaktiviert.',
  'reason.access_token_revoked': 'Das Zugriffstoken wurde widerrufen.',
  'reason.missing_authorization_header': 'Der Authorization-Header fehlt. Bitte Authorization: Bearer <token> senden.',
  'reason.invalid_authorization_header': 'Der Authorization-Header muss die Form Bearer <token> haben.',
  'reason.insufficient_permissions':
    'Das Zugriffstoken hat nicht die erforderliche Berechtigung (Scope) für diese Aktion.',
  'reason.insufficient_permissions_continue_on_dashboard': 'Diese Aktion kann nur im Dashboard ausgeführt werden.',
  'reason.method_not_allowed': 'Die Methode {method} ist für diesen Pfad nicht zulässig. Zulässig: {allowed}.',
  'reason.scheme_identifier_not_active':
    'Der Zahlungsempfänger hat keine aktive Gläubiger-Identifikation für {scheme}: Mandate in diesem Verfahren sind noch nicht möglich.',
  'reason.funds_availability_sandbox_only':
    'Die Verfügbarkeit von Guthaben wird nur in der Sandbox beantwortet: Live besteht keine Verbindung zur Bank des Zahlers.',
  'reason.bad_request': 'Der Anfragetext ist kein gültiges JSON.',
  'reason.length_required': 'POST- und PUT-Anfragen benötigen einen Content-Length-Header.',
  'reason.idempotency_key_too_long': 'Der Idempotency-Key darf höchstens {max} Zeichen lang sein.',
  'reason.invalid_document_structure': 'Parameter müssen unter dem Ressourcennamen ({key}) verschachtelt sein.',
  'reason.invalid_content_type':
    'POST- und PUT-Anfragen benötigen Content-Type application/json oder application/vnd.api+json.',
  'reason.tls_required': 'Anfragen müssen über HTTPS gestellt werden.',
  'reason.missing_version_header': 'Der Header {header} fehlt.',
  'reason.version_not_found': 'Die Version im Header {header} ist keine veröffentlichte Version.',
  'reason.invalid_filters': 'Diese Kombination von Filtern ist nicht zulässig.',
  'reason.request_body_not_allowed': 'Diese Methode akzeptiert keinen Anfragetext: Bitte Query-Parameter verwenden.',
  'reason.customer_data_removed': 'Der Kunde wurde entfernt; bitte alle Verweise auf ihn löschen.',
  'reason.payout_items_data_archived': 'Auszahlungspositionen, die älter als 6 Monate sind, werden archiviert.',
  'reason.cancellation_failed': 'Die Ressource kann in ihrem aktuellen Zustand nicht storniert werden.',
  'reason.retry_failed': 'Die Zahlung konnte nicht erneut eingezogen werden.',
  'reason.webhook_endpoint_disabled':
    'Der Webhook-Endpunkt ist deaktiviert: Aktivieren Sie ihn, bevor Sie seine Zustellungen wiederholen.',
  'reason.webhook_not_attempted':
    'Der Webhook wurde noch nicht versucht: Er wird gerade gesendet, es gibt also nichts zu wiederholen.',
  'reason.disable_failed': 'Die Ressource ist bereits deaktiviert.',
  'reason.enable_failed': 'Die Ressource kann in ihrem aktuellen Zustand nicht aktiviert werden.',
  'reason.mandate_is_inactive': 'Das Mandat ist storniert, fehlgeschlagen oder abgelaufen.',
  'reason.mandate_replaced': 'Das Mandat wurde ersetzt; siehe links.new_mandate.',
  'reason.bank_account_disabled': 'Das Bankkonto ist deaktiviert.',
  'reason.mandate_import_not_created':
    'Der Mandatsimport ist nicht mehr offen: Einträge und Übermittlung werden nur angenommen, solange er erstellt ist.',
  'reason.payer_authorisation_not_editable':
    'Die Zahlerautorisierung wurde übermittelt und kann nicht mehr geändert werden.',
  'reason.payer_authorisation_not_submitted':
    'Die Zahlerautorisierung muss übermittelt werden, bevor sie bestätigt werden kann.',
  'reason.status_changed':
    'Die Ressource hat ihren Status während dieser Änderung gewechselt; die Änderung gilt daher nicht mehr.',
  'reason.mandate_not_inactive':
    'Das Mandat ist aktiv oder wird gerade übermittelt und kann daher nicht reaktiviert werden.',
  'reason.refund_is_unreachable': 'Die Erstattung würde das Zielkonto nicht erreichen.',
  'reason.refund_payment_invalid_state':
    'Die Zahlung muss bestätigt oder ausgezahlt sein, um erstattet werden zu können.',
  'reason.total_amount_confirmation_invalid': 'Der erstattete Gesamtbetrag stimmt nicht mit der Bestätigung überein.',
  'reason.number_of_refunds_exceeded': 'Für diese Zahlung wurde bereits die maximale Anzahl an Erstattungen erreicht.',
  'reason.idempotent_creation_conflict': 'Mit diesem Idempotenzschlüssel wurde bereits eine Ressource erstellt.',
  'reason.customer_bank_account_token_used': 'Dieses Kundenbankkonto-Token wurde bereits verwendet.',
  'reason.billing_request_must_be_ready_to_fulfil':
    'Für die Abrechnungsanfrage sind noch Aktionen erforderlich; siehe deren Aktionen.',
  'reason.billing_request_not_pending':
    'Die Abrechnungsanfrage hat den Status {status}: Es sind keine weiteren Aktionen möglich.',
  'reason.billing_request_already_fulfilled': 'Die Abrechnungsanfrage wurde bereits erfüllt.',
  'reason.fallback_not_enabled': 'Fallback ist für diese Abrechnungsanfrage nicht aktiviert.',
  'reason.choose_currency_not_allowed': 'Die Währung kann für diese Abrechnungsanfrage nicht gewählt werden.',
  'reason.action_not_required': 'Diese Aktion ist nicht Teil der Abrechnungsanfrage.',
  'reason.bank_authorisation_expired': 'Die Bankautorisierung ist abgelaufen.',
  'reason.bank_authorisation_not_pending': 'Die Bankautorisierung wurde bereits abgeschlossen.',
  'reason.action_requirements_not_met': 'Bitte zuerst diese Aktionen abschließen: {actions}.',
  'reason.billing_request_flow_expired': 'Der Flow der Abrechnungsanfrage ist abgelaufen.',
  'reason.creditor_contact_required':
    'Der Zahlungsempfänger hat weder Telefonnummer noch E-Mail-Adresse, die das Verfahren {scheme} auf jedem Mandat verlangt: Hinterlegen Sie eine davon, bevor Sie {scheme}-Mandate annehmen.',
  'reason.request_type_not_supported_by_scheme': 'Dieser Anfragetyp wird vom Verfahren nicht unterstützt.',
  'reason.bank_authorisation_hosted_only':
    'Bankautorisierungen werden über den gehosteten Zahlerablauf erstellt, nicht über die API.',
  'reason.flow_currency_locked': 'Der Händler hat die Währung dieser Anfrage festgelegt.',
  'reason.flow_customer_details_locked': 'Der Händler hat die Kundendaten dieser Anfrage festgelegt.',
  'reason.flow_bank_account_locked': 'Der Händler hat das Bankkonto dieser Anfrage festgelegt.',
  'reason.fallback_not_instant':
    'Fallback gilt nur für sofortige Bankzahlungen, für die noch kein Fallback erfolgt ist.',
  'reason.mandate_blocked':
    'Das Mandat wurde nicht erstellt: Der Kunde oder das Bankkonto entspricht einer aktiven Sperre.',
  'reason.mandate_reinstatement_limit_reached':
    'Dieses Mandat hat die Höchstzahl von {max} Reaktivierungen bereits erreicht.',
  'reason.scenario_simulator_not_applicable':
    'Dieser Szenario-Simulator gilt nicht für eine {scheme}-Ressource im Status {status}.',
  'reason.validation_failed': 'Validierung fehlgeschlagen.',
  'reason.bank_account_exists': 'Dieses Bankkonto existiert bereits.',
  'reason.available_refund_amount_insufficient': 'Das Guthaben des Gläubigers reicht für diese Erstattung nicht aus.',
  'reason.insufficient_balance': 'Das Guthaben des Zahlungskontos reicht für diese ausgehende Zahlung nicht aus.',
  'reason.outbound_payment_not_pending_approval':
    'Nur eine ausgehende Zahlung, die auf Freigabe wartet, kann freigegeben werden.',
  'reason.outbound_payment_approver_is_creator':
    'Eine ausgehende Zahlung muss mit einem anderen Zugriffstoken freigegeben werden als dem, mit dem sie erstellt wurde.',
  'reason.already_actioned':
    'Die Frist dieser Kundenbenachrichtigung ist abgelaufen: Sie kann nicht mehr übernommen werden, und der Dienst versendet die Mitteilung selbst.',
  'reason.withdrawal_account_not_verified':
    'Auszahlungen gehen nur auf das eigene verifizierte GBP-Bankkonto des Gläubigers, und er hat keines.',
  'reason.outbound_payment_import_not_valid':
    'Nur ein gültiger Import ausgehender Zahlungen kann autorisiert werden, und nur einmal.',

  'reason.subscription_not_active': 'Das Abonnement ist nicht aktiv.',
  'reason.subscription_already_ended': 'Das Abonnement hat bereits alle seine Zahlungen eingezogen.',
  'reason.subscription_not_paused': 'Das Abonnement ist nicht pausiert.',
  'reason.subscription_cannot_be_paused':
    'Nur ein Abonnement, das durch count endet oder kein Ende hat, kann pausiert werden.',
  'reason.subscription_paused_cannot_update_cycles':
    'Das Abonnement ist bereits für eine Anzahl von Zyklen pausiert; pausieren Sie es ohne pause_cycles oder setzen Sie es zuerst fort.',
  'reason.mandate_payments_require_approval':
    'Das Mandat muss vom Kunden genehmigt werden, bevor Zahlungen erstellt werden können.',
  'field.not_with': 'darf nicht zusammen mit {other} angegeben werden',
  'field.before_clock': 'liegt vor der Uhr der Organisation ({now}): eine Testuhr geht nur vorwärts',
  'field.too_far_ahead': 'liegt mehr als {years} Jahre nach der Uhr der Organisation',
  'field.after_first_charge': 'muss nach dem ersten Einzugsdatum ({date}) liegen',
  'field.required': 'ist erforderlich',
  'field.blank': 'darf nicht leer sein',
  'field.invalid_choice': 'muss einer der folgenden Werte sein: {values}',
  'field.invalid_format': 'hat nicht das erwartete Format',
  'field.invalid_date': 'muss ein Datum im Format YYYY-MM-DD sein',
  'field.invalid_timestamp': 'muss ein Zeitstempel nach ISO 8601 sein',
  'field.too_long': 'ist zu lang (höchstens {max} Zeichen)',
  'field.too_short': 'ist zu kurz (mindestens {min} Zeichen)',
  'field.too_large': 'darf höchstens {max} sein',
  'field.too_small': 'muss mindestens {min} sein',
  'field.too_many': 'hat zu viele Einträge (höchstens {max})',
  'field.too_few': 'hat zu wenige Einträge (mindestens {min})',
  'field.not_integer': 'muss eine ganze Zahl sein',
  'field.too_many_keys': 'darf höchstens {max} Schlüssel haben',
  'field.key_too_long': 'Schlüssel dürfen höchstens {max} Zeichen lang sein',
  'field.invalid_email': 'ist keine gültige E-Mail-Adresse',
  'field.invalid_domain': 'ist keine gültige E-Mail-Domain',
  'field.bank_account_not_found': 'bezeichnet kein Kundenbankkonto dieser Organisation',
  'field.pay_to_only': 'wird nur für PayTo-Mandate verwendet',
  'field.bank_name_unknown':
    'bezeichnet ein Bankkonto, dessen Bank nicht bekannt ist; es gibt keinen Banknamen zum Sperren',
  'field.required_when': 'ist erforderlich, wenn {other} den Wert {value} hat',
  'field.unknown_parameter': 'ist kein bekannter Parameter',
  'field.wrong_type': 'muss vom Typ {expected} sein',
  'field.invalid': 'ist ungültig',
  'field.invalid_ssh_private_key':
    'ist kein lesbarer privater Schlüssel: Geben Sie einen unverschlüsselten OpenSSH- oder PEM-Schlüssel an',

  // bank details (server/domain/schemes/bank-details)
  'field.invalid_iban': 'ist keine gültige IBAN',
  'field.iban_unsupported_country': 'ist eine IBAN aus einem Land, in dem in dieser Währung kein Einzug möglich ist',
  'field.iban_or_local_details': 'entweder eine IBAN oder lokale Bankverbindungsdaten angeben, nicht beides',
  'field.local_details_required': 'ist für Bankkonten in diesem Land erforderlich',
  'field.invalid_sort_code': 'muss eine 6-stellige Bankleitzahl (Sort Code) sein',
  'field.invalid_account_number': 'ist keine gültige Kontonummer für diese Bank',
  'field.modulus_check_failed': 'besteht die Kontoprüfung für diese Bankleitzahl (Sort Code) nicht',
  'field.invalid_routing_number': 'ist keine gültige 9-stellige ABA-Routingnummer',
  'field.invalid_institution_number': 'muss eine 3- oder 4-stellige Institutsnummer sein',
  'field.invalid_transit_number': 'muss eine 5-stellige Transitnummer sein',
  'field.invalid_bsb': 'muss eine 6-stellige BSB sein',
  'field.sort_code_not_found': 'ist keine Bankleitzahl (Sort Code), die wir finden können',
  'field.invalid_bank_code': 'ist keine gültige Bankleitzahl',
  'field.invalid_branch_code': 'ist keine gültige Filialnummer',
  'field.invalid_suffix': 'muss ein 2- oder 3-stelliges Kontosuffix sein',
  'field.invalid_clearing_number': 'ist keine gültige schwedische Clearingnummer',
  'field.invalid_registration_number': 'muss eine 4-stellige dänische Registrierungsnummer sein',
  'field.account_type_required': 'ist für USD-Bankkonten erforderlich',
  'field.account_type_not_allowed': 'ist nur für USD-Bankkonten zulässig',
  'field.unsupported_country': 'ist kein Land, in dem ein Einzug möglich ist',
  'field.currency_country_mismatch': 'passt nicht zum Land des Bankkontos',
  'field.invalid_country_code': 'muss ein Ländercode nach ISO 3166-1 alpha-2 sein',
  'field.invalid_currency': 'muss einer der Werte AUD, CAD, DKK, EUR, GBP, NZD, SEK, USD sein',
  'field.invalid_swedish_identity_number': 'ist keine gültige schwedische Personen- oder Organisationsnummer',
  'field.invalid_danish_identity_number': 'ist keine gültige dänische CPR- oder CVR-Nummer',
  'field.invalid_us_state': 'muss ein zweibuchstabiger Code eines US-Bundesstaats sein',
  'field.invalid_mandate_reference': 'ist keine gültige Mandatsreferenz für dieses Verfahren',
  'field.invalid_charge_date': 'liegt vor dem frühestmöglichen Einzugsdatum ({date})',
  'field.not_a_working_day': 'ist kein Geschäftstag für dieses Verfahren',
  'field.not_found': 'wurde nicht gefunden',
  'field.amount_too_small': 'liegt unter dem Mindestbetrag für dieses Verfahren',
  'field.amount_too_large': 'liegt über dem Höchstbetrag für dieses Verfahren',
  'field.refund_exceeds_remaining': 'ist höher als der noch erstattbare Betrag der Zahlung ({remaining})',
  'field.taken': 'wird bereits verwendet',
  'field.scheme_currency_mismatch': 'passt nicht zur Währung des Bankkontos ({currency})',
  'field.ach_only': 'ist nur für ACH-Mandate zulässig',
  'field.bank_account_exists': 'dieses Bankkonto existiert für den Kunden bereits',
  'field.invalid_uri': 'muss eine absolute http(s)-URL (im Live-Modus https) ohne Zugangsdaten sein',
  'field.internal_address':
    'darf nicht auf eine interne Adresse zeigen (Loopback, privat, Link-Local, Unique-Local, Multicast oder eine abgebildete IPv4-Adresse)',
  'field.creditor_contact_required':
    'braucht eine Telefonnummer oder E-Mail-Adresse des Zahlungsempfängers, bevor Live-Mandate für {scheme} angenommen werden können',
  'field.creditor_address_required':
    'benötigt die Postanschrift des Gläubigers (address_line1, city, postal_code), bevor Bacs-Mandate im Live-Modus möglich sind',
  'field.must_be_true': 'muss true sein',
  'field.not_yet_completed': 'kann erst gesperrt werden, wenn diese Angaben erfasst wurden',
  'field.mandate_only': 'gilt nur für Abrechnungsanfragen, die ausschließlich ein Mandat betreffen',
  'field.names_given': 'wird nur verwendet, wenn given_name und family_name nicht angegeben sind',
  'field.customer_email_required': 'setzt voraus, dass für den Kunden eine E-Mail-Adresse hinterlegt ist',
  'field.institution_unavailable': 'ist derzeit nicht verfügbar',
  'field.bank_account_currency_mismatch': 'das Bankkonto muss in {currency} geführt werden',
  'field.other_customer': 'gehört zu einem anderen Kunden',
  'field.one_of_required': 'entweder dieses Feld oder {other} ist erforderlich',
  'field.requires_mandate_request': 'erfordert einen mandate_request',
  'field.ach_pad_only': 'ist nur für ACH und PAD zulässig',
  'field.custom_reference_disabled':
    'eigene Mandatsreferenzen sind nicht aktiviert: Feld leer lassen, damit eine Referenz erzeugt wird',
  'field.reference_not_allowed': 'ist nur für PayTo-Zahlungen oder Faster Payments mit direkter Gutschrift zulässig',
  'field.currency_mismatch': 'muss {currency} sein, die Währung des Mandats',
  'field.yearly_only': 'ist nur mit interval_unit yearly zulässig',
  'field.not_weekly': 'ist mit interval_unit weekly nicht zulässig',
  'field.exactly_one_of': 'genau eines von diesem Feld und {other} angeben',
  'field.must_equal_sum': 'muss der Summe der Raten ({sum}) entsprechen',
  'field.request_type_not_supported_by_scheme': 'wird vom Verfahren {scheme} nicht unterstützt (nur ACH und PAD)',
  'restriction.payment_pages':
    'Im Live-Modus werden Kunden, Bankkonten und Mandate über Abrechnungsanfragen erstellt, sofern die eigenen Zahlungsseiten nicht freigegeben sind.',
  'restriction.white_label': 'Im Live-Modus können nur freigegebene White-Label-Partner Gläubiger anlegen.',
  'restriction.custom_payment_pages': 'Dieser Endpunkt erfordert das Upgrade für individuelle Zahlungsseiten.',
  'scenario.sandbox_only': 'Szenario-Simulatoren gibt es nur in der Sandbox.',
  // Redirect flows (legacy API)
  'reason.redirect_flow_incomplete': 'Der Kunde hat die Zahlungsseiten dieses Redirect-Flows noch nicht abgeschlossen.',
  'reason.redirect_flow_already_completed': 'Dieser Redirect-Flow wurde bereits abgeschlossen.',
  'reason.redirect_flow_expired':
    'Dieser Redirect-Flow ist abgelaufen: Redirect-Flows müssen innerhalb von 30 Minuten nach der Erstellung abgeschlossen werden.',
  'reason.session_token_mismatch':
    'Das Sitzungstoken stimmt nicht mit dem überein, mit dem dieser Redirect-Flow erstellt wurde.',
  // Bad input (issue 17): charset, UTF-8, unstorable text, duplicate and reserved keys, date bounds, URLs.
  'reason.unsupported_charset':
    'Es wird nur UTF-8 akzeptiert: Bitte Content-Type application/json; charset=utf-8 senden.',
  'reason.invalid_utf8': 'Der Anfragetext ist kein gültiges UTF-8.',
  'reason.json_too_deep': 'Der Anfragetext verschachtelt Objekte und Arrays tiefer als {max} Ebenen.',
  'reason.unsupported_content_encoding':
    'Content-Encoding wird nicht akzeptiert: Senden Sie den Text unkomprimiert, ohne Content-Encoding-Header.',
  'field.invalid_utf8': 'ist nach dem Prozent-Dekodieren kein gültiges UTF-8',
  'field.invalid_characters': 'enthält ein NUL-Zeichen oder ein ungepaartes Surrogat',
  'field.duplicate_key': 'kommt im selben Objekt mehr als einmal vor',
  'field.reserved_key': 'ist ein reservierter Name und kann nicht als Schlüssel verwendet werden',
  'field.date_out_of_range': 'muss ein Datum zwischen {min} und {max} sein',
  'field.uri_control_characters': 'muss eine URL ohne Leer- oder Steuerzeichen sein',
  'reason.image_type_not_supported': 'Das Bild ist keine PNG-, JPEG- oder SVG-Datei.',
  'reason.image_too_large': 'Das Bild ist größer als erlaubt.',
  'reason.image_svg_unsafe':
    'Das SVG-Bild enthält Inhalte, die etwas ausführen oder laden könnten, und wurde abgelehnt.',
  'reason.insufficient_colour_contrast': 'Eine Farbe des Themas hat zu wenig Kontrast zu ihrer Umgebung.',
  'field.image_type_not_supported': 'muss ein base64-kodiertes PNG-, JPEG- oder SVG-Bild sein',
  'field.image_too_large': 'darf höchstens {max} groß sein',
  'field.image_svg_unsafe':
    'muss ein SVG ohne Skripte, foreignObject, Ereignis-Handler, Entitäten oder externe Verweise sein ({problem})',
  'field.insufficient_colour_contrast':
    'hat einen Kontrast von {ratio}:1 zu {against} ({against_colour}); mindestens {required}:1 ist nötig',
  'sandbox.settings_sandbox_only': 'Sandbox-Einstellungen gibt es nur in der Sandbox.',
  'reason.bank_report_malformed':
    'Der Bankbericht konnte nicht gelesen werden (Zeile {line}). Nichts davon wurde angewendet.',
  'reason.bank_connection_not_available':
    'Die gewünschte Bank ist für diesen Zahlungsempfänger und dieses Verfahren nicht verfügbar.',
  'reason.bank_submission_not_pending':
    'Diese Bankeinreichung ist nicht mehr ausstehend: Sie kann nur einmal als eingereicht markiert werden.',
  'bank.simulated_not_in_live':
    'Die simulierte Bank gibt es nur in der Sandbox: Im Livebetrieb gehen Aufträge als Dateien an Ihre Bank.',
  'bank.no_file_bank': 'Die Dateibank schreibt für {scheme} noch keine Dateien.',
  'bank.sftp_needs_file_bank': 'SFTP-Zustellung gehört zur Dateibank: Setzen Sie kind auf file, um sie zu nutzen.',
  'bank.originator_needed': 'Eine {scheme}-Datei nennt Ihr eigenes Konto bei Ihrer Bank: Geben Sie {fields} an.',
  'bank.instant_not_in_live':
    'Sofortige Bankzahlungen und VRP- oder PayTo-Mandate brauchen einen Open-Banking-Anbieter, den dieser Dienst im Livebetrieb nicht hat: Ziehen Sie stattdessen per Lastschrift ein.',
  'bank.run_sandbox_only':
    'Einen Annahmeschluss jetzt auszuführen ist eine Probe in der Sandbox: Im Livebetrieb löst ihn der Annahmeschluss der Bank aus.',
};
