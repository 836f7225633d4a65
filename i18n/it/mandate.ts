import { byConsent, inParens, join, type MandateCatalogue } from '../mandate-draft';

/** The schemes' mandate texts in Italian (legal texts, kept whole; i18n/mandate.ts says what each must say). */
export const mandate: MandateCatalogue = {
  bacs: (c) => ({
    title: 'La garanzia Direct Debit (The Direct Debit Guarantee)',
    lead: {
      title: 'Istruzione di addebito diretto alla sua banca o building society',
      paragraphs: [
        join(
          `Beneficiario (service user): ${c.contact}. Codice beneficiario (SUN, Service User Number): ${c.id}.`,
          c.ref ? `Riferimento: ${c.ref}.` : 'Il riferimento del suo addebito diretto le sarà inviato via e-mail.',
        ),
        `Vi prego di pagare a ${c.name} gli addebiti diretti sul conto indicato nella presente istruzione, con le tutele assicurate dalla garanzia Direct Debit. Sono consapevole che questa istruzione può restare presso ${c.name} e che, in tal caso, i dati saranno trasmessi elettronicamente alla mia banca o building society.`,
      ],
    },
    paragraphs: [
      'Questa garanzia è offerta da tutte le banche e building society che accettano istruzioni di pagamento tramite addebito diretto.',
      `In caso di variazioni dell'importo, della data o della frequenza del suo addebito diretto, ${c.name} gliele comunicherà 3 giorni lavorativi prima dell'addebito sul conto, o secondo quanto diversamente concordato. Se chiede a ${c.name} di incassare un pagamento, l'importo e la data le saranno confermati al momento della richiesta.`,
      `Se ${c.name} o la sua banca o building society commettono un errore nel pagamento del suo addebito diretto, ha diritto al rimborso immediato e integrale dell'importo pagato da parte della sua banca o building society.`,
      `Se riceve un rimborso che non le spetta, dovrà restituirlo quando ${c.name} lo richiederà.`,
      `Può revocare un addebito diretto in qualsiasi momento semplicemente contattando la sua banca o building society. Potrebbe essere richiesta una conferma scritta. La preghiamo di informare anche ${c.name}.`,
    ],
    agreement: `Confermando, autorizza ${c.name} a incassare pagamenti dal suo conto tramite addebito diretto (Direct Debit) con la tutela della garanzia Direct Debit e conferma di essere titolare del conto e l'unica persona la cui autorizzazione è necessaria per addebitarlo.`,
  }),
  sepa_core: (c) => ({
    title: 'Mandato per addebito diretto SEPA (Core)',
    paragraphs: [
      join(
        `Creditore: ${c.contact}. Codice identificativo del creditore: ${c.id}.`,
        c.ref ? `Riferimento del mandato: ${c.ref}.` : 'Il riferimento del mandato le sarà inviato via e-mail.',
        'Tipo di pagamento: ricorrente.',
      ),
      `La conferma del presente mandato comporta (A) l'autorizzazione a ${c.name} a richiedere alla sua banca l'addebito del suo conto e (B) l'autorizzazione alla sua banca a procedere a tale addebito conformemente alle disposizioni impartite da ${c.name}.`,
      `Lei ha diritto di essere rimborsato dalla sua banca secondo gli accordi e le condizioni che regolano il rapporto con quest'ultima. Il rimborso deve essere richiesto entro 8 settimane a decorrere dalla data di addebito sul conto. I suoi diritti sono illustrati in un documento che può ottenere dalla sua banca.`,
    ],
    agreement: `Confermando, sottoscrive elettronicamente questo mandato per addebito diretto SEPA e autorizza ${c.name} ad addebitare pagamenti ricorrenti sul suo conto.`,
  }),
  ach: (c) => ({
    title: 'Autorizzazione di addebito ACH',
    paragraphs: [
      join(
        byConsent(c.consent, {
          single: `Autorizzo ${c.name} a effettuare un unico addebito sul conto bancario che ho indicato, alla data concordata con ${c.name} o successivamente.`,
          recurring: `Autorizzo ${c.name} ad addebitare periodicamente il conto bancario che ho indicato, alle date e per gli importi del piano concordato, fino alla revoca della presente autorizzazione.`,
          payer_initiated: `Autorizzo ${c.name} ad addebitare il conto bancario che ho indicato ogni volta che avvio un pagamento a favore di ${c.name} (ad esempio effettuando un ordine o confermando un acquisto), per l'importo di tale pagamento, fino alla revoca della presente autorizzazione.`,
        }),
        c.amount && `Importo: ${c.amount}.`,
        c.ref && `Riferimento dell'autorizzazione: ${c.ref}.`,
      ),
      `Beneficiario degli addebiti (originator): ${c.contact}. Codice identificativo ACH dell'azienda (company ID): ${c.id}.`,
      c.consent === 'recurring' &&
        `Se l'importo di un addebito è diverso da quello concordato, le saranno comunicati importo e data almeno 10 giorni prima dell'addebito.`,
      `Può revocare questa autorizzazione in qualsiasi momento contattando ${c.name}${inParens(c.email)}. Per bloccare il prossimo addebito, avvisi ${c.name} almeno 3 giorni lavorativi prima della data prevista.`,
      'Se un addebito non è stato autorizzato, contatti subito la sua banca: ha il diritto di contestarlo. Stampi o salvi una copia di questa autorizzazione per i suoi archivi.',
    ],
    agreement: byConsent(c.consent, {
      single: `Confermando, autorizza ${c.name} ad addebitare il suo conto una sola volta, come descritto sopra.`,
      recurring: `Confermando, autorizza ${c.name} ad addebitare il suo conto secondo il piano concordato, fino alla revoca dell'autorizzazione.`,
      payer_initiated: `Confermando, autorizza ${c.name} ad addebitare il suo conto ogni volta che avvia un pagamento, fino alla revoca dell'autorizzazione.`,
    }),
  }),
  pad: (c) => ({
    title: c.business
      ? 'Accordo di addebito preautorizzato (PAD) aziendale'
      : 'Accordo di addebito preautorizzato (PAD) personale',
    paragraphs: [
      join(
        `Lei, in qualità di pagatore, autorizza ${c.name} (il beneficiario) e l'istituto finanziario presso cui è aperto il conto che ha indicato ad addebitare tale conto in conformità al presente accordo.`,
        c.business
          ? 'Si tratta di un PAD aziendale: gli addebiti hanno finalità commerciali.'
          : 'Si tratta di un PAD personale: gli addebiti hanno finalità personali, familiari o domestiche.',
      ),
      join(
        byConsent(c.consent, {
          single: `Il presente accordo riguarda un unico addebito, alla data concordata con ${c.name}.`,
          recurring:
            'Gli addebiti saranno effettuati a intervalli regolari, alle date e per gli importi (fissi o variabili) del piano concordato.',
          payer_initiated:
            'Gli addebiti saranno effettuati a intervalli irregolari (PAD sporadici), ciascuno solo dopo che lei lo avrà autorizzato.',
        }),
        c.amount && `Importo: ${c.amount}.`,
        c.ref && `Riferimento dell'accordo: ${c.ref}.`,
      ),
      `Riceverà un avviso scritto con l'importo e la data del primo addebito, e di ogni addebito di importo variabile, almeno 10 giorni di calendario prima che venga effettuato, nonché un preavviso di almeno 10 giorni di qualsiasi modifica del presente accordo, compresi l'importo o le date degli addebiti. Il presente accordo le sarà confermato per iscritto prima del primo addebito.`,
      `Può recedere dal presente accordo in qualsiasi momento con un preavviso di 30 giorni a ${c.name}${inParens(c.email)}. Per ottenere un modulo di recesso di esempio, o maggiori informazioni sul suo diritto di recedere da un accordo PAD, si rivolga al suo istituto finanziario o visiti www.payments.ca.`,
      'Lei dispone di determinati diritti di ricorso se un addebito non è conforme al presente accordo. Ad esempio, ha diritto al rimborso di qualsiasi addebito non autorizzato o non coerente con il presente accordo PAD. Per maggiori informazioni sui suoi diritti di ricorso, si rivolga al suo istituto finanziario o visiti www.payments.ca.',
      `Per domande sul presente accordo o su un addebito, contatti ${c.contact}. Identificativo del beneficiario: ${c.id}.`,
    ],
    agreement: `Confermando, autorizza ${c.name} ad addebitare il suo conto in base al presente accordo PAD ${c.business ? 'aziendale' : 'personale'}.`,
  }),
  becs: (c) => ({
    title: 'Richiesta di addebito diretto e accordo di servizio (Direct Debit Request)',
    paragraphs: [
      join(
        `Lei richiede e autorizza ${c.name} (Direct Entry User ID ${c.id}) a disporre, tramite il proprio istituto finanziario, l'addebito di importi sul conto che ha indicato attraverso il Bulk Electronic Clearing System (BECS), in conformità alla presente richiesta di addebito diretto e accordo di servizio.`,
        c.amount && `Importo: ${c.amount}.`,
        c.ref && `Riferimento: ${c.ref}.`,
      ),
      `Gli addebiti saranno effettuati alle date e per gli importi concordati con ${c.name}. Se un addebito scade in un giorno non lavorativo, sarà effettuato il giorno lavorativo successivo; in caso di dubbi su quando un addebito verrà elaborato, si rivolga al suo istituto finanziario.`,
      `${c.name} le darà un preavviso scritto di almeno 14 giorni prima di modificare le condizioni del presente accordo, compresi l'importo o la frequenza degli addebiti.`,
      `Può modificare, rinviare o bloccare un addebito, oppure porre fine a questo accordo, contattando ${c.name}${inParens(c.email)} o il suo istituto finanziario.`,
      `È sua responsabilità disporre sul conto di fondi sufficienti per ogni addebito alla data di scadenza. Se un addebito viene respinto, il suo istituto finanziario può applicarle una commissione. L'addebito diretto non è disponibile su tutti i conti: verifichi i dati del conto su un estratto recente e, in caso di dubbi, presso il suo istituto finanziario.`,
      `Se ritiene che un addebito sia stato effettuato per errore, contatti al più presto ${c.name} o il suo istituto finanziario. Se l'addebito risulta errato, l'importo le sarà rimborsato sul conto; in caso contrario, le verrà spiegato il motivo.`,
      `${c.name} tratterà in modo riservato i dati del suo conto e i suoi dati personali e li utilizzerà solo per elaborare gli addebiti, esaminare un reclamo o una contestazione o quando richiesto dalla legge.`,
    ],
    agreement: `Confermando, accetta la presente richiesta di addebito diretto e accordo di servizio e autorizza ${c.name} ad addebitare il suo conto tramite BECS.`,
  }),
  becs_nz: (c) => ({
    title: 'Autorizzazione di addebito diretto (Direct Debit Authority)',
    paragraphs: [
      join(
        `Lei autorizza la sua banca, fino a revoca scritta, ad addebitare sul suo conto tutti gli importi che ${c.name} (l'iniziatore, codice di autorizzazione ${c.id}) richiede tramite addebito diretto, alle condizioni previste dalla sua banca.`,
        c.amount && `Importo: ${c.amount}.`,
        c.ref && `Riferimento sull'estratto conto: ${c.ref}.`,
      ),
      'Condizioni specifiche relative ad avvisi e contestazioni:',
      `${c.name} le comunicherà l'importo e la data degli addebiti almeno 10 giorni di calendario prima del primo addebito di una serie regolare, oppure prima di ogni addebito. Le modifiche all'importo, alla frequenza o alle date degli addebiti le saranno comunicate con almeno 30 giorni di preavviso (10 giorni se la banca di ${c.name} lo consente). Un addebito ripresentato entro 5 giorni lavorativi dopo un insoluto non richiede un nuovo avviso, e un addebito effettuato su sua richiesta può essere comunicato lo stesso giorno.`,
      `Se non ha ricevuto l'avviso, o se un addebito non corrisponde all'avviso, può chiedere alla sua banca di stornarlo entro 120 giorni dall'addebito. Se non ha autorizzato un addebito, può chiederne lo storno entro 9 mesi dal primo addebito. Per domande o contestazioni, contatti ${c.contact}.`,
      `Può revocare questa autorizzazione in qualsiasi momento comunicandolo per iscritto alla sua banca; la preghiamo di informare anche ${c.name}. Anche la sua banca può porre fine all'autorizzazione con comunicazione scritta.`,
    ],
    agreement: `Confermando, conferisce alla sua banca questa autorizzazione di addebito diretto per gli addebiti disposti da ${c.name}.`,
  }),
  autogiro: (c) => ({
    title: 'Consenso al pagamento tramite Autogiro (Medgivande till betalning via Autogiro)',
    paragraphs: [
      join(
        `Beneficiario: ${c.contact}. Numero Bankgiro: ${c.id}.`,
        c.ref ? `Numero del pagatore: ${c.ref}.` : 'Il suo numero di pagatore le sarà inviato via e-mail.',
      ),
      `Acconsento che i pagamenti siano effettuati mediante prelievi dal conto indicato, o da un conto che indicherò in seguito, su richiesta di ${c.name}, a favore di ${c.name} tramite Autogiro. La mia banca non è tenuta a verificare la legittimità dei prelievi richiesti né ad avvisarmi in anticipo. I prelievi sono addebitati sul conto secondo le regole della mia banca, che me ne dà notizia. Su richiesta, questo consenso può essere trasferito su un altro conto presso la mia banca o su un conto presso un'altra banca.`,
      `${c.name} le comunicherà importo, data di scadenza e modalità di pagamento almeno 8 giorni lavorativi bancari prima della scadenza, salvo che lei abbia approvato il prelievo al momento di un acquisto o di un ordine. Alla data di scadenza il conto deve avere fondi sufficienti.`,
      `Può bloccare un singolo prelievo contattando ${c.name} almeno 2 giorni lavorativi bancari prima della scadenza, oppure la sua banca entro il giorno lavorativo bancario precedente. Questo consenso è valido fino a revoca. Può revocarlo in qualsiasi momento contattando ${c.name} almeno 5 giorni lavorativi bancari prima della scadenza, oppure la sua banca entro il giorno lavorativo bancario precedente la scadenza.`,
      `${c.name} può chiudere la sua adesione ad Autogiro 30 giorni dopo avergliene dato comunicazione, e la sua banca può farlo 30 giorni dopo averne dato comunicazione a lei e a ${c.name}.`,
      `I dati personali forniti in questo consenso, o registrati in relazione a esso, sono trattati dalla sua banca, da ${c.name}, dalla banca del beneficiario e da Bankgirocentralen BGC AB (Bankgirot) per la gestione del servizio, compresi la registrazione del consenso e l'esecuzione dei pagamenti.`,
    ],
    agreement: `Confermando, acconsente che ${c.name} addebiti pagamenti sul suo conto tramite Autogiro.`,
  }),
  betalingsservice: (c) => ({
    title: 'Accordo di pagamento Betalingsservice',
    paragraphs: [
      join(
        `Sta attivando Betalingsservice per i pagamenti a ${c.name}. Beneficiario: ${c.contact}. Numero PBS: ${c.id}.`,
        c.ref ? `Numero cliente: ${c.ref}.` : 'Il suo numero cliente le sarà inviato via e-mail.',
      ),
      'I suoi pagamenti compaiono nel riepilogo mensile dei pagamenti (betalingsoversigt), che riceve prima che gli importi siano addebitati sul suo conto, così può controllarli in anticipo.',
      `Se non è d'accordo con un pagamento, può stornarlo lei stesso tramite l'home banking o la sua banca nei primi 7 giorni lavorativi bancari del mese in cui viene addebitato. Successivamente può presentare un reclamo tramite la sua banca fino a 13 mesi dopo la data di addebito. Può disdire l'accordo in qualsiasi momento nell'home banking o presso la sua banca.`,
      `Protezione dei dati: per attivare ed eseguire i pagamenti, il suo nome, il numero CPR o CVR, i dati del conto e le informazioni sui pagamenti sono trattati da ${c.name} in qualità di beneficiario, da Mastercard Payment Services Denmark A/S (già Nets), che gestisce Betalingsservice, e dalla sua banca. Ciascuno è titolare autonomo del trattamento e può contattarli per informazioni sul trattamento dei suoi dati e sui suoi diritti.`,
    ],
    agreement: `Confermando, accetta che i pagamenti a ${c.name} siano addebitati sul suo conto tramite Betalingsservice.`,
  }),
};
