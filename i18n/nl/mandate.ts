import { byConsent, inParens, join, type MandateCatalogue } from '../mandate-draft';

/** The schemes' mandate texts in Dutch (legal texts, kept whole; i18n/mandate.ts says what each must say). */
export const mandate: MandateCatalogue = {
  bacs: (c) => ({
    title: 'De Direct Debit-garantie (The Direct Debit Guarantee)',
    lead: {
      title: 'Incasso-opdracht aan uw bank of building society',
      paragraphs: [
        join(
          `Incassant (service user): ${c.contact}. Incassantnummer (SUN, Service User Number): ${c.id}.`,
          c.ref ? `Kenmerk: ${c.ref}.` : 'Het kenmerk van uw incasso ontvangt u per e-mail.',
        ),
        `Betaal aan ${c.name} de automatische incasso's van de rekening die in deze opdracht is vermeld, met de bescherming van de Direct Debit-garantie. Ik begrijp dat deze opdracht bij ${c.name} kan blijven en dat de gegevens dan elektronisch aan mijn bank of building society worden doorgegeven.`,
      ],
    },
    paragraphs: [
      `Deze garantie wordt geboden door alle banken en building societies die opdrachten voor Direct Debit-incasso's aanvaarden.`,
      `Als het bedrag, de datum of de frequentie van uw incasso verandert, laat ${c.name} u dat 3 werkdagen vóór de afschrijving van uw rekening weten, of zoals anders is afgesproken. Als u ${c.name} vraagt een betaling te incasseren, krijgt u bij uw verzoek een bevestiging van het bedrag en de datum.`,
      `Als ${c.name} of uw bank of building society een fout maakt bij de betaling van uw incasso, hebt u recht op een volledige en onmiddellijke terugbetaling van het betaalde bedrag door uw bank of building society.`,
      `Als u een terugbetaling ontvangt waarop u geen recht hebt, moet u die terugbetalen wanneer ${c.name} daarom vraagt.`,
      `U kunt een Direct Debit-incasso op elk moment stopzetten door contact op te nemen met uw bank of building society. Een schriftelijke bevestiging kan nodig zijn. Laat het ook ${c.name} weten.`,
    ],
    agreement: `Door te bevestigen machtigt u ${c.name} om met Direct Debit betalingen van uw rekening te incasseren onder de Direct Debit-garantie, en bevestigt u dat u rekeninghouder bent en als enige deze incasso's hoeft goed te keuren.`,
  }),
  sepa_core: (c) => ({
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
  ach: (c) => ({
    title: 'Machtiging voor ACH-afschrijving',
    paragraphs: [
      join(
        byConsent(c.consent, {
          single: `Ik machtig ${c.name} om eenmalig een bedrag af te schrijven van de bankrekening die ik heb opgegeven, op of na de datum die met ${c.name} is afgesproken.`,
          recurring: `Ik machtig ${c.name} om doorlopend bedragen af te schrijven van de bankrekening die ik heb opgegeven, op de data en voor de bedragen van het afgesproken schema, totdat ik deze machtiging intrek.`,
          payer_initiated: `Ik machtig ${c.name} om telkens wanneer ik zelf een betaling aan ${c.name} in gang zet (bijvoorbeeld door een bestelling te plaatsen of een aankoop te bevestigen) het bedrag van die betaling af te schrijven van de bankrekening die ik heb opgegeven, totdat ik deze machtiging intrek.`,
        }),
        c.amount && `Bedrag: ${c.amount}.`,
        c.ref && `Kenmerk van de machtiging: ${c.ref}.`,
      ),
      `Incassant (originator): ${c.contact}. ACH-bedrijfsnummer (company ID): ${c.id}.`,
      c.consent === 'recurring' &&
        'Wijkt het bedrag van een afschrijving af van het afgesproken bedrag, dan hoort u het bedrag en de datum minstens 10 dagen vóór de afschrijving.',
      `U kunt deze machtiging op elk moment intrekken door contact op te nemen met ${c.name}${inParens(c.email)}. Wilt u de volgende afschrijving tegenhouden, laat het ${c.name} dan minstens 3 werkdagen van tevoren weten.`,
      'Hebt u een afschrijving niet gemachtigd, neem dan meteen contact op met uw bank: u hebt het recht die te betwisten. Druk een kopie van deze machtiging af of sla die op voor uw administratie.',
    ],
    agreement: byConsent(c.consent, {
      single: `Door te bevestigen machtigt u ${c.name} om eenmalig een bedrag van uw rekening af te schrijven, zoals hierboven beschreven.`,
      recurring: `Door te bevestigen machtigt u ${c.name} om volgens het afgesproken schema bedragen van uw rekening af te schrijven, totdat u de machtiging intrekt.`,
      payer_initiated: `Door te bevestigen machtigt u ${c.name} om bij elke betaling die u zelf in gang zet uw rekening te belasten, totdat u de machtiging intrekt.`,
    }),
  }),
  pad: (c) => ({
    title: c.business
      ? 'Zakelijke overeenkomst voor vooraf gemachtigde afschrijvingen (Business PAD)'
      : 'Particuliere overeenkomst voor vooraf gemachtigde afschrijvingen (Personal PAD)',
    paragraphs: [
      join(
        `U, de betaler, machtigt ${c.name} (de begunstigde) en de financiële instelling waar de opgegeven rekening wordt aangehouden om die rekening volgens deze overeenkomst te belasten.`,
        c.business
          ? 'Dit is een zakelijke PAD: de afschrijvingen zijn voor zakelijke doeleinden.'
          : 'Dit is een particuliere PAD: de afschrijvingen zijn voor persoonlijke, gezins- of huishoudelijke doeleinden.',
      ),
      join(
        byConsent(c.consent, {
          single: `Deze overeenkomst betreft één afschrijving, op de datum die met ${c.name} is afgesproken.`,
          recurring:
            'Er wordt met regelmatige tussenpozen afgeschreven, op de data en voor de (vaste of wisselende) bedragen van het afgesproken schema.',
          payer_initiated:
            'Er wordt met onregelmatige tussenpozen afgeschreven (sporadische PAD), telkens pas nadat u de afschrijving hebt goedgekeurd.',
        }),
        c.amount && `Bedrag: ${c.amount}.`,
        c.ref && `Kenmerk van de overeenkomst: ${c.ref}.`,
      ),
      'U ontvangt minstens 10 kalenderdagen van tevoren schriftelijk bericht over het bedrag en de datum van de eerste afschrijving en van elke afschrijving met een wisselend bedrag, en minstens 10 dagen van tevoren over elke wijziging van deze overeenkomst, ook van het bedrag of de data van afschrijvingen. Vóór de eerste afschrijving ontvangt u een schriftelijke bevestiging van deze overeenkomst.',
      `U kunt deze overeenkomst op elk moment opzeggen met een opzegtermijn van 30 dagen, door ${c.name}${inParens(c.email)} daarvan op de hoogte te stellen. Voor een voorbeeldformulier voor opzegging, of meer informatie over uw recht om een PAD-overeenkomst op te zeggen, kunt u terecht bij uw financiële instelling of op www.payments.ca.`,
      'U hebt bepaalde verhaalsrechten als een afschrijving niet in overeenstemming is met deze overeenkomst. U hebt bijvoorbeeld recht op terugbetaling van elke afschrijving die niet is gemachtigd of niet strookt met deze PAD-overeenkomst. Meer informatie over uw verhaalsrechten krijgt u bij uw financiële instelling of op www.payments.ca.',
      `Voor vragen over deze overeenkomst of een afschrijving kunt u contact opnemen met ${c.contact}. ID van de begunstigde: ${c.id}.`,
    ],
    agreement: `Door te bevestigen machtigt u ${c.name} om uw rekening te belasten volgens deze ${c.business ? 'zakelijke' : 'particuliere'} PAD-overeenkomst.`,
  }),
  becs: (c) => ({
    title: 'Incasso-opdracht en dienstverleningsovereenkomst (Direct Debit Request)',
    paragraphs: [
      join(
        `U verzoekt en machtigt ${c.name} (Direct Entry User ID ${c.id}) om via de eigen financiële instelling bedragen te laten afschrijven van de rekening die u hebt opgegeven, via het Bulk Electronic Clearing System (BECS), volgens deze incasso-opdracht en dienstverleningsovereenkomst.`,
        c.amount && `Bedrag: ${c.amount}.`,
        c.ref && `Kenmerk: ${c.ref}.`,
      ),
      `Er wordt afgeschreven op de data en voor de bedragen die met ${c.name} zijn afgesproken. Valt een afschrijving op een dag die geen werkdag is, dan vindt die plaats op de volgende werkdag; weet u niet zeker wanneer een afschrijving wordt verwerkt, vraag het dan aan uw financiële instelling.`,
      `${c.name} laat u minstens 14 dagen van tevoren schriftelijk weten als de voorwaarden van deze overeenkomst veranderen, ook als het bedrag of de frequentie van de afschrijvingen verandert.`,
      `U kunt een afschrijving wijzigen, uitstellen of stoppen, of deze regeling beëindigen, door contact op te nemen met ${c.name}${inParens(c.email)} of met uw financiële instelling.`,
      'U bent ervoor verantwoordelijk dat er op de vervaldatum voldoende saldo op de rekening staat voor elke afschrijving. Wordt een afschrijving geweigerd, dan kan uw financiële instelling kosten in rekening brengen. Automatische afschrijving is niet bij alle rekeningen mogelijk: controleer uw rekeninggegevens aan de hand van een recent afschrift en vraag het bij twijfel na bij uw financiële instelling.',
      `Denkt u dat er ten onrechte is afgeschreven, neem dan zo snel mogelijk contact op met ${c.name} of uw financiële instelling. Blijkt de afschrijving onjuist, dan wordt het bedrag teruggestort op uw rekening; zo niet, dan hoort u waarom.`,
      `${c.name} behandelt uw rekeninggegevens en persoonsgegevens vertrouwelijk en gebruikt ze alleen om afschrijvingen te verwerken, om een claim of geschil te onderzoeken of als de wet dat vereist.`,
    ],
    agreement: `Door te bevestigen aanvaardt u deze incasso-opdracht en dienstverleningsovereenkomst en machtigt u ${c.name} om via BECS van uw rekening af te schrijven.`,
  }),
  becs_nz: (c) => ({
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
  autogiro: (c) => ({
    title: 'Toestemming voor betaling via Autogiro (Medgivande till betalning via Autogiro)',
    paragraphs: [
      join(
        `Begunstigde: ${c.contact}. Bankgironummer: ${c.id}.`,
        c.ref ? `Betalersnummer: ${c.ref}.` : 'Uw betalersnummer ontvangt u per e-mail.',
      ),
      `Ik geef toestemming om betalingen te doen door afschrijvingen van de opgegeven rekening, of van een rekening die ik later opgeef, op verzoek van ${c.name}, ten gunste van ${c.name} via Autogiro. Mijn bank hoeft de bevoegdheid voor gevraagde afschrijvingen niet te controleren en mij er niet vooraf over te informeren. Afschrijvingen gebeuren volgens de regels van mijn bank, die mij erover informeert. Op verzoek kan deze toestemming worden overgezet naar een andere rekening bij mijn bank of naar een rekening bij een andere bank.`,
      `${c.name} laat u het bedrag, de vervaldatum en de betaalwijze uiterlijk 8 bankwerkdagen vóór de vervaldatum weten, tenzij u de afschrijving al bij een aankoop of bestelling hebt goedgekeurd. Op de vervaldatum moet er voldoende saldo op de rekening staan.`,
      `U kunt één afschrijving tegenhouden door uiterlijk 2 bankwerkdagen vóór de vervaldatum contact op te nemen met ${c.name}, of uiterlijk de bankwerkdag ervoor met uw bank. Deze toestemming geldt tot nader order. U kunt haar op elk moment intrekken door uiterlijk 5 bankwerkdagen vóór de vervaldatum contact op te nemen met ${c.name}, of uiterlijk de bankwerkdag vóór de vervaldatum met uw bank.`,
      `${c.name} kan uw aansluiting op Autogiro beëindigen 30 dagen nadat u daarvan op de hoogte bent gesteld, en uw bank kan dat 30 dagen nadat u en ${c.name} daarvan op de hoogte zijn gesteld.`,
      `Persoonsgegevens die u in deze toestemming verstrekt, of die daarbij worden vastgelegd, worden verwerkt door uw bank, ${c.name}, de bank van de begunstigde en Bankgirocentralen BGC AB (Bankgirot) voor het beheer van de dienst, onder meer om de toestemming te registreren en de betalingen uit te voeren.`,
    ],
    agreement: `Door te bevestigen geeft u ${c.name} toestemming om via Autogiro betalingen van uw rekening af te schrijven.`,
  }),
  betalingsservice: (c) => ({
    title: 'Betaalovereenkomst via Betalingsservice',
    paragraphs: [
      join(
        `U meldt uw betalingen aan ${c.name} aan bij Betalingsservice. Begunstigde: ${c.contact}. PBS-nummer: ${c.id}.`,
        c.ref ? `Klantnummer: ${c.ref}.` : 'Uw klantnummer ontvangt u per e-mail.',
      ),
      'Uw betalingen staan op uw maandelijkse betalingsoverzicht (betalingsoversigt), dat u ontvangt voordat de bedragen van uw rekening worden afgeschreven, zodat u ze vooraf kunt controleren.',
      'Bent u het niet eens met een betaling, dan kunt u die zelf laten terugboeken via internetbankieren of uw bank in de eerste 7 bankwerkdagen van de maand waarin ze wordt afgeschreven. Daarna kunt u via uw bank bezwaar maken tot 13 maanden na de afschrijvingsdatum. U kunt de overeenkomst op elk moment opzeggen via internetbankieren of uw bank.',
      `Gegevensbescherming: om de betalingen in te stellen en uit te voeren worden uw naam, uw CPR- of CVR-nummer, uw rekeninggegevens en betalingsgegevens verwerkt door ${c.name} als begunstigde, door Mastercard Payment Services Denmark A/S (voorheen Nets), de beheerder van Betalingsservice, en door uw bank. Elk van hen is zelfstandig verwerkingsverantwoordelijke; u kunt contact met hen opnemen voor informatie over de verwerking van uw gegevens en over uw rechten.`,
    ],
    agreement: `Door te bevestigen gaat u ermee akkoord dat betalingen aan ${c.name} via Betalingsservice van uw rekening worden afgeschreven.`,
  }),
};
