import type { ApiCatalogue } from '../en/api';

/** Italian API messages (impersonal register). Keys, placeholders and technical tokens as in ../en/api.ts. */
export const api: ApiCatalogue = {
  'reason.internal_server_error':
    'Si è verificato un errore interno. Riprovare la richiesta; se il problema persiste, indicare il request_id.',
  'reason.request_timed_out': 'La richiesta non è stata completata in tempo. È possibile riprovare in sicurezza.',
  'reason.query_timed_out': 'La query ha richiesto troppo tempo. Riprovare con parametri più restrittivi.',
  'reason.service_unavailable': 'Il servizio è in fase di avvio. Riprovare tra qualche secondo.',
  'reason.database_unavailable':
    'Il database non è disponibile. Non è stato modificato nulla; riprovare tra qualche secondo.',
  'reason.invalid_type': 'Alcuni parametri hanno un tipo errato o non sono riconosciuti.',
  'reason.path_not_found': 'Il percorso non è stato riconosciuto.',
  'reason.resource_not_found': 'La risorsa non è stata trovata.',
  'reason.link_not_found': 'Una risorsa indicata in links non è stata trovata.',
  'reason.unauthorized': 'Le credenziali non sono state riconosciute.',
  'reason.forbidden': "Non si dispone dell'autorizzazione per accedere a questa risorsa.",
  'reason.feature_disabled': "Questa funzionalità non è abilitata per l'account.",
  'reason.bank_account_details_no_jwks':
    "I dati del conto bancario vengono inviati cifrati con la chiave pubblica della vostra organizzazione, e non ne è registrata nessuna. Chiedete all'operatore di registrare il vostro JWKS.",
  'reason.bank_account_details_not_kept':
    'I dati completi di questo conto bancario non sono stati conservati (è stato creato prima che i dati dei conti bancari fossero disponibili).',
  'reason.not_acceptable': "L'intestazione Accept deve consentire application/json o application/vnd.api+json.",
  'reason.request_entity_too_large': 'Il corpo della richiesta supera {max} byte.',
  'reason.unsupported_media_type': 'È accettato solo JSON: inviare Content-Type application/json.',
  'reason.rate_limit_exceeded':
    'Limite di richieste superato: {limit} richieste al minuto. Riprovare dopo il ripristino della finestra.',
  'reason.access_token_not_found': 'Il token di accesso non è stato trovato.',
  'reason.access_token_not_active': 'Il token di accesso è disattivato.',
  'reason.access_token_revoked': 'Il token di accesso è stato revocato.',
  'reason.missing_authorization_header':
    "L'intestazione Authorization è mancante. Inviare Authorization: Bearer <token>.",
  'reason.invalid_authorization_header': "L'intestazione Authorization deve avere il formato Bearer <token>.",
  'reason.insufficient_permissions':
    "Il token di accesso non dispone dell'ambito (scope) necessario per questa azione.",
  'reason.insufficient_permissions_continue_on_dashboard': 'Questa azione può essere eseguita solo dalla dashboard.',
  'reason.method_not_allowed': 'Il metodo {method} non è consentito su questo percorso. Consentiti: {allowed}.',
  'reason.scheme_identifier_not_active':
    'Il creditore non ha un identificativo attivo per {scheme}: non può ancora ricevere mandati in questo schema.',
  'reason.funds_availability_sandbox_only':
    "La disponibilità dei fondi è fornita solo nella sandbox: in produzione non c'è collegamento con la banca del pagatore.",
  'reason.bad_request': 'Il corpo della richiesta non è un JSON valido.',
  'reason.length_required': "Le richieste POST e PUT richiedono un'intestazione Content-Length.",
  'reason.idempotency_key_too_long': "L'Idempotency-Key deve contenere al massimo {max} caratteri.",
  'reason.invalid_document_structure': 'I parametri devono essere annidati sotto il nome della risorsa ({key}).',
  'reason.invalid_content_type':
    'Le richieste POST e PUT richiedono Content-Type application/json o application/vnd.api+json.',
  'reason.tls_required': 'Le richieste devono essere effettuate tramite HTTPS.',
  'reason.missing_version_header': "L'intestazione {header} è mancante.",
  'reason.version_not_found': "La versione nell'intestazione {header} non è una versione rilasciata.",
  'reason.invalid_filters': 'Questa combinazione di filtri non è consentita.',
  'reason.request_body_not_allowed': 'Questo metodo non accetta un corpo della richiesta: usare i parametri di query.',
  'reason.customer_data_removed': 'Il cliente è stato rimosso; eliminare qualsiasi riferimento a esso.',
  'reason.payout_items_data_archived': 'Le voci dei versamenti (payout) più vecchie di 6 mesi sono archiviate.',
  'reason.cancellation_failed': 'La risorsa non può essere annullata nel suo stato attuale.',
  'reason.retry_failed': "Non è stato possibile ritentare l'incasso del pagamento.",
  'reason.webhook_endpoint_disabled':
    "L'endpoint del webhook è disattivato: attivalo prima di ritentare le sue consegne.",
  'reason.webhook_not_attempted':
    "Il webhook non è ancora stato tentato: è in corso di invio, quindi non c'è nulla da ritentare.",
  'reason.disable_failed': 'La risorsa è già disattivata.',
  'reason.enable_failed': 'La risorsa non può essere attivata nel suo stato attuale.',
  'reason.mandate_is_inactive': 'Il mandato è annullato, non riuscito o scaduto.',
  'reason.mandate_replaced': 'Il mandato è stato sostituito; vedere links.new_mandate.',
  'reason.bank_account_disabled': 'Il conto bancario è disattivato.',
  'reason.mandate_import_not_created':
    'L’importazione dei mandati non è più aperta: voci e invio sono accettati solo finché è nello stato creato.',
  'reason.payer_authorisation_not_editable':
    'L’autorizzazione del pagatore è stata inviata e non può più essere modificata.',
  'reason.payer_authorisation_not_submitted':
    'L’autorizzazione del pagatore deve essere inviata prima di poter essere confermata.',
  'reason.status_changed': 'La risorsa ha cambiato stato durante questa modifica, che quindi non è più applicabile.',
  'reason.mandate_not_inactive': 'Il mandato è attivo o in fase di invio, quindi non può essere ripristinato.',
  'reason.refund_is_unreachable': 'Il rimborso non raggiungerebbe il conto di destinazione.',
  'reason.refund_payment_invalid_state': 'Il pagamento deve essere confermato o versato per poter essere rimborsato.',
  'reason.total_amount_confirmation_invalid': 'Il totale rimborsato non corrisponde alla conferma.',
  'reason.number_of_refunds_exceeded': 'Questo pagamento ha già raggiunto il numero massimo di rimborsi.',
  'reason.idempotent_creation_conflict': 'È già stata creata una risorsa con questa chiave di idempotenza.',
  'reason.customer_bank_account_token_used': 'Questo token del conto bancario del cliente è già stato utilizzato.',
  'reason.billing_request_must_be_ready_to_fulfil':
    'La richiesta di addebito ha ancora azioni obbligatorie; vedere le sue azioni.',
  'reason.billing_request_not_pending':
    'La richiesta di addebito è nello stato {status}: non è possibile eseguire altre azioni.',
  'reason.billing_request_already_fulfilled': 'La richiesta di addebito è già stata evasa.',
  'reason.fallback_not_enabled': 'Il fallback non è abilitato per questa richiesta di addebito.',
  'reason.choose_currency_not_allowed': 'La valuta non può essere scelta per questa richiesta di addebito.',
  'reason.action_not_required': 'Questa azione non fa parte della richiesta di addebito.',
  'reason.bank_authorisation_expired': "L'autorizzazione bancaria è scaduta.",
  'reason.bank_authorisation_not_pending': "L'autorizzazione bancaria è già stata completata.",
  'reason.action_requirements_not_met': 'Completare prima queste azioni: {actions}.',
  'reason.billing_request_flow_expired': 'Il flusso della richiesta di addebito è scaduto.',
  'reason.creditor_contact_required':
    'Il creditore non ha né un numero di telefono né un indirizzo e-mail, che lo schema {scheme} richiede su ogni mandato: aggiungine uno al creditore prima di accettare mandati {scheme}.',
  'reason.request_type_not_supported_by_scheme': 'Questo tipo di richiesta non è supportato dallo schema.',
  'reason.bank_authorisation_hosted_only':
    "Le autorizzazioni bancarie vengono create dal flusso ospitato del pagatore, non tramite l'API.",
  'reason.flow_currency_locked': 'L’esercente ha fissato la valuta di questa richiesta.',
  'reason.flow_customer_details_locked': 'L’esercente ha fissato i dati del cliente di questa richiesta.',
  'reason.flow_bank_account_locked': 'L’esercente ha fissato il conto bancario di questa richiesta.',
  'reason.fallback_not_instant':
    'Il fallback si applica solo ai pagamenti bancari istantanei per i quali non è ancora stato eseguito.',
  'reason.mandate_blocked':
    'Il mandato non è stato creato: il cliente o il conto bancario corrisponde a un blocco attivo.',
  'reason.mandate_reinstatement_limit_reached':
    'Questo mandato è già stato ripristinato il numero massimo di volte ({max}).',
  'reason.scenario_simulator_not_applicable':
    'Questo simulatore di scenario non si applica a una risorsa {scheme} nello stato {status}.',
  'reason.validation_failed': 'Convalida non riuscita.',
  'reason.bank_account_exists': 'Questo conto bancario esiste già.',
  'reason.available_refund_amount_insufficient': 'Il saldo del creditore non è sufficiente a coprire questo rimborso.',
  'reason.insufficient_balance': 'Il saldo del conto di pagamento non è sufficiente per questo pagamento in uscita.',
  'reason.outbound_payment_not_pending_approval':
    'Si può approvare solo un pagamento in uscita in attesa di approvazione.',
  'reason.outbound_payment_approver_is_creator':
    'Un pagamento in uscita deve essere approvato da un token di accesso diverso da quello che lo ha creato.',
  'reason.already_actioned':
    'La scadenza di questa notifica al cliente è passata: non può più essere gestita e l’avviso viene inviato dal servizio.',
  'reason.withdrawal_account_not_verified':
    'I prelievi vanno solo sul conto bancario in GBP verificato del creditore stesso, che non ne ha.',
  'reason.outbound_payment_import_not_valid':
    "Solo un'importazione di pagamenti in uscita valida può essere autorizzata, e una sola volta.",

  'reason.subscription_not_active': "L'abbonamento non è attivo.",
  'reason.subscription_already_ended': "L'abbonamento ha già incassato tutti i suoi pagamenti.",
  'reason.subscription_not_paused': "L'abbonamento non è in pausa.",
  'reason.subscription_cannot_be_paused':
    'Si può mettere in pausa solo un abbonamento che termina con count o senza fine.',
  'reason.subscription_paused_cannot_update_cycles':
    "L'abbonamento è già in pausa per un numero di cicli; mettilo in pausa senza pause_cycles o riprendilo prima.",
  'reason.mandate_payments_require_approval':
    "Il mandato richiede l'approvazione del cliente prima che si possano creare pagamenti.",
  'field.not_with': 'non può essere indicato insieme a {other}',
  'field.before_clock': "è precedente all'orologio dell'organizzazione ({now}): un orologio di prova va solo avanti",
  'field.too_far_ahead': "è più di {years} anni dopo l'orologio dell'organizzazione",
  'field.after_first_charge': 'deve essere successiva alla data del primo addebito ({date})',
  'field.required': 'è obbligatorio',
  'field.blank': 'non può essere vuoto',
  'field.invalid_choice': 'deve essere uno dei seguenti valori: {values}',
  'field.invalid_format': 'non è nel formato previsto',
  'field.invalid_date': 'deve essere una data nel formato YYYY-MM-DD',
  'field.invalid_timestamp': 'deve essere un timestamp ISO 8601',
  'field.too_long': 'è troppo lungo (al massimo {max} caratteri)',
  'field.too_short': 'è troppo corto (almeno {min} caratteri)',
  'field.too_large': 'deve essere al massimo {max}',
  'field.too_small': 'deve essere almeno {min}',
  'field.too_many': 'contiene troppi elementi (al massimo {max})',
  'field.too_few': 'contiene troppo pochi elementi (almeno {min})',
  'field.not_integer': 'deve essere un numero intero',
  'field.too_many_keys': 'può avere al massimo {max} chiavi',
  'field.key_too_long': 'le chiavi possono contenere al massimo {max} caratteri',
  'field.invalid_email': 'non è un indirizzo email valido',
  'field.invalid_domain': 'non è un dominio email valido',
  'field.bank_account_not_found': 'non corrisponde a un conto bancario cliente di questa organizzazione',
  'field.pay_to_only': 'si usa solo per i mandati PayTo',
  'field.bank_name_unknown':
    'indica un conto bancario la cui banca non è nota, quindi non c’è un nome di banca da bloccare',
  'field.required_when': 'è obbligatorio quando {other} è {value}',
  'field.unknown_parameter': 'non è un parametro riconosciuto',
  'field.wrong_type': 'deve essere di tipo {expected}',
  'field.invalid': 'non è valido',
  'field.invalid_ssh_private_key': 'non è una chiave privata leggibile: fornisci una chiave OpenSSH o PEM non cifrata',

  // bank details (server/domain/schemes/bank-details)
  'field.invalid_iban': 'non è un IBAN valido',
  'field.iban_unsupported_country': 'è un IBAN di un paese in cui non è possibile effettuare addebiti in questa valuta',
  'field.iban_or_local_details': 'indicare un IBAN oppure le coordinate bancarie locali, non entrambi',
  'field.local_details_required': 'è obbligatorio per i conti bancari in questo paese',
  'field.invalid_sort_code': 'deve essere un codice di sportello (sort code) di 6 cifre',
  'field.invalid_account_number': 'non è un numero di conto valido per questa banca',
  'field.modulus_check_failed': 'non supera il controllo del conto bancario per questo codice di sportello (sort code)',
  'field.invalid_routing_number': 'non è un numero di instradamento ABA valido di 9 cifre',
  'field.invalid_institution_number': 'deve essere un numero di istituto di 3 o 4 cifre',
  'field.invalid_transit_number': 'deve essere un numero di transito di 5 cifre',
  'field.invalid_bsb': 'deve essere un BSB di 6 cifre',
  'field.sort_code_not_found': 'non è un sort code che riusciamo a trovare',
  'field.invalid_bank_code': 'non è un codice banca valido',
  'field.invalid_branch_code': 'non è un codice filiale valido',
  'field.invalid_suffix': 'deve essere un suffisso di conto di 2 o 3 cifre',
  'field.invalid_clearing_number': 'non è un numero di clearing svedese valido',
  'field.invalid_registration_number': 'deve essere un numero di registrazione danese di 4 cifre',
  'field.account_type_required': 'è obbligatorio per i conti bancari in USD',
  'field.account_type_not_allowed': 'è consentito solo per i conti bancari in USD',
  'field.unsupported_country': 'non è un paese in cui è possibile effettuare addebiti',
  'field.currency_country_mismatch': 'non corrisponde al paese del conto bancario',
  'field.invalid_country_code': 'deve essere un codice paese ISO 3166-1 alpha-2',
  'field.invalid_currency': 'deve essere una delle seguenti valute: AUD, CAD, DKK, EUR, GBP, NZD, SEK, USD',
  'field.invalid_swedish_identity_number': 'non è un numero personale o di organizzazione svedese valido',
  'field.invalid_danish_identity_number': 'non è un numero CPR o CVR danese valido',
  'field.invalid_us_state': 'deve essere un codice di stato USA di 2 lettere',
  'field.invalid_mandate_reference': 'non è un riferimento di mandato valido per questo schema',
  'field.invalid_charge_date': 'è precedente alla prima data di addebito possibile ({date})',
  'field.not_a_working_day': 'non è un giorno lavorativo per questo schema',
  'field.not_found': 'non è stato trovato',
  'field.amount_too_small': "è inferiore all'importo minimo per questo schema",
  'field.amount_too_large': "è superiore all'importo massimo per questo schema",
  'field.refund_exceeds_remaining': "supera l'importo ancora rimborsabile del pagamento ({remaining})",
  'field.taken': 'è già in uso',
  'field.scheme_currency_mismatch': 'non corrisponde alla valuta del conto bancario ({currency})',
  'field.ach_only': 'è consentito solo per i mandati ACH',
  'field.bank_account_exists': 'questo conto bancario esiste già per il cliente',
  'field.invalid_uri': 'deve essere un URL http(s) assoluto (https in modalità live) senza credenziali',
  'field.internal_address':
    'non deve puntare a un indirizzo interno (loopback, privato, link-local, unique-local, multicast o un indirizzo IPv4 mappato)',
  'field.creditor_contact_required':
    'richiede un numero di telefono o un indirizzo e-mail del creditore prima di poter accettare mandati {scheme} in produzione',
  'field.creditor_address_required':
    'richiede l’indirizzo postale del creditore (address_line1, city, postal_code) prima di poter accettare mandati Bacs in produzione',
  'field.must_be_true': 'deve essere true',
  'field.not_yet_completed': 'può essere bloccato solo dopo la raccolta di tali dati',
  'field.mandate_only': 'si applica solo alle richieste di addebito relative al solo mandato',
  'field.names_given': 'viene usato solo quando given_name e family_name non sono indicati',
  'field.customer_email_required': 'richiede che il cliente abbia un indirizzo email',
  'field.institution_unavailable': 'non è disponibile al momento',
  'field.bank_account_currency_mismatch': 'il conto bancario deve essere in {currency}',
  'field.other_customer': 'appartiene a un altro cliente',
  'field.one_of_required': 'è obbligatorio questo campo oppure {other}',
  'field.requires_mandate_request': 'richiede un mandate_request',
  'field.ach_pad_only': 'è consentito solo per ACH e PAD',
  'field.custom_reference_disabled':
    'i riferimenti di mandato personalizzati non sono abilitati: lasciare vuoto per generarne uno',
  'field.reference_not_allowed': 'è consentito solo per pagamenti PayTo o Faster Payments con fondi diretti',
  'field.currency_mismatch': 'deve essere {currency}, la valuta del mandato',
  'field.yearly_only': 'è consentito solo con interval_unit yearly',
  'field.not_weekly': 'non è consentito con interval_unit weekly',
  'field.exactly_one_of': 'indicare esattamente uno tra questo campo e {other}',
  'field.must_equal_sum': 'deve essere uguale alla somma delle rate ({sum})',
  'field.request_type_not_supported_by_scheme': 'non è supportato dallo schema {scheme} (solo ACH e PAD)',
  'restriction.payment_pages':
    'In modalità live, clienti, conti bancari e mandati vengono creati tramite richieste di addebito, a meno che le pagine di pagamento proprie non siano approvate.',
  'restriction.white_label': 'In modalità live, solo i partner white-label approvati possono creare creditori.',
  'restriction.custom_payment_pages': "Questo endpoint richiede l'upgrade delle pagine di pagamento personalizzate.",
  'scenario.sandbox_only': 'I simulatori di scenario sono disponibili solo nella sandbox.',
  // Redirect flows (legacy API)
  'reason.redirect_flow_incomplete':
    'Il cliente non ha ancora completato le pagine di pagamento di questo flusso di reindirizzamento.',
  'reason.redirect_flow_already_completed': 'Questo flusso di reindirizzamento è già stato completato.',
  'reason.redirect_flow_expired':
    'Questo flusso di reindirizzamento è scaduto: va completato entro 30 minuti dalla creazione.',
  'reason.session_token_mismatch':
    'Il token di sessione non corrisponde a quello con cui è stato creato questo flusso di reindirizzamento.',
  // Bad input (issue 17): charset, UTF-8, unstorable text, duplicate and reserved keys, date bounds, URLs.
  'reason.unsupported_charset': 'È accettato solo UTF-8: inviare Content-Type application/json; charset=utf-8.',
  'reason.invalid_utf8': 'Il corpo della richiesta non è UTF-8 valido.',
  'reason.json_too_deep': 'Il corpo della richiesta annida oggetti e array per più di {max} livelli.',
  'reason.unsupported_content_encoding':
    "Content-Encoding non è accettato: invii il corpo non compresso, senza l'intestazione Content-Encoding.",
  'field.invalid_utf8': 'non è UTF-8 valido una volta decodificato',
  'field.invalid_characters': 'contiene un carattere NUL o un surrogato spaiato',
  'field.duplicate_key': 'compare più di una volta nello stesso oggetto',
  'field.reserved_key': 'è un nome riservato e non può essere usato come chiave',
  'field.date_out_of_range': 'deve essere una data tra {min} e {max}',
  'field.uri_control_characters': 'deve essere un URL senza spazi né caratteri di controllo',
  'reason.image_type_not_supported': "L'immagine non è un file PNG, JPEG o SVG.",
  'reason.image_too_large': "L'immagine è più grande del consentito.",
  'reason.image_svg_unsafe':
    "L'immagine SVG contiene contenuti che potrebbero eseguire o caricare qualcosa ed è stata rifiutata.",
  'reason.insufficient_colour_contrast': 'Un colore del tema non ha abbastanza contrasto con ciò che lo circonda.',
  'field.image_type_not_supported': "deve essere un'immagine PNG, JPEG o SVG codificata in base64",
  'field.image_too_large': 'deve essere al massimo {max}',
  'field.image_svg_unsafe':
    'deve essere un SVG senza script, foreignObject, gestori di eventi, entità o riferimenti esterni ({problem})',
  'field.insufficient_colour_contrast':
    'ha un contrasto di {ratio}:1 con {against} ({against_colour}); serve almeno {required}:1',
  'sandbox.settings_sandbox_only': 'Le impostazioni della sandbox esistono solo nella sandbox.',
  'reason.bank_report_malformed': 'Impossibile leggere il rapporto della banca (riga {line}). Nulla è stato applicato.',
  'reason.bank_connection_not_available': 'La banca richiesta non è disponibile per questo creditore e schema.',
  'reason.bank_submission_not_pending':
    'Questo invio bancario non è più in attesa: può essere segnato come inviato una sola volta.',
  'bank.simulated_not_in_live':
    'La banca simulata esiste solo nella sandbox: in produzione, le istruzioni vanno alla tua banca come file.',
  'bank.no_file_bank': 'La banca a file non scrive ancora file per {scheme}.',
  'bank.sftp_needs_file_bank': 'La consegna SFTP è della banca a file: imposta kind su file per usarla.',
  'bank.originator_needed': 'Un file {scheme} indica il tuo conto presso la tua banca: fornisci {fields}.',
  'bank.instant_not_in_live':
    'I pagamenti bancari istantanei e i mandati VRP o PayTo richiedono un fornitore di open banking che questo servizio non ha in produzione: incassa con addebito diretto.',
  'bank.run_sandbox_only':
    'Eseguire ora un cut-off è una prova della sandbox: in produzione lo esegue l’orario di cut-off della banca.',
};
