import { join, type MandateTexts } from './common';

/**
 * BECS NZ: the Direct Debit Authority (until further notice, subject to the bank's terms), the
 * initiator's name and 7-digit authorisation code, and the "specific conditions relating to notices
 * and disputes": 10 days' notice, 30 (or 10) days for changes, retries within 5 business days,
 * same-day notice for requested debits, reversal within 120 days / 9 months (schemes.md § 1, § 4).
 */
export const BECS_NZ: MandateTexts = {
  en: (c) => ({
    title: 'Direct Debit Authority',
    paragraphs: [
      join(
        `You authorise your bank, until further notice in writing, to debit your account with all amounts that ${c.name} (the Initiator, authorisation code ${c.id}) initiates by direct debit, subject to your bank's terms and conditions.`,
        c.amount && `Amount: ${c.amount}.`,
        c.ref && `Reference on your bank statement: ${c.ref}.`,
      ),
      'Specific conditions relating to notices and disputes:',
      `${c.name} will notify you of the amount and date of debits at least 10 calendar days before the first debit of a regular series, or before each debit. Changes to the amount, frequency or dates of debits will be notified at least 30 days in advance (10 days if ${c.name}'s bank agrees). A debit presented again within 5 business days after being dishonoured needs no new notice, and a debit made at your own request may be notified on the same day.`,
      `If you did not receive a notice, or a debit does not match the notice, you may ask your bank to reverse it within 120 days of the debit. If you did not authorise a debit, you may ask for it to be reversed within 9 months of the first debit. For questions or disputes, contact ${c.contact}.`,
      `You can cancel this authority at any time by telling your bank in writing; please also let ${c.name} know. Your bank may also end this authority by giving you written notice.`,
    ],
    agreement: `By confirming, you give your bank this Direct Debit Authority for direct debits initiated by ${c.name}.`,
  }),
  fr: (c) => ({
    title: 'Autorisation de prélèvement (Direct Debit Authority)',
    paragraphs: [
      join(
        `Vous autorisez votre banque, jusqu'à nouvel avis écrit de votre part, à débiter votre compte de tous les montants que ${c.name} (l'initiateur, code d'autorisation ${c.id}) prélève par débit direct, sous réserve des conditions générales de votre banque.`,
        c.amount && `Montant : ${c.amount}.`,
        c.ref && `Référence figurant sur votre relevé bancaire : ${c.ref}.`,
      ),
      'Conditions particulières relatives aux avis et aux contestations :',
      `${c.name} vous informera du montant et de la date des prélèvements au moins 10 jours civils avant le premier prélèvement d'une série régulière, ou avant chaque prélèvement. Toute modification du montant, de la fréquence ou des dates des prélèvements vous sera notifiée au moins 30 jours à l'avance (10 jours si la banque de ${c.name} l'accepte). Un prélèvement présenté à nouveau dans les 5 jours ouvrables suivant un rejet ne nécessite pas de nouvel avis, et un prélèvement effectué à votre demande peut être notifié le jour même.`,
      `Si vous n'avez pas reçu l'avis, ou si un prélèvement ne correspond pas à l'avis, vous pouvez demander à votre banque de le rembourser dans les 120 jours suivant le prélèvement. Si vous n'avez pas autorisé un prélèvement, vous pouvez en demander le remboursement dans les 9 mois suivant le premier prélèvement. Pour toute question ou contestation, contactez ${c.contact}.`,
      `Vous pouvez révoquer cette autorisation à tout moment en avertissant votre banque par écrit ; merci d'en informer aussi ${c.name}. Votre banque peut également y mettre fin par un avis écrit.`,
    ],
    agreement: `En confirmant, vous donnez à votre banque cette autorisation de prélèvement pour les débits initiés par ${c.name}.`,
  }),
  de: (c) => ({
    title: 'Lastschriftermächtigung (Direct Debit Authority)',
    paragraphs: [
      join(
        `Sie ermächtigen Ihre Bank bis auf schriftlichen Widerruf, Ihr Konto mit allen Beträgen zu belasten, die ${c.name} (der Initiator, Autorisierungscode ${c.id}) per Lastschrift einzieht, nach Maßgabe der Geschäftsbedingungen Ihrer Bank.`,
        c.amount && `Betrag: ${c.amount}.`,
        c.ref && `Referenz auf Ihrem Kontoauszug: ${c.ref}.`,
      ),
      'Besondere Bedingungen zu Vorabinformationen und Reklamationen:',
      `${c.name} teilt Ihnen Betrag und Datum der Lastschriften mindestens 10 Kalendertage vor der ersten Lastschrift einer regelmäßigen Reihe oder vor jeder einzelnen Lastschrift mit. Änderungen von Betrag, Häufigkeit oder Terminen werden Ihnen mindestens 30 Tage im Voraus mitgeteilt (10 Tage, wenn die Bank von ${c.name} zustimmt). Eine Lastschrift, die innerhalb von 5 Geschäftstagen nach einer Rückgabe erneut eingereicht wird, erfordert keine neue Mitteilung; eine auf Ihren Wunsch eingezogene Lastschrift kann am selben Tag angekündigt werden.`,
      `Haben Sie keine Vorabinformation erhalten oder entspricht eine Lastschrift nicht der Mitteilung, können Sie Ihre Bank innerhalb von 120 Tagen nach der Belastung bitten, sie zurückzubuchen. Haben Sie eine Lastschrift nicht autorisiert, können Sie die Rückbuchung innerhalb von 9 Monaten nach der ersten Lastschrift verlangen. Bei Fragen oder Reklamationen wenden Sie sich an ${c.contact}.`,
      `Sie können diese Ermächtigung jederzeit durch schriftliche Mitteilung an Ihre Bank widerrufen; bitte informieren Sie auch ${c.name}. Auch Ihre Bank kann die Ermächtigung durch schriftliche Mitteilung beenden.`,
    ],
    agreement: `Mit Ihrer Bestätigung erteilen Sie Ihrer Bank diese Lastschriftermächtigung für Lastschriften von ${c.name}.`,
  }),
  pt: (c) => ({
    title: 'Autorização de débito direto (Direct Debit Authority)',
    paragraphs: [
      join(
        `Autoriza o seu banco, até aviso escrito em contrário, a debitar na sua conta todos os montantes que ${c.name} (o iniciador, código de autorização ${c.id}) cobrar por débito direto, nos termos e condições do seu banco.`,
        c.amount && `Montante: ${c.amount}.`,
        c.ref && `Referência no seu extrato bancário: ${c.ref}.`,
      ),
      'Condições específicas relativas a avisos e litígios:',
      `${c.name} informá-lo-á do montante e da data dos débitos pelo menos 10 dias de calendário antes do primeiro débito de uma série regular, ou antes de cada débito. As alterações ao montante, à frequência ou às datas dos débitos ser-lhe-ão comunicadas com pelo menos 30 dias de antecedência (10 dias se o banco de ${c.name} o aceitar). Um débito reapresentado no prazo de 5 dias úteis após ter sido devolvido não exige novo aviso, e um débito feito a seu pedido pode ser comunicado no próprio dia.`,
      `Se não recebeu o aviso, ou se um débito não corresponder ao aviso, pode pedir ao seu banco que o estorne no prazo de 120 dias após o débito. Se não autorizou um débito, pode pedir o estorno no prazo de 9 meses após o primeiro débito. Para questões ou litígios, contacte ${c.contact}.`,
      `Pode revogar esta autorização a qualquer momento, avisando o seu banco por escrito; informe também ${c.name}. O seu banco também pode pôr termo a esta autorização mediante aviso escrito.`,
    ],
    agreement: `Ao confirmar, concede ao seu banco esta autorização de débito direto para os débitos iniciados por ${c.name}.`,
  }),
  es: (c) => ({
    title: 'Autorización de débito directo (Direct Debit Authority)',
    paragraphs: [
      join(
        `Usted autoriza a su banco, hasta nuevo aviso por escrito, a cargar en su cuenta todos los importes que ${c.name} (el iniciador, código de autorización ${c.id}) cobre mediante débito directo, con sujeción a los términos y condiciones de su banco.`,
        c.amount && `Importe: ${c.amount}.`,
        c.ref && `Referencia en su extracto bancario: ${c.ref}.`,
      ),
      'Condiciones específicas relativas a avisos y reclamaciones:',
      `${c.name} le informará del importe y la fecha de los cargos al menos 10 días naturales antes del primer cargo de una serie periódica, o antes de cada cargo. Los cambios en el importe, la frecuencia o las fechas de los cargos se le comunicarán con al menos 30 días de antelación (10 días si el banco de ${c.name} lo acepta). Un cargo que se vuelva a presentar dentro de los 5 días hábiles siguientes a su devolución no requiere un nuevo aviso, y un cargo realizado a petición suya puede notificarse el mismo día.`,
      `Si no recibió el aviso, o si un cargo no coincide con él, puede pedir a su banco que lo retroceda dentro de los 120 días siguientes al cargo. Si usted no autorizó un cargo, puede pedir su retrocesión dentro de los 9 meses siguientes al primer cargo. Para consultas o reclamaciones, póngase en contacto con ${c.contact}.`,
      `Puede revocar esta autorización en cualquier momento comunicándolo por escrito a su banco; le rogamos que también informe a ${c.name}. Su banco también puede ponerle fin mediante aviso por escrito.`,
    ],
    agreement: `Al confirmar, otorga a su banco esta autorización de débito directo para los cargos iniciados por ${c.name}.`,
  }),
  it: (c) => ({
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
  nl: (c) => ({
    title: 'Machtiging voor automatische afschrijving (Direct Debit Authority)',
    paragraphs: [
      join(
        `U machtigt uw bank om, tot u schriftelijk anders laat weten, alle bedragen van uw rekening af te schrijven die ${c.name} (de initiatiefnemer, autorisatiecode ${c.id}) via automatische incasso int, onder de voorwaarden van uw bank.`,
        c.amount && `Bedrag: ${c.amount}.`,
        c.ref && `Omschrijving op uw bankafschrift: ${c.ref}.`,
      ),
      'Bijzondere voorwaarden voor kennisgevingen en geschillen:',
      `${c.name} laat u het bedrag en de datum van de afschrijvingen minstens 10 kalenderdagen van tevoren weten: vóór de eerste afschrijving van een vaste reeks, of vóór elke afschrijving. Wijzigingen in het bedrag, de frequentie of de data van afschrijvingen hoort u minstens 30 dagen van tevoren (10 dagen als de bank van ${c.name} daarmee instemt). Voor een afschrijving die binnen 5 werkdagen na een weigering opnieuw wordt aangeboden is geen nieuwe kennisgeving nodig, en een afschrijving op uw eigen verzoek kan dezelfde dag worden gemeld.`,
      `Hebt u geen kennisgeving ontvangen, of wijkt een afschrijving af van de kennisgeving, dan kunt u uw bank binnen 120 dagen na de afschrijving vragen die terug te boeken. Hebt u een afschrijving niet gemachtigd, dan kunt u binnen 9 maanden na de eerste afschrijving om terugboeking vragen. Voor vragen of geschillen kunt u contact opnemen met ${c.contact}.`,
      `U kunt deze machtiging op elk moment intrekken door uw bank schriftelijk te informeren; laat het ook ${c.name} weten. Ook uw bank kan de machtiging schriftelijk beëindigen.`,
    ],
    agreement: `Door te bevestigen geeft u uw bank deze machtiging voor afschrijvingen die ${c.name} in gang zet.`,
  }),
  da: (c) => ({
    title: 'Fuldmagt til direkte debitering (Direct Debit Authority)',
    paragraphs: [
      join(
        `Du giver din bank fuldmagt til, indtil du skriftligt meddeler andet, at trække alle beløb på din konto, som ${c.name} (initiativtageren, autorisationskode ${c.id}) opkræver via direkte debitering, i henhold til din banks vilkår.`,
        c.amount && `Beløb: ${c.amount}.`,
        c.ref && `Tekst på dit kontoudtog: ${c.ref}.`,
      ),
      'Særlige betingelser om varsler og indsigelser:',
      `${c.name} giver dig besked om beløb og dato for trækkene mindst 10 kalenderdage før det første træk i en fast serie eller før hvert enkelt træk. Ændringer af beløb, hyppighed eller datoer for trækkene varsles mindst 30 dage i forvejen (10 dage, hvis banken hos ${c.name} accepterer det). Et træk, der gennemføres igen inden for 5 bankdage efter at være blevet afvist, kræver ikke nyt varsel, og et træk, du selv har bedt om, kan varsles samme dag.`,
      `Hvis du ikke har fået varslet, eller et træk ikke svarer til varslet, kan du bede din bank om at tilbageføre det inden for 120 dage efter trækket. Hvis du ikke har godkendt et træk, kan du kræve det tilbageført inden for 9 måneder efter det første træk. Ved spørgsmål eller indsigelser kan du kontakte ${c.contact}.`,
      `Du kan til enhver tid tilbagekalde fuldmagten ved at give din bank skriftlig besked; giv også ${c.name} besked. Din bank kan også bringe fuldmagten til ophør ved skriftlig meddelelse.`,
    ],
    agreement: `Ved at bekræfte giver du din bank denne fuldmagt til direkte debitering for træk, som ${c.name} sætter i gang.`,
  }),
  nb: (c) => ({
    title: 'Fullmakt for direkte belastning (Direct Debit Authority)',
    paragraphs: [
      join(
        `Du gir banken din fullmakt til, inntil du skriftlig gir beskjed om noe annet, å belaste kontoen din med alle beløp som ${c.name} (initiativtakeren, autorisasjonskode ${c.id}) krever inn med direkte belastning, i henhold til bankens vilkår.`,
        c.amount && `Beløp: ${c.amount}.`,
        c.ref && `Tekst på kontoutskriften din: ${c.ref}.`,
      ),
      'Særlige vilkår om varsler og tvister:',
      `${c.name} varsler deg om beløp og dato for trekkene minst 10 kalenderdager før det første trekket i en fast serie, eller før hvert trekk. Endringer i beløp, hyppighet eller datoer for trekk varsles minst 30 dager i forveien (10 dager hvis banken til ${c.name} godtar det). Et trekk som sendes på nytt innen 5 virkedager etter å ha blitt avvist, krever ikke nytt varsel, og et trekk du selv har bedt om, kan varsles samme dag.`,
      `Hvis du ikke har fått varsel, eller et trekk ikke stemmer med varselet, kan du be banken din om å tilbakeføre det innen 120 dager etter trekket. Hvis du ikke har godkjent et trekk, kan du kreve det tilbakeført innen 9 måneder etter det første trekket. Ved spørsmål eller tvister kan du kontakte ${c.contact}.`,
      `Du kan når som helst trekke tilbake fullmakten ved å gi banken din skriftlig beskjed; gi også beskjed til ${c.name}. Banken din kan også avslutte fullmakten ved skriftlig varsel.`,
    ],
    agreement: `Ved å bekrefte gir du banken din denne fullmakten til direkte belastning for trekk som ${c.name} setter i gang.`,
  }),
  sl: (c) => ({
    title: 'Pooblastilo za direktno obremenitev (Direct Debit Authority)',
    paragraphs: [
      join(
        `Svojo banko do pisnega preklica pooblaščate, da vaš račun obremeni z vsemi zneski, ki jih pobudnik ${c.name} (avtorizacijska koda ${c.id}) izterja z direktno obremenitvijo, v skladu s pogoji vaše banke.`,
        c.amount && `Znesek: ${c.amount}.`,
        c.ref && `Sklic na vašem bančnem izpisku: ${c.ref}.`,
      ),
      'Posebni pogoji glede obvestil in sporov:',
      `Pobudnik ${c.name} vas bo o znesku in datumu obremenitev obvestil najmanj 10 koledarskih dni pred prvo obremenitvijo v redni seriji ali pred vsako obremenitvijo. O spremembah zneska, pogostosti ali datumov obremenitev boste obveščeni najmanj 30 dni vnaprej (10 dni, če se s tem strinja banka pobudnika ${c.name}). Za obremenitev, ki je ponovno predložena v 5 delovnih dneh po zavrnitvi, novo obvestilo ni potrebno, obremenitev na vašo lastno zahtevo pa je lahko sporočena isti dan.`,
      `Če obvestila niste prejeli ali se obremenitev ne ujema z obvestilom, lahko banko v 120 dneh po obremenitvi prosite, da jo stornira. Če obremenitve niste odobrili, lahko storno zahtevate v 9 mesecih po prvi obremenitvi. Za vprašanja ali spore se obrnite na ${c.contact}.`,
      `To pooblastilo lahko kadar koli prekličete s pisnim obvestilom svoji banki; o tem obvestite tudi pobudnika ${c.name}. Tudi vaša banka lahko pooblastilo prekine s pisnim obvestilom.`,
    ],
    agreement: `S potrditvijo dajete svoji banki to pooblastilo za direktne obremenitve, ki jih sproži pobudnik ${c.name}.`,
  }),
  sv: (c) => ({
    title: 'Fullmakt för direktdebitering (Direct Debit Authority)',
    paragraphs: [
      join(
        `Du ger din bank fullmakt att, tills du skriftligen meddelar annat, debitera ditt konto med alla belopp som ${c.name} (initiativtagaren, auktoriseringskod ${c.id}) drar via direktdebitering, enligt bankens villkor.`,
        c.amount && `Belopp: ${c.amount}.`,
        c.ref && `Text på ditt kontoutdrag: ${c.ref}.`,
      ),
      'Särskilda villkor om aviseringar och tvister:',
      `${c.name} meddelar dig belopp och datum för dragningarna minst 10 kalenderdagar före den första dragningen i en regelbunden serie, eller före varje dragning. Ändringar av belopp, frekvens eller datum för dragningar meddelas minst 30 dagar i förväg (10 dagar om banken för ${c.name} godkänner det). En dragning som görs om inom 5 bankdagar efter att ha avvisats kräver inget nytt meddelande, och en dragning som du själv har begärt kan aviseras samma dag.`,
      `Om du inte har fått något meddelande, eller om en dragning inte stämmer med meddelandet, kan du be din bank att återföra den inom 120 dagar efter dragningen. Om du inte har godkänt en dragning kan du begära återföring inom 9 månader efter den första dragningen. Vid frågor eller tvister, kontakta ${c.contact}.`,
      `Du kan när som helst återkalla fullmakten genom att meddela din bank skriftligen; meddela även ${c.name}. Din bank kan också avsluta fullmakten genom skriftligt meddelande.`,
    ],
    agreement: `Genom att bekräfta ger du din bank denna fullmakt för direktdebitering av dragningar som ${c.name} initierar.`,
  }),
};
