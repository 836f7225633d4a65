import { byConsent, inParens, join, type MandateCatalogue } from '../mandate-draft';

/** The schemes' mandate texts in Norwegian Bokmål (legal texts, kept whole; i18n/mandate.ts says what each must say). */
export const mandate: MandateCatalogue = {
  bacs: (c) => ({
    title: 'Direct Debit-garantien (The Direct Debit Guarantee)',
    lead: {
      title: 'Betalingsinstruks til banken eller building society-et ditt om betaling med Direct Debit',
      paragraphs: [
        join(
          `Betalingsmottaker (service user): ${c.contact}. Betalingsmottakernummer (SUN, Service User Number): ${c.id}.`,
          c.ref ? `Referanse: ${c.ref}.` : 'Referansen for Direct Debit-avtalen din blir sendt til deg på e-post.',
        ),
        `Vennligst betal ${c.name} Direct Debit-trekk fra kontoen som er oppgitt i denne instruksen, med den beskyttelsen Direct Debit-garantien gir. Jeg forstår at instruksen kan bli oppbevart hos ${c.name}, og at opplysningene i så fall sendes elektronisk til banken eller building society-et mitt.`,
      ],
    },
    paragraphs: [
      'Denne garantien tilbys av alle banker og building societies som utfører betalinger med Direct Debit.',
      `Hvis beløpet, datoen eller hyppigheten for Direct Debit-trekket ditt endres, varsler ${c.name} deg 3 virkedager før kontoen din belastes, eller slik det ellers er avtalt. Hvis du ber ${c.name} om å trekke en betaling, får du bekreftet beløp og dato når du ber om det.`,
      `Hvis ${c.name} eller banken eller building society-et ditt gjør en feil ved betalingen av Direct Debit-trekket, har du rett til full og umiddelbar tilbakebetaling av det betalte beløpet fra banken eller building society-et ditt.`,
      `Hvis du får en tilbakebetaling du ikke har krav på, må du betale den tilbake når ${c.name} ber om det.`,
      `Du kan når som helst stoppe et Direct Debit-trekk ved å kontakte banken eller building society-et ditt. Skriftlig bekreftelse kan bli krevd. Gi også beskjed til ${c.name}.`,
    ],
    agreement: `Ved å bekrefte gir du ${c.name} fullmakt til å trekke betalinger fra kontoen din med Direct Debit under Direct Debit-garantien, og du bekrefter at du er kontohaver og den eneste som må godkjenne trekk fra kontoen.`,
  }),
  sepa_core: (c) => ({
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
  ach: (c) => ({
    title: 'Fullmakt til ACH-trekk',
    paragraphs: [
      join(
        byConsent(c.consent, {
          single: `Jeg gir ${c.name} fullmakt til å foreta ett enkelt trekk fra bankkontoen jeg har oppgitt, på eller etter datoen som er avtalt med ${c.name}.`,
          recurring: `Jeg gir ${c.name} fullmakt til å trekke beløp fra bankkontoen jeg har oppgitt med jevne mellomrom, på datoene og med beløpene i den avtalte planen, til jeg trekker tilbake fullmakten.`,
          payer_initiated: `Jeg gir ${c.name} fullmakt til å trekke fra bankkontoen jeg har oppgitt hver gang jeg selv setter i gang en betaling til ${c.name} (for eksempel ved å legge inn en bestilling eller bekrefte et kjøp), med beløpet for den betalingen, til jeg trekker tilbake fullmakten.`,
        }),
        c.amount && `Beløp: ${c.amount}.`,
        c.ref && `Fullmaktens referanse: ${c.ref}.`,
      ),
      `Betalingsmottaker (originator): ${c.contact}. ACH-foretaks-ID (company ID): ${c.id}.`,
      c.consent === 'recurring' &&
        'Hvis et trekk avviker fra det avtalte beløpet, får du beskjed om beløp og dato minst 10 dager før trekket.',
      `Du kan når som helst trekke tilbake fullmakten ved å kontakte ${c.name}${inParens(c.email)}. For å stoppe neste trekk må du gi ${c.name} beskjed minst 3 bankdager før den planlagte datoen.`,
      'Hvis du ikke har godkjent et trekk, kontakt banken din med en gang: du har rett til å bestride det. Skriv ut eller lagre en kopi av denne fullmakten.',
    ],
    agreement: byConsent(c.consent, {
      single: `Ved å bekrefte gir du ${c.name} fullmakt til å trekke fra kontoen din én gang, som beskrevet ovenfor.`,
      recurring: `Ved å bekrefte gir du ${c.name} fullmakt til å trekke fra kontoen din etter den avtalte planen, til du trekker tilbake fullmakten.`,
      payer_initiated: `Ved å bekrefte gir du ${c.name} fullmakt til å trekke fra kontoen din hver gang du selv setter i gang en betaling, til du trekker tilbake fullmakten.`,
    }),
  }),
  pad: (c) => ({
    title: c.business
      ? 'Bedriftsavtale om forhåndsgodkjente trekk (Business PAD)'
      : 'Privatavtale om forhåndsgodkjente trekk (Personal PAD)',
    paragraphs: [
      join(
        `Du som betaler gir ${c.name} (betalingsmottakeren) og finansinstitusjonen som fører kontoen du har oppgitt, fullmakt til å belaste kontoen i samsvar med denne avtalen.`,
        c.business
          ? 'Dette er en bedrifts-PAD: trekkene gjelder forretningsformål.'
          : 'Dette er en privat PAD: trekkene gjelder personlige formål eller familie og husholdning.',
      ),
      join(
        byConsent(c.consent, {
          single: `Avtalen gjelder ett enkelt trekk, på datoen som er avtalt med ${c.name}.`,
          recurring:
            'Det trekkes med faste mellomrom, på datoene og med de (faste eller variable) beløpene i den avtalte planen.',
          payer_initiated:
            'Det trekkes med uregelmessige mellomrom (sporadiske PAD), og hvert trekk skjer først etter at du har godkjent det.',
        }),
        c.amount && `Beløp: ${c.amount}.`,
        c.ref && `Avtalens referanse: ${c.ref}.`,
      ),
      'Du får skriftlig varsel om beløp og dato for det første trekket og for hvert trekk med varierende beløp minst 10 kalenderdager i forveien, og minst 10 dagers varsel om enhver endring i avtalen, også av beløp eller datoer for trekk. Avtalen blir bekreftet skriftlig overfor deg før det første trekket.',
      `Du kan når som helst si opp avtalen med 30 dagers varsel ved å gi beskjed til ${c.name}${inParens(c.email)}. Et eksempel på oppsigelsesskjema og mer informasjon om retten din til å si opp en PAD-avtale får du hos finansinstitusjonen din eller på www.payments.ca.`,
      'Du har visse klagerettigheter hvis et trekk ikke er i samsvar med denne avtalen. Du har for eksempel rett til å få tilbakebetalt ethvert trekk som ikke er godkjent eller ikke stemmer med denne PAD-avtalen. Mer informasjon om klagerettighetene dine får du hos finansinstitusjonen din eller på www.payments.ca.',
      `Har du spørsmål om avtalen eller et trekk, kan du kontakte ${c.contact}. Betalingsmottakerens ID: ${c.id}.`,
    ],
    agreement: `Ved å bekrefte gir du ${c.name} fullmakt til å belaste kontoen din i henhold til denne ${c.business ? 'bedrifts-PAD-avtalen' : 'private PAD-avtalen'}.`,
  }),
  becs: (c) => ({
    title: 'Anmodning om direkte belastning og tjenesteavtale (Direct Debit Request)',
    paragraphs: [
      join(
        `Du ber om og gir ${c.name} (Direct Entry User ID ${c.id}) fullmakt til, gjennom sin egen finansinstitusjon, å trekke beløp fra kontoen du har oppgitt via Bulk Electronic Clearing System (BECS), i samsvar med denne anmodningen og tjenesteavtalen.`,
        c.amount && `Beløp: ${c.amount}.`,
        c.ref && `Referanse: ${c.ref}.`,
      ),
      `Trekkene skjer på datoene og med beløpene som er avtalt med ${c.name}. Faller et trekk på en dag som ikke er en virkedag, skjer det neste virkedag; er du usikker på når et trekk blir behandlet, kan du spørre finansinstitusjonen din.`,
      `${c.name} gir deg skriftlig varsel minst 14 dager før enhver endring av vilkårene i denne avtalen, også av beløp eller hyppighet for trekkene.`,
      `Du kan endre, utsette eller stoppe et trekk, eller si opp ordningen, ved å kontakte ${c.name}${inParens(c.email)} eller finansinstitusjonen din.`,
      'Du er ansvarlig for at det er nok disponible midler på kontoen til hvert trekk på forfallsdagen. Hvis et trekk blir avvist, kan finansinstitusjonen din ta et gebyr. Direkte belastning er ikke mulig på alle kontoer: sjekk kontoopplysningene dine mot en nylig kontoutskrift, og spør finansinstitusjonen din hvis du er usikker.',
      `Hvis du mener at et trekk er gjort ved en feil, kontakt ${c.name} eller finansinstitusjonen din så snart som mulig. Viser det seg at trekket var feil, blir beløpet tilbakeført til kontoen din; hvis ikke, får du vite hvorfor.`,
      `${c.name} behandler kontoopplysningene og personopplysningene dine konfidensielt og bruker dem bare til å gjennomføre trekk, til å undersøke en klage eller tvist, eller når loven krever det.`,
    ],
    agreement: `Ved å bekrefte godtar du denne anmodningen og tjenesteavtalen og gir ${c.name} fullmakt til å belaste kontoen din via BECS.`,
  }),
  becs_nz: (c) => ({
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
  autogiro: (c) => ({
    title: 'Samtykke til betaling via Autogiro (Medgivande till betalning via Autogiro)',
    paragraphs: [
      join(
        `Betalingsmottaker: ${c.contact}. Bankgironummer: ${c.id}.`,
        c.ref ? `Betalernummer: ${c.ref}.` : 'Betalernummeret ditt blir sendt til deg på e-post.',
      ),
      `Jeg samtykker i at betalinger kan skje ved trekk fra den oppgitte kontoen, eller en konto jeg oppgir senere, etter anmodning fra ${c.name}, for overføring til ${c.name} via Autogiro. Banken min har ikke plikt til å kontrollere om de anmodede trekkene er berettiget, eller til å varsle meg om dem på forhånd. Trekkene belastes kontoen etter bankens regler, og banken min gir meg beskjed om dem. På anmodning kan samtykket flyttes til en annen konto i banken min eller til en konto i en annen bank.`,
      `${c.name} gir deg beskjed om beløp, forfallsdato og betalingsmåte senest 8 bankdager før forfallsdatoen, med mindre du har godkjent trekket i forbindelse med et kjøp eller en bestilling. Det må være dekning på kontoen på forfallsdatoen.`,
      `Du kan stoppe et enkelt trekk ved å kontakte ${c.name} senest 2 bankdager før forfallsdatoen, eller banken din senest bankdagen før. Samtykket gjelder til det trekkes tilbake. Du kan når som helst trekke det tilbake ved å kontakte ${c.name} senest 5 bankdager før forfallsdatoen, eller banken din senest bankdagen før forfallsdatoen.`,
      `${c.name} kan avslutte tilknytningen din til Autogiro 30 dager etter å ha varslet deg, og banken din kan gjøre det 30 dager etter å ha varslet deg og ${c.name}.`,
      `Personopplysninger du gir i dette samtykket, eller som registreres i forbindelse med det, behandles av banken din, ${c.name}, betalingsmottakerens bank og Bankgirocentralen BGC AB (Bankgirot) for å administrere tjenesten, blant annet for å registrere samtykket og gjennomføre betalingene.`,
    ],
    agreement: `Ved å bekrefte samtykker du i at ${c.name} trekker betalinger fra kontoen din via Autogiro.`,
  }),
  betalingsservice: (c) => ({
    title: 'Betalingsavtale via Betalingsservice',
    paragraphs: [
      join(
        `Du melder betalinger til ${c.name} inn i Betalingsservice. Betalingsmottaker: ${c.contact}. PBS-nummer: ${c.id}.`,
        c.ref ? `Kundenummer: ${c.ref}.` : 'Kundenummeret ditt blir sendt til deg på e-post.',
      ),
      'Betalingene vises på den månedlige betalingsoversikten din (betalingsoversigt), som du får før beløpene trekkes fra kontoen din, slik at du kan se over dem på forhånd.',
      'Er du uenig i en betaling, kan du selv tilbakeføre den i nettbanken eller via banken din i løpet av de første 7 bankdagene i måneden den trekkes. Etter det kan du klage via banken din inntil 13 måneder etter trekkdatoen. Du kan når som helst si opp avtalen i nettbanken eller via banken din.',
      `Personvern: For å opprette og gjennomføre betalingene behandles navnet ditt, CPR- eller CVR-nummeret ditt, kontoopplysningene dine og opplysninger om betalingene av ${c.name} som betalingsmottaker, av Mastercard Payment Services Denmark A/S (tidligere Nets), som driver Betalingsservice, og av banken din. Hver av dem er selvstendig behandlingsansvarlig, og du kan kontakte dem for å få informasjon om behandlingen og om rettighetene dine.`,
    ],
    agreement: `Ved å bekrefte godtar du at betalinger til ${c.name} trekkes fra kontoen din via Betalingsservice.`,
  }),
};
