import { byConsent, inParens, join, type MandateCatalogue } from '../mandate-draft';

/** The schemes' mandate texts in Danish (legal texts, kept whole; i18n/mandate.ts says what each must say). */
export const mandate: MandateCatalogue = {
  bacs: (c) => ({
    title: 'Direct Debit-garantien (The Direct Debit Guarantee)',
    lead: {
      title: 'Betalingsinstruks til din bank eller building society om betaling via Direct Debit',
      paragraphs: [
        join(
          `Betalingsmodtager (service user): ${c.contact}. Betalingsmodtagernummer (SUN, Service User Number): ${c.id}.`,
          c.ref ? `Referencenummer: ${c.ref}.` : 'Din Direct Debit-reference bliver sendt til dig på e-mail.',
        ),
        `Betal venligst ${c.name} Direct Debit-opkrævninger fra den konto, der er angivet i denne instruks, med den beskyttelse som Direct Debit-garantien giver. Jeg er indforstået med, at instruksen kan blive opbevaret hos ${c.name}, og at oplysningerne i så fald sendes elektronisk til min bank eller building society.`,
      ],
    },
    paragraphs: [
      'Denne garanti tilbydes af alle banker og building societies, der gennemfører betalinger via Direct Debit.',
      `Hvis beløb, dato eller hyppighed for din Direct Debit ændres, giver ${c.name} dig besked 3 arbejdsdage før din konto bliver trukket, eller som I ellers har aftalt. Hvis du beder ${c.name} om at opkræve en betaling, får du beløb og dato bekræftet, når du beder om det.`,
      `Hvis ${c.name} eller din bank eller building society begår en fejl ved betalingen af din Direct Debit, har du ret til straks at få hele det betalte beløb tilbagebetalt af din bank eller building society.`,
      `Hvis du får en tilbagebetaling, som du ikke har ret til, skal du betale den tilbage, når ${c.name} beder dig om det.`,
      `Du kan til enhver tid stoppe en Direct Debit ved blot at kontakte din bank eller building society. Der kan blive krævet en skriftlig bekræftelse. Giv også ${c.name} besked.`,
    ],
    agreement: `Ved at bekræfte giver du ${c.name} tilladelse til at opkræve betalinger fra din konto via Direct Debit med Direct Debit-garantiens beskyttelse, og du bekræfter, at du er kontohaver og den eneste, der skal godkende træk på kontoen.`,
  }),
  sepa_core: (c) => ({
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
  ach: (c) => ({
    title: 'Fuldmagt til ACH-træk',
    paragraphs: [
      join(
        byConsent(c.consent, {
          single: `Jeg giver ${c.name} fuldmagt til at foretage ét enkelt træk på den bankkonto, jeg har oplyst, på eller efter den dato, der er aftalt med ${c.name}.`,
          recurring: `Jeg giver ${c.name} fuldmagt til løbende at trække beløb på den bankkonto, jeg har oplyst, på de datoer og med de beløb, der følger af den aftalte plan, indtil jeg tilbagekalder fuldmagten.`,
          payer_initiated: `Jeg giver ${c.name} fuldmagt til at trække på den bankkonto, jeg har oplyst, hver gang jeg selv sætter en betaling til ${c.name} i gang (for eksempel ved at afgive en bestilling eller bekræfte et køb), med betalingens beløb, indtil jeg tilbagekalder fuldmagten.`,
        }),
        c.amount && `Beløb: ${c.amount}.`,
        c.ref && `Fuldmagtens reference: ${c.ref}.`,
      ),
      `Betalingsmodtager (originator): ${c.contact}. ACH-virksomheds-id (company ID): ${c.id}.`,
      c.consent === 'recurring' &&
        'Hvis et træk afviger fra det aftalte beløb, får du besked om beløb og dato mindst 10 dage før trækket.',
      `Du kan til enhver tid tilbagekalde fuldmagten ved at kontakte ${c.name}${inParens(c.email)}. Hvis du vil stoppe det næste træk, skal du give ${c.name} besked mindst 3 bankdage før den planlagte dato.`,
      'Hvis du ikke har godkendt et træk, så kontakt straks din bank: du har ret til at gøre indsigelse. Udskriv eller gem en kopi af denne fuldmagt.',
    ],
    agreement: byConsent(c.consent, {
      single: `Ved at bekræfte giver du ${c.name} fuldmagt til at trække på din konto én gang som beskrevet ovenfor.`,
      recurring: `Ved at bekræfte giver du ${c.name} fuldmagt til at trække på din konto efter den aftalte plan, indtil du tilbagekalder fuldmagten.`,
      payer_initiated: `Ved at bekræfte giver du ${c.name} fuldmagt til at trække på din konto, hver gang du selv sætter en betaling i gang, indtil du tilbagekalder fuldmagten.`,
    }),
  }),
  pad: (c) => ({
    title: c.business
      ? 'Erhvervsaftale om forhåndsgodkendte træk (Business PAD)'
      : 'Privataftale om forhåndsgodkendte træk (Personal PAD)',
    paragraphs: [
      join(
        `Som betaler giver du ${c.name} (betalingsmodtageren) og det pengeinstitut, der fører den konto, du har oplyst, tilladelse til at trække på kontoen i henhold til denne aftale.`,
        c.business
          ? 'Dette er en erhvervs-PAD: trækkene sker til erhvervsmæssige formål.'
          : 'Dette er en privat PAD: trækkene sker til personlige formål eller til familien eller husstanden.',
      ),
      join(
        byConsent(c.consent, {
          single: `Aftalen omfatter ét enkelt træk på den dato, der er aftalt med ${c.name}.`,
          recurring:
            'Der trækkes med faste mellemrum, på de datoer og med de (faste eller variable) beløb, der følger af den aftalte plan.',
          payer_initiated:
            'Der trækkes med uregelmæssige mellemrum (sporadiske PAD), og hvert træk sker først, når du har godkendt det.',
        }),
        c.amount && `Beløb: ${c.amount}.`,
        c.ref && `Aftalens reference: ${c.ref}.`,
      ),
      'Du får skriftlig besked om beløb og dato for det første træk og for ethvert træk med et varierende beløb mindst 10 kalenderdage i forvejen, og mindst 10 dages varsel om enhver ændring af aftalen, herunder af beløb eller datoer for træk. Aftalen bliver bekræftet skriftligt over for dig før det første træk.',
      `Du kan til enhver tid opsige aftalen med 30 dages varsel ved at give ${c.name}${inParens(c.email)} besked. Du kan få en opsigelsesblanket og flere oplysninger om din ret til at opsige en PAD-aftale hos dit pengeinstitut eller på www.payments.ca.`,
      'Du har visse rettigheder til at gøre indsigelse, hvis et træk ikke er i overensstemmelse med denne aftale. Du har for eksempel ret til at få tilbagebetalt ethvert træk, der ikke er godkendt eller ikke stemmer overens med denne PAD-aftale. Du kan få flere oplysninger om dine rettigheder hos dit pengeinstitut eller på www.payments.ca.',
      `Har du spørgsmål til aftalen eller til et træk, kan du kontakte ${c.contact}. Betalingsmodtagerens id: ${c.id}.`,
    ],
    agreement: `Ved at bekræfte giver du ${c.name} tilladelse til at trække på din konto i henhold til denne ${c.business ? 'erhvervs-PAD-aftale' : 'private PAD-aftale'}.`,
  }),
  becs: (c) => ({
    title: 'Anmodning om direkte debitering og serviceaftale (Direct Debit Request)',
    paragraphs: [
      join(
        `Du anmoder om og giver ${c.name} (Direct Entry User ID ${c.id}) tilladelse til via sit eget pengeinstitut at få trukket beløb på den konto, du har oplyst, gennem Bulk Electronic Clearing System (BECS) i henhold til denne anmodning og serviceaftale.`,
        c.amount && `Beløb: ${c.amount}.`,
        c.ref && `Referencenummer: ${c.ref}.`,
      ),
      `Beløbene trækkes på de datoer og med de beløb, der er aftalt med ${c.name}. Falder et træk på en dag, der ikke er en bankdag, sker det den næste bankdag; er du i tvivl om, hvornår et træk bliver behandlet, så spørg dit pengeinstitut.`,
      `${c.name} giver dig skriftligt varsel mindst 14 dage før enhver ændring af vilkårene i denne aftale, herunder af beløb eller hyppighed for trækkene.`,
      `Du kan ændre, udskyde eller stoppe et træk eller opsige ordningen ved at kontakte ${c.name}${inParens(c.email)} eller dit pengeinstitut.`,
      'Du har ansvaret for, at der er tilstrækkelig dækning på kontoen til hvert træk på forfaldsdagen. Hvis et træk bliver afvist, kan dit pengeinstitut opkræve et gebyr. Direkte debitering er ikke mulig på alle konti: kontrollér dine kontooplysninger på et nyligt kontoudtog, og spørg dit pengeinstitut, hvis du er i tvivl.',
      `Hvis du mener, at et træk er sket ved en fejl, så kontakt ${c.name} eller dit pengeinstitut hurtigst muligt. Viser trækket sig at være forkert, bliver beløbet tilbageført til din konto; ellers får du at vide hvorfor.`,
      `${c.name} behandler dine kontooplysninger og personoplysninger fortroligt og bruger dem kun til at gennemføre trækkene, til at undersøge en klage eller tvist, eller når loven kræver det.`,
    ],
    agreement: `Ved at bekræfte accepterer du denne anmodning og serviceaftale og giver ${c.name} tilladelse til at trække på din konto via BECS.`,
  }),
  becs_nz: (c) => ({
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
  autogiro: (c) => ({
    title: 'Samtykke til betaling via Autogiro (Medgivande till betalning via Autogiro)',
    paragraphs: [
      join(
        `Betalingsmodtager: ${c.contact}. Bankgironummer: ${c.id}.`,
        c.ref ? `Betalernummer: ${c.ref}.` : 'Dit betalernummer bliver sendt til dig på e-mail.',
      ),
      `Jeg giver samtykke til, at betalinger kan ske ved træk på den angivne konto, eller en konto jeg senere angiver, efter anmodning fra ${c.name} til overførsel til ${c.name} via Autogiro. Min bank er ikke forpligtet til at kontrollere, om de anmodede træk er berettigede, eller til at give mig besked om dem på forhånd. Trækkene sker efter min banks regler, og min bank giver mig besked om dem. Efter anmodning kan samtykket flyttes til en anden konto i min bank eller til en konto i en anden bank.`,
      `${c.name} giver dig besked om beløb, forfaldsdag og betalingsmåde senest 8 bankdage før forfaldsdagen, medmindre du har godkendt trækket i forbindelse med et køb eller en bestilling. Der skal være dækning på kontoen på forfaldsdagen.`,
      `Du kan stoppe et enkelt træk ved at kontakte ${c.name} senest 2 bankdage før forfaldsdagen eller din bank senest bankdagen før. Samtykket gælder, indtil det tilbagekaldes. Du kan til enhver tid tilbagekalde det ved at kontakte ${c.name} senest 5 bankdage før forfaldsdagen eller din bank senest bankdagen før forfaldsdagen.`,
      `${c.name} kan afslutte din tilslutning til Autogiro 30 dage efter at have givet dig besked, og din bank kan gøre det 30 dage efter at have givet dig og ${c.name} besked.`,
      `Personoplysninger, som du giver i dette samtykke, eller som registreres i forbindelse med det, behandles af din bank, ${c.name}, betalingsmodtagerens bank og Bankgirocentralen BGC AB (Bankgirot) til administration af tjenesten, herunder registrering af samtykket og gennemførelse af betalingerne.`,
    ],
    agreement: `Ved at bekræfte giver du samtykke til, at ${c.name} trækker betalinger fra din konto via Autogiro.`,
  }),
  betalingsservice: (c) => ({
    title: 'Tilmelding til Betalingsservice',
    paragraphs: [
      join(
        `Du tilmelder betalinger til ${c.name} til Betalingsservice. Betalingsmodtager: ${c.contact}. PBS-nummer: ${c.id}.`,
        c.ref ? `Kundenummer: ${c.ref}.` : 'Dit kundenummer bliver sendt til dig på e-mail.',
      ),
      'Betalingerne vises på din månedlige betalingsoversigt, som du får, før beløbene bliver trukket fra din konto, så du kan se dem igennem på forhånd.',
      'Er du uenig i en betaling, kan du selv tilbageføre den via din netbank eller din bank inden for de første 7 bankdage i den måned, hvor den trækkes. Derefter kan du gøre indsigelse gennem din bank op til 13 måneder efter betalingsdagen. Du kan til enhver tid afmelde aftalen i din netbank eller hos din bank.',
      `Databeskyttelse: For at oprette og gennemføre betalingerne behandles dit navn, dit CPR- eller CVR-nummer, dine kontooplysninger og oplysninger om betalingerne af ${c.name} som betalingsmodtager, af Mastercard Payment Services Denmark A/S (tidligere Nets), der driver Betalingsservice, og af din bank. Hver af dem er selvstændigt dataansvarlig, og du kan kontakte dem for at få oplysninger om behandlingen og om dine rettigheder.`,
    ],
    agreement: `Ved at bekræfte accepterer du, at betalinger til ${c.name} trækkes fra din konto via Betalingsservice.`,
  }),
};
