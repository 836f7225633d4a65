import { join, type MandateTexts } from './common';

/**
 * SEPA Core: the standard mandate authorisation text with the 8-week refund statement, creditor
 * name, address and Creditor Identifier, the UMR when known, recurrent payments (schemes.md § 4).
 * Each language follows its market's established wording of the EPC text.
 */
export const SEPA: MandateTexts = {
  en: (c) => ({
    title: 'SEPA Direct Debit Mandate (Core)',
    paragraphs: [
      join(
        `Creditor: ${c.contact}. Creditor identifier: ${c.id}.`,
        c.ref ? `Mandate reference (UMR): ${c.ref}.` : 'Your mandate reference (UMR) will be sent to you by e-mail.',
        'Type of payment: recurrent.',
      ),
      `By confirming this mandate, you authorise (A) ${c.name} to send instructions to your bank to debit your account and (B) your bank to debit your account in accordance with the instructions from ${c.name}.`,
      'As part of your rights, you are entitled to a refund from your bank under the terms and conditions of your agreement with your bank. A refund must be claimed within 8 weeks starting from the date on which your account was debited. Your rights are explained in a statement that you can obtain from your bank.',
    ],
    agreement: `By confirming, you sign this SEPA Direct Debit mandate electronically and authorise ${c.name} to collect recurrent payments from your account.`,
  }),
  fr: (c) => ({
    title: 'Mandat de prélèvement SEPA (Core)',
    paragraphs: [
      join(
        `Créancier : ${c.contact}. Identifiant créancier SEPA (ICS) : ${c.id}.`,
        c.ref
          ? `Référence unique du mandat (RUM) : ${c.ref}.`
          : 'La référence unique de votre mandat (RUM) vous sera envoyée par e-mail.',
        'Type de paiement : récurrent.',
      ),
      `En confirmant ce mandat, vous autorisez (A) ${c.name} à envoyer des instructions à votre banque pour débiter votre compte, et (B) votre banque à débiter votre compte conformément aux instructions de ${c.name}.`,
      `Vous bénéficiez du droit d'être remboursé par votre banque selon les conditions décrites dans la convention que vous avez passée avec elle. Une demande de remboursement doit être présentée dans les 8 semaines suivant la date de débit de votre compte pour un prélèvement autorisé. Vos droits concernant le présent mandat sont expliqués dans un document que vous pouvez obtenir auprès de votre banque.`,
    ],
    agreement: `En confirmant, vous signez électroniquement ce mandat de prélèvement SEPA et autorisez ${c.name} à effectuer des prélèvements récurrents sur votre compte.`,
  }),
  de: (c) => ({
    title: 'SEPA-Lastschriftmandat für SEPA-Basislastschriften (Core)',
    paragraphs: [
      join(
        `Zahlungsempfänger: ${c.contact}. Gläubiger-Identifikationsnummer: ${c.id}.`,
        c.ref ? `Mandatsreferenz: ${c.ref}.` : 'Die Mandatsreferenz teilen wir Ihnen per E-Mail mit.',
        'Zahlungsart: wiederkehrende Zahlung.',
      ),
      `Mit Ihrer Bestätigung ermächtigen Sie ${c.name}, Zahlungen von Ihrem Konto mittels Lastschrift einzuziehen. Zugleich weisen Sie Ihr Kreditinstitut an, die von ${c.name} auf Ihr Konto gezogenen Lastschriften einzulösen.`,
      'Hinweis: Sie können innerhalb von 8 Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen. Es gelten dabei die mit Ihrem Kreditinstitut vereinbarten Bedingungen. Ihre Rechte werden in einer Erklärung erläutert, die Sie von Ihrem Kreditinstitut erhalten können.',
    ],
    agreement: `Mit Ihrer Bestätigung erteilen Sie ${c.name} elektronisch dieses SEPA-Lastschriftmandat für wiederkehrende Zahlungen.`,
  }),
  pt: (c) => ({
    title: 'Autorização de Débito Direto SEPA (Core)',
    paragraphs: [
      join(
        `Credor: ${c.contact}. Identificação do credor: ${c.id}.`,
        c.ref
          ? `Referência da autorização: ${c.ref}.`
          : 'A referência da sua autorização ser-lhe-á enviada por e-mail.',
        'Tipo de pagamento: recorrente.',
      ),
      `Ao confirmar esta autorização, autoriza (A) ${c.name} a enviar instruções ao seu banco para debitar a sua conta e (B) o seu banco a debitar a sua conta de acordo com as instruções de ${c.name}.`,
      'Os seus direitos incluem a possibilidade de exigir do seu banco o reembolso do montante debitado, nos termos e condições acordados com o banco. O reembolso deve ser solicitado no prazo de 8 semanas a contar da data do débito na sua conta. Os seus direitos são explicados numa declaração que pode obter junto do seu banco.',
    ],
    agreement: `Ao confirmar, assina eletronicamente esta autorização de débito direto SEPA e autoriza ${c.name} a cobrar pagamentos recorrentes da sua conta.`,
  }),
  es: (c) => ({
    title: 'Orden de domiciliación de adeudo directo SEPA (Core)',
    paragraphs: [
      join(
        `Acreedor: ${c.contact}. Identificador del acreedor: ${c.id}.`,
        c.ref
          ? `Referencia de la orden de domiciliación: ${c.ref}.`
          : 'Le enviaremos la referencia de la orden de domiciliación por correo electrónico.',
        'Tipo de pago: recurrente.',
      ),
      `Mediante la confirmación de esta orden de domiciliación, usted autoriza (A) a ${c.name} a enviar instrucciones a su entidad para adeudar su cuenta y (B) a su entidad para efectuar los adeudos en su cuenta siguiendo las instrucciones de ${c.name}.`,
      'Como parte de sus derechos, usted puede obtener el reembolso de su entidad en los términos y condiciones del contrato suscrito con ella. La solicitud de reembolso deberá efectuarse dentro de las 8 semanas siguientes a la fecha de adeudo en cuenta. Puede obtener información adicional sobre sus derechos en su entidad financiera.',
    ],
    agreement: `Al confirmar, firma electrónicamente esta orden de domiciliación SEPA y autoriza a ${c.name} a cobrar pagos recurrentes de su cuenta.`,
  }),
  it: (c) => ({
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
  nl: (c) => ({
    title: 'Doorlopende machtiging SEPA-incasso (Core)',
    paragraphs: [
      join(
        `Incassant: ${c.contact}. Incassant-ID: ${c.id}.`,
        c.ref ? `Machtigingskenmerk: ${c.ref}.` : 'Het machtigingskenmerk ontvangt u per e-mail.',
        'Soort incasso: doorlopend.',
      ),
      `Door deze machtiging te bevestigen geeft u toestemming aan (A) ${c.name} om doorlopende incasso-opdrachten te sturen naar uw bank om een bedrag van uw rekening af te schrijven en (B) uw bank om doorlopend een bedrag van uw rekening af te schrijven overeenkomstig de opdracht van ${c.name}.`,
      'Als u het niet eens bent met een afschrijving, kunt u deze laten terugboeken. Neem hiervoor binnen 8 weken na de afschrijving contact op met uw bank. Vraag uw bank naar de voorwaarden; uw rechten staan in een verklaring die u bij uw bank kunt opvragen.',
    ],
    agreement: `Door te bevestigen ondertekent u deze machtiging elektronisch en machtigt u ${c.name} om doorlopend bedragen van uw rekening af te schrijven.`,
  }),
  da: (c) => ({
    title: 'Mandat til SEPA Direct Debit (Core)',
    paragraphs: [
      join(
        `Kreditor: ${c.contact}. Kreditor-id: ${c.id}.`,
        c.ref ? `Mandatreference (UMR): ${c.ref}.` : 'Du får mandatreferencen (UMR) tilsendt på e-mail.',
        'Betalingstype: tilbagevendende.',
      ),
      `Ved at bekræfte dette mandat giver du (A) ${c.name} tilladelse til at sende instrukser til din bank om at trække beløb fra din konto og (B) din bank tilladelse til at trække beløb fra din konto i overensstemmelse med instrukserne fra ${c.name}.`,
      'Som en del af dine rettigheder har du ret til at få beløbet tilbagebetalt af din bank i henhold til vilkårene i din aftale med banken. Krav om tilbagebetaling skal fremsættes inden for 8 uger fra den dato, hvor beløbet blev trukket fra din konto. Dine rettigheder er beskrevet i en erklæring, som du kan få i din bank.',
    ],
    agreement: `Ved at bekræfte underskriver du dette SEPA-mandat elektronisk og giver ${c.name} tilladelse til at trække tilbagevendende betalinger fra din konto.`,
  }),
  nb: (c) => ({
    title: 'SEPA-fullmakt for direkte belastning (Core)',
    paragraphs: [
      join(
        `Kreditor: ${c.contact}. Kreditor-ID: ${c.id}.`,
        c.ref ? `Fullmaktsreferanse (UMR): ${c.ref}.` : 'Du får fullmaktsreferansen (UMR) tilsendt på e-post.',
        'Betalingstype: gjentakende.',
      ),
      `Ved å bekrefte denne fullmakten gir du (A) ${c.name} rett til å sende instrukser til banken din om å belaste kontoen din, og (B) banken din rett til å belaste kontoen din i samsvar med instruksene fra ${c.name}.`,
      'Som en del av rettighetene dine har du krav på tilbakebetaling fra banken din i henhold til vilkårene i avtalen din med banken. Krav om tilbakebetaling må fremsettes innen 8 uker fra datoen kontoen din ble belastet. Rettighetene dine er forklart i en erklæring du kan få fra banken din.',
    ],
    agreement: `Ved å bekrefte signerer du denne SEPA-fullmakten elektronisk og gir ${c.name} rett til å trekke gjentakende betalinger fra kontoen din.`,
  }),
  sl: (c) => ({
    title: 'Soglasje za direktno obremenitev SEPA (Core)',
    paragraphs: [
      join(
        `Upnik: ${c.contact}. Identifikacijska oznaka upnika: ${c.id}.`,
        c.ref ? `Referenca soglasja: ${c.ref}.` : 'Referenco soglasja vam bomo poslali po e-pošti.',
        'Vrsta plačila: ponavljajoče se plačilo.',
      ),
      `S potrditvijo tega soglasja pooblaščate (A) upnika ${c.name}, da vaši banki pošilja navodila za obremenitev vašega računa, in (B) svojo banko, da obremenjuje vaš račun v skladu z navodili upnika ${c.name}.`,
      'Med vašimi pravicami je tudi pravica do vračila s strani vaše banke v skladu s pogoji vaše pogodbe z banko. Vračilo morate zahtevati v 8 tednih od datuma, ko je bil vaš račun obremenjen. Vaše pravice so pojasnjene v izjavi, ki jo lahko dobite pri svoji banki.',
    ],
    agreement: `S potrditvijo elektronsko podpisujete to soglasje za direktno obremenitev SEPA in pooblaščate upnika ${c.name} za ponavljajoče se obremenitve vašega računa.`,
  }),
  sv: (c) => ({
    title: 'Medgivande för SEPA Direct Debit (Core)',
    paragraphs: [
      join(
        `Betalningsmottagare: ${c.contact}. Borgenärs-id: ${c.id}.`,
        c.ref ? `Medgivandereferens (UMR): ${c.ref}.` : 'Medgivandereferensen (UMR) skickas till dig via e-post.',
        'Betalningstyp: återkommande.',
      ),
      `Genom att bekräfta detta medgivande ger du (A) ${c.name} tillstånd att skicka instruktioner till din bank om att debitera ditt konto och (B) din bank tillstånd att debitera ditt konto enligt instruktionerna från ${c.name}.`,
      'Som en del av dina rättigheter har du rätt till återbetalning från din bank enligt villkoren i ditt avtal med banken. Återbetalning måste begäras inom 8 veckor från den dag då ditt konto debiterades. Dina rättigheter förklaras i en information som du kan få från din bank.',
    ],
    agreement: `Genom att bekräfta undertecknar du detta medgivande elektroniskt och ger ${c.name} rätt att dra återkommande betalningar från ditt konto.`,
  }),
};
