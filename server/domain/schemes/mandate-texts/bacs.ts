import { join, type MandateTexts } from './common';

/**
 * Bacs: the instruction to the payer's bank or building society and the Direct Debit Guarantee
 * (schemes.md § 4). The service's advance notice is 3 working days (schemes.md § 1 bacs). The
 * Guarantee is official in English only; the other languages translate it and keep the English title.
 */
export const BACS: MandateTexts = {
  en: (c) => ({
    title: 'The Direct Debit Guarantee',
    paragraphs: [
      join(
        `Instruction to your bank or building society to pay by Direct Debit. Service user: ${c.contact}. Service User Number (SUN): ${c.id}.`,
        c.ref ? `Reference: ${c.ref}.` : 'Your Direct Debit reference will be sent to you by e-mail.',
      ),
      `Please pay ${c.name} Direct Debits from the account detailed in this Instruction subject to the safeguards assured by the Direct Debit Guarantee. I understand that this Instruction may remain with ${c.name} and, if so, details will be passed electronically to my bank or building society.`,
      'This Guarantee is offered by all banks and building societies that accept instructions to pay Direct Debits.',
      `If there are any changes to the amount, date or frequency of your Direct Debit, ${c.name} will notify you 3 working days in advance of your account being debited or as otherwise agreed. If you request ${c.name} to collect a payment, confirmation of the amount and date will be given to you at the time of the request.`,
      `If an error is made in the payment of your Direct Debit, by ${c.name} or your bank or building society, you are entitled to a full and immediate refund of the amount paid from your bank or building society.`,
      `If you receive a refund you are not entitled to, you must pay it back when ${c.name} asks you to.`,
      `You can cancel a Direct Debit at any time by simply contacting your bank or building society. Written confirmation may be required. Please also notify ${c.name}.`,
    ],
    agreement: `By confirming, you authorise ${c.name} to collect payments from your account by Direct Debit under the Direct Debit Guarantee, and confirm that you are the account holder and the only person required to authorise debits from this account.`,
  }),
  fr: (c) => ({
    title: 'La garantie Direct Debit (The Direct Debit Guarantee)',
    paragraphs: [
      join(
        `Instruction de prélèvement Direct Debit adressée à votre banque ou building society. Émetteur (service user) : ${c.contact}. Numéro d'émetteur (SUN, Service User Number) : ${c.id}.`,
        c.ref ? `Référence : ${c.ref}.` : 'La référence de votre prélèvement vous sera envoyée par e-mail.',
      ),
      `Veuillez payer à ${c.name} les prélèvements Direct Debit tirés sur le compte indiqué dans la présente instruction, sous réserve des protections prévues par la garantie Direct Debit. Je comprends que cette instruction peut être conservée par ${c.name} et, dans ce cas, que ses données seront transmises par voie électronique à ma banque ou building society.`,
      `Cette garantie est offerte par toutes les banques et building societies qui acceptent d'exécuter des prélèvements Direct Debit.`,
      `En cas de modification du montant, de la date ou de la fréquence de votre prélèvement, ${c.name} vous en informera 3 jours ouvrés avant le débit de votre compte, ou dans un autre délai convenu. Si vous demandez à ${c.name} de prélever un paiement, le montant et la date vous seront confirmés au moment de votre demande.`,
      `Si une erreur est commise lors du paiement de votre prélèvement, par ${c.name} ou par votre banque ou building society, vous avez droit au remboursement intégral et immédiat du montant payé par votre banque ou building society.`,
      `Si vous recevez un remboursement auquel vous n'aviez pas droit, vous devez le restituer lorsque ${c.name} vous le demande.`,
      `Vous pouvez mettre fin à un prélèvement Direct Debit à tout moment en contactant simplement votre banque ou building society. Une confirmation écrite peut être exigée. Merci d'en informer également ${c.name}.`,
    ],
    agreement: `En confirmant, vous autorisez ${c.name} à prélever des paiements sur votre compte par Direct Debit sous la protection de la garantie Direct Debit, et vous confirmez être titulaire du compte et la seule personne dont l'autorisation est requise pour les prélèvements sur ce compte.`,
  }),
  de: (c) => ({
    title: 'Die Direct-Debit-Garantie (The Direct Debit Guarantee)',
    paragraphs: [
      join(
        `Lastschriftanweisung an Ihre Bank oder Building Society. Zahlungsempfänger (Service User): ${c.contact}. Service User Number (SUN): ${c.id}.`,
        c.ref ? `Referenz: ${c.ref}.` : 'Ihre Lastschriftreferenz erhalten Sie per E-Mail.',
      ),
      `Bitte lösen Sie die Lastschriften von ${c.name} zulasten des in dieser Anweisung angegebenen Kontos ein, vorbehaltlich der Schutzrechte aus der Direct-Debit-Garantie. Mir ist bekannt, dass diese Anweisung bei ${c.name} verbleiben kann und die Angaben in diesem Fall elektronisch an meine Bank oder Building Society übermittelt werden.`,
      'Diese Garantie wird von allen Banken und Building Societies angeboten, die Direct-Debit-Lastschriften ausführen.',
      `Ändern sich Betrag, Datum oder Häufigkeit Ihrer Lastschrift, informiert ${c.name} Sie 3 Arbeitstage vor der Belastung Ihres Kontos oder wie anderweitig vereinbart. Wenn Sie ${c.name} bitten, eine Zahlung einzuziehen, werden Ihnen Betrag und Datum bei Ihrer Anfrage bestätigt.`,
      `Unterläuft ${c.name} oder Ihrer Bank bzw. Building Society bei der Ausführung Ihrer Lastschrift ein Fehler, haben Sie Anspruch auf sofortige und vollständige Erstattung des gezahlten Betrags durch Ihre Bank oder Building Society.`,
      `Erhalten Sie eine Erstattung, die Ihnen nicht zusteht, müssen Sie sie zurückzahlen, sobald ${c.name} Sie dazu auffordert.`,
      `Sie können eine Lastschrift jederzeit widerrufen, indem Sie sich einfach an Ihre Bank oder Building Society wenden. Eine schriftliche Bestätigung kann erforderlich sein. Bitte informieren Sie auch ${c.name}.`,
    ],
    agreement: `Mit Ihrer Bestätigung ermächtigen Sie ${c.name}, Zahlungen unter dem Schutz der Direct-Debit-Garantie per Lastschrift von Ihrem Konto einzuziehen, und bestätigen, dass Sie Inhaber des Kontos sind und Lastschriften allein autorisieren dürfen.`,
  }),
  pt: (c) => ({
    title: 'A Garantia de Débito Direto (The Direct Debit Guarantee)',
    paragraphs: [
      join(
        `Instrução de débito direto ao seu banco ou building society. Beneficiário (service user): ${c.contact}. Número de beneficiário (SUN, Service User Number): ${c.id}.`,
        c.ref ? `Referência: ${c.ref}.` : 'A referência do seu débito direto ser-lhe-á enviada por e-mail.',
      ),
      `Solicito que pague a ${c.name} os débitos diretos da conta indicada nesta instrução, com as salvaguardas asseguradas pela Garantia de Débito Direto. Compreendo que esta instrução pode ficar na posse de ${c.name} e que, nesse caso, os respetivos dados serão transmitidos eletronicamente ao meu banco ou building society.`,
      'Esta garantia é oferecida por todos os bancos e building societies que aceitam instruções de pagamento por débito direto.',
      `Se houver alterações ao montante, à data ou à periodicidade do seu débito direto, ${c.name} irá notificá-lo 3 dias úteis antes do débito na sua conta, ou conforme acordado de outra forma. Se pedir a ${c.name} que cobre um pagamento, o montante e a data ser-lhe-ão confirmados no momento do pedido.`,
      `Se for cometido um erro no pagamento do seu débito direto, por ${c.name} ou pelo seu banco ou building society, tem direito ao reembolso total e imediato do montante pago, por parte do seu banco ou building society.`,
      `Se receber um reembolso a que não tem direito, deve devolvê-lo quando ${c.name} o solicitar.`,
      `Pode cancelar um débito direto a qualquer momento, bastando contactar o seu banco ou building society. Poderá ser exigida confirmação por escrito. Informe também ${c.name}.`,
    ],
    agreement: `Ao confirmar, autoriza ${c.name} a cobrar pagamentos da sua conta por débito direto, ao abrigo da Garantia de Débito Direto, e confirma que é o titular da conta e a única pessoa cuja autorização é necessária para debitar esta conta.`,
  }),
  es: (c) => ({
    title: 'La Garantía Direct Debit (The Direct Debit Guarantee)',
    paragraphs: [
      join(
        `Orden de domiciliación a su banco o building society. Beneficiario (service user): ${c.contact}. Número de beneficiario (SUN, Service User Number): ${c.id}.`,
        c.ref ? `Referencia: ${c.ref}.` : 'Le enviaremos la referencia de su domiciliación por correo electrónico.',
      ),
      `Ruego paguen a ${c.name} los adeudos directos con cargo a la cuenta indicada en esta orden, con las salvaguardas que ofrece la Garantía Direct Debit. Entiendo que esta orden puede quedar en poder de ${c.name} y que, en tal caso, sus datos se transmitirán electrónicamente a mi banco o building society.`,
      'Esta garantía la ofrecen todos los bancos y building societies que aceptan órdenes de pago por adeudo directo.',
      `Si cambia el importe, la fecha o la frecuencia de su adeudo directo, ${c.name} se lo comunicará con 3 días hábiles de antelación al cargo en su cuenta, o según se haya acordado. Si pide a ${c.name} que cobre un pago, se le confirmarán el importe y la fecha en el momento de la solicitud.`,
      `Si ${c.name} o su banco o building society cometen un error en el pago de su adeudo directo, tiene derecho al reembolso íntegro e inmediato del importe pagado por parte de su banco o building society.`,
      `Si recibe un reembolso al que no tiene derecho, deberá devolverlo cuando ${c.name} se lo solicite.`,
      `Puede cancelar un adeudo directo en cualquier momento con solo ponerse en contacto con su banco o building society. Es posible que se le pida confirmación por escrito. Le rogamos que también lo comunique a ${c.name}.`,
    ],
    agreement: `Al confirmar, autoriza a ${c.name} a cobrar pagos de su cuenta mediante adeudo directo (Direct Debit) con la protección de la Garantía Direct Debit, y confirma que es titular de la cuenta y la única persona cuya autorización se requiere para adeudarla.`,
  }),
  it: (c) => ({
    title: 'La garanzia Direct Debit (The Direct Debit Guarantee)',
    paragraphs: [
      join(
        `Istruzione di addebito diretto alla sua banca o building society. Beneficiario (service user): ${c.contact}. Codice beneficiario (SUN, Service User Number): ${c.id}.`,
        c.ref ? `Riferimento: ${c.ref}.` : 'Il riferimento del suo addebito diretto le sarà inviato via e-mail.',
      ),
      `Vi prego di pagare a ${c.name} gli addebiti diretti sul conto indicato nella presente istruzione, con le tutele assicurate dalla garanzia Direct Debit. Sono consapevole che questa istruzione può restare presso ${c.name} e che, in tal caso, i dati saranno trasmessi elettronicamente alla mia banca o building society.`,
      'Questa garanzia è offerta da tutte le banche e building society che accettano istruzioni di pagamento tramite addebito diretto.',
      `In caso di variazioni dell'importo, della data o della frequenza del suo addebito diretto, ${c.name} gliele comunicherà 3 giorni lavorativi prima dell'addebito sul conto, o secondo quanto diversamente concordato. Se chiede a ${c.name} di incassare un pagamento, l'importo e la data le saranno confermati al momento della richiesta.`,
      `Se ${c.name} o la sua banca o building society commettono un errore nel pagamento del suo addebito diretto, ha diritto al rimborso immediato e integrale dell'importo pagato da parte della sua banca o building society.`,
      `Se riceve un rimborso che non le spetta, dovrà restituirlo quando ${c.name} lo richiederà.`,
      `Può revocare un addebito diretto in qualsiasi momento semplicemente contattando la sua banca o building society. Potrebbe essere richiesta una conferma scritta. La preghiamo di informare anche ${c.name}.`,
    ],
    agreement: `Confermando, autorizza ${c.name} a incassare pagamenti dal suo conto tramite addebito diretto (Direct Debit) con la tutela della garanzia Direct Debit e conferma di essere titolare del conto e l'unica persona la cui autorizzazione è necessaria per addebitarlo.`,
  }),
  nl: (c) => ({
    title: 'De Direct Debit-garantie (The Direct Debit Guarantee)',
    paragraphs: [
      join(
        `Incasso-opdracht aan uw bank of building society. Incassant (service user): ${c.contact}. Incassantnummer (SUN, Service User Number): ${c.id}.`,
        c.ref ? `Kenmerk: ${c.ref}.` : 'Het kenmerk van uw incasso ontvangt u per e-mail.',
      ),
      `Betaal aan ${c.name} de automatische incasso's van de rekening die in deze opdracht is vermeld, met de bescherming van de Direct Debit-garantie. Ik begrijp dat deze opdracht bij ${c.name} kan blijven en dat de gegevens dan elektronisch aan mijn bank of building society worden doorgegeven.`,
      `Deze garantie wordt geboden door alle banken en building societies die opdrachten voor Direct Debit-incasso's aanvaarden.`,
      `Als het bedrag, de datum of de frequentie van uw incasso verandert, laat ${c.name} u dat 3 werkdagen vóór de afschrijving van uw rekening weten, of zoals anders is afgesproken. Als u ${c.name} vraagt een betaling te incasseren, krijgt u bij uw verzoek een bevestiging van het bedrag en de datum.`,
      `Als ${c.name} of uw bank of building society een fout maakt bij de betaling van uw incasso, hebt u recht op een volledige en onmiddellijke terugbetaling van het betaalde bedrag door uw bank of building society.`,
      `Als u een terugbetaling ontvangt waarop u geen recht hebt, moet u die terugbetalen wanneer ${c.name} daarom vraagt.`,
      `U kunt een Direct Debit-incasso op elk moment stopzetten door contact op te nemen met uw bank of building society. Een schriftelijke bevestiging kan nodig zijn. Laat het ook ${c.name} weten.`,
    ],
    agreement: `Door te bevestigen machtigt u ${c.name} om met Direct Debit betalingen van uw rekening te incasseren onder de Direct Debit-garantie, en bevestigt u dat u rekeninghouder bent en als enige deze incasso's hoeft goed te keuren.`,
  }),
  da: (c) => ({
    title: 'Direct Debit-garantien (The Direct Debit Guarantee)',
    paragraphs: [
      join(
        `Betalingsinstruks til din bank eller building society om betaling via Direct Debit. Betalingsmodtager (service user): ${c.contact}. Betalingsmodtagernummer (SUN, Service User Number): ${c.id}.`,
        c.ref ? `Referencenummer: ${c.ref}.` : 'Din Direct Debit-reference bliver sendt til dig på e-mail.',
      ),
      `Betal venligst ${c.name} Direct Debit-opkrævninger fra den konto, der er angivet i denne instruks, med den beskyttelse som Direct Debit-garantien giver. Jeg er indforstået med, at instruksen kan blive opbevaret hos ${c.name}, og at oplysningerne i så fald sendes elektronisk til min bank eller building society.`,
      'Denne garanti tilbydes af alle banker og building societies, der gennemfører betalinger via Direct Debit.',
      `Hvis beløb, dato eller hyppighed for din Direct Debit ændres, giver ${c.name} dig besked 3 arbejdsdage før din konto bliver trukket, eller som I ellers har aftalt. Hvis du beder ${c.name} om at opkræve en betaling, får du beløb og dato bekræftet, når du beder om det.`,
      `Hvis ${c.name} eller din bank eller building society begår en fejl ved betalingen af din Direct Debit, har du ret til straks at få hele det betalte beløb tilbagebetalt af din bank eller building society.`,
      `Hvis du får en tilbagebetaling, som du ikke har ret til, skal du betale den tilbage, når ${c.name} beder dig om det.`,
      `Du kan til enhver tid stoppe en Direct Debit ved blot at kontakte din bank eller building society. Der kan blive krævet en skriftlig bekræftelse. Giv også ${c.name} besked.`,
    ],
    agreement: `Ved at bekræfte giver du ${c.name} tilladelse til at opkræve betalinger fra din konto via Direct Debit med Direct Debit-garantiens beskyttelse, og du bekræfter, at du er kontohaver og den eneste, der skal godkende træk på kontoen.`,
  }),
  nb: (c) => ({
    title: 'Direct Debit-garantien (The Direct Debit Guarantee)',
    paragraphs: [
      join(
        `Betalingsinstruks til banken eller building society-et ditt om betaling med Direct Debit. Betalingsmottaker (service user): ${c.contact}. Betalingsmottakernummer (SUN, Service User Number): ${c.id}.`,
        c.ref ? `Referanse: ${c.ref}.` : 'Referansen for Direct Debit-avtalen din blir sendt til deg på e-post.',
      ),
      `Vennligst betal ${c.name} Direct Debit-trekk fra kontoen som er oppgitt i denne instruksen, med den beskyttelsen Direct Debit-garantien gir. Jeg forstår at instruksen kan bli oppbevart hos ${c.name}, og at opplysningene i så fall sendes elektronisk til banken eller building society-et mitt.`,
      'Denne garantien tilbys av alle banker og building societies som utfører betalinger med Direct Debit.',
      `Hvis beløpet, datoen eller hyppigheten for Direct Debit-trekket ditt endres, varsler ${c.name} deg 3 virkedager før kontoen din belastes, eller slik det ellers er avtalt. Hvis du ber ${c.name} om å trekke en betaling, får du bekreftet beløp og dato når du ber om det.`,
      `Hvis ${c.name} eller banken eller building society-et ditt gjør en feil ved betalingen av Direct Debit-trekket, har du rett til full og umiddelbar tilbakebetaling av det betalte beløpet fra banken eller building society-et ditt.`,
      `Hvis du får en tilbakebetaling du ikke har krav på, må du betale den tilbake når ${c.name} ber om det.`,
      `Du kan når som helst stoppe et Direct Debit-trekk ved å kontakte banken eller building society-et ditt. Skriftlig bekreftelse kan bli krevd. Gi også beskjed til ${c.name}.`,
    ],
    agreement: `Ved å bekrefte gir du ${c.name} fullmakt til å trekke betalinger fra kontoen din med Direct Debit under Direct Debit-garantien, og du bekrefter at du er kontohaver og den eneste som må godkjenne trekk fra kontoen.`,
  }),
  sl: (c) => ({
    title: 'Jamstvo Direct Debit (The Direct Debit Guarantee)',
    paragraphs: [
      join(
        `Nalog vaši banki ali hranilnici (building society) za plačevanje z direktno obremenitvijo. Prejemnik plačil (service user): ${c.contact}. Številka prejemnika plačil (SUN, Service User Number): ${c.id}.`,
        c.ref ? `Referenca: ${c.ref}.` : 'Referenco vaše direktne obremenitve vam bomo poslali po e-pošti.',
      ),
      `Prosim, plačujte prejemniku ${c.name} direktne obremenitve v breme računa, navedenega v tem nalogu, z zaščito, ki jo zagotavlja jamstvo Direct Debit. Razumem, da lahko ta nalog ostane pri prejemniku ${c.name} in da se v tem primeru podatki elektronsko posredujejo moji banki ali hranilnici.`,
      'To jamstvo nudijo vse banke in hranilnice (building societies), ki sprejemajo naloge za plačila z direktno obremenitvijo.',
      `Če se znesek, datum ali pogostost vaše direktne obremenitve spremeni, vas bo prejemnik ${c.name} o tem obvestil 3 delovne dni pred obremenitvijo vašega računa ali kot je drugače dogovorjeno. Če prejemnika ${c.name} prosite za izvedbo plačila, vam bosta znesek in datum potrjena ob vaši zahtevi.`,
      `Če prejemnik ${c.name} ali vaša banka oziroma hranilnica pri plačilu vaše direktne obremenitve naredi napako, imate pravico do takojšnjega vračila celotnega plačanega zneska s strani vaše banke ali hranilnice.`,
      `Če prejmete vračilo, do katerega niste upravičeni, ga morate vrniti, ko vas prejemnik ${c.name} za to zaprosi.`,
      `Direktno obremenitev lahko kadar koli prekličete, tako da se preprosto obrnete na svojo banko ali hranilnico. Morda bo potrebna pisna potrditev. O tem obvestite tudi prejemnika ${c.name}.`,
    ],
    agreement: `S potrditvijo pooblaščate prejemnika ${c.name}, da z direktno obremenitvijo (Direct Debit) pobira plačila z vašega računa ob zaščiti jamstva Direct Debit, in potrjujete, da ste imetnik računa in edina oseba, ki mora odobriti obremenitve tega računa.`,
  }),
  sv: (c) => ({
    title: 'Direct Debit-garantin (The Direct Debit Guarantee)',
    paragraphs: [
      join(
        `Betalningsinstruktion till din bank eller building society om betalning via Direct Debit. Betalningsmottagare (service user): ${c.contact}. Betalningsmottagarnummer (SUN, Service User Number): ${c.id}.`,
        c.ref ? `Referens: ${c.ref}.` : 'Referensen för din Direct Debit skickas till dig via e-post.',
      ),
      `Betala ${c.name} Direct Debit-dragningar från det konto som anges i denna instruktion, med det skydd som Direct Debit-garantin ger. Jag förstår att instruktionen kan förvaras hos ${c.name} och att uppgifterna i så fall skickas elektroniskt till min bank eller building society.`,
      'Garantin erbjuds av alla banker och building societies som tar emot betalningsinstruktioner för Direct Debit.',
      `Om belopp, datum eller frekvens för din Direct Debit ändras meddelar ${c.name} dig 3 arbetsdagar innan ditt konto debiteras, eller enligt annan överenskommelse. Om du ber ${c.name} att dra en betalning bekräftas belopp och datum när du gör din begäran.`,
      `Om ${c.name} eller din bank eller building society gör ett fel vid betalningen av din Direct Debit har du rätt till omedelbar återbetalning av hela det betalda beloppet från din bank eller building society.`,
      `Om du får en återbetalning som du inte har rätt till måste du betala tillbaka den när ${c.name} ber dig om det.`,
      `Du kan när som helst säga upp en Direct Debit genom att kontakta din bank eller building society. Skriftlig bekräftelse kan krävas. Meddela även ${c.name}.`,
    ],
    agreement: `Genom att bekräfta ger du ${c.name} rätt att dra betalningar från ditt konto via Direct Debit med Direct Debit-garantins skydd, och du intygar att du är kontoinnehavare och den enda som behöver godkänna dragningar från kontot.`,
  }),
};
