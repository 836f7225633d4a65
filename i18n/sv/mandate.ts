import { byConsent, inParens, join, type MandateCatalogue } from '../mandate-draft';

/** The schemes' mandate texts in Swedish (legal texts, kept whole; i18n/mandate.ts says what each must say). */
export const mandate: MandateCatalogue = {
  bacs: (c) => ({
    title: 'Direct Debit-garantin (The Direct Debit Guarantee)',
    lead: {
      title: 'Betalningsinstruktion till din bank eller building society om betalning via Direct Debit',
      paragraphs: [
        join(
          `Betalningsmottagare (service user): ${c.contact}. Betalningsmottagarnummer (SUN, Service User Number): ${c.id}.`,
          c.ref ? `Referens: ${c.ref}.` : 'Referensen för din Direct Debit skickas till dig via e-post.',
        ),
        `Betala ${c.name} Direct Debit-dragningar från det konto som anges i denna instruktion, med det skydd som Direct Debit-garantin ger. Jag förstår att instruktionen kan förvaras hos ${c.name} och att uppgifterna i så fall skickas elektroniskt till min bank eller building society.`,
      ],
    },
    paragraphs: [
      'Garantin erbjuds av alla banker och building societies som tar emot betalningsinstruktioner för Direct Debit.',
      `Om belopp, datum eller frekvens för din Direct Debit ändras meddelar ${c.name} dig 3 arbetsdagar innan ditt konto debiteras, eller enligt annan överenskommelse. Om du ber ${c.name} att dra en betalning bekräftas belopp och datum när du gör din begäran.`,
      `Om ${c.name} eller din bank eller building society gör ett fel vid betalningen av din Direct Debit har du rätt till omedelbar återbetalning av hela det betalda beloppet från din bank eller building society.`,
      `Om du får en återbetalning som du inte har rätt till måste du betala tillbaka den när ${c.name} ber dig om det.`,
      `Du kan när som helst säga upp en Direct Debit genom att kontakta din bank eller building society. Skriftlig bekräftelse kan krävas. Meddela även ${c.name}.`,
    ],
    agreement: `Genom att bekräfta ger du ${c.name} rätt att dra betalningar från ditt konto via Direct Debit med Direct Debit-garantins skydd, och du intygar att du är kontoinnehavare och den enda som behöver godkänna dragningar från kontot.`,
  }),
  sepa_core: (c) => ({
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
  ach: (c) => ({
    title: 'Medgivande till ACH-dragning',
    paragraphs: [
      join(
        byConsent(c.consent, {
          single: `Jag ger ${c.name} rätt att göra en enstaka dragning från det bankkonto jag har angett, på eller efter det datum som avtalats med ${c.name}.`,
          recurring: `Jag ger ${c.name} rätt att regelbundet dra belopp från det bankkonto jag har angett, på de datum och med de belopp som följer av den avtalade planen, tills jag återkallar detta medgivande.`,
          payer_initiated: `Jag ger ${c.name} rätt att dra från det bankkonto jag har angett varje gång jag själv initierar en betalning till ${c.name} (till exempel genom att lägga en beställning eller bekräfta ett köp), med betalningens belopp, tills jag återkallar detta medgivande.`,
        }),
        c.amount && `Belopp: ${c.amount}.`,
        c.ref && `Medgivandets referens: ${c.ref}.`,
      ),
      `Betalningsmottagare (originator): ${c.contact}. ACH-företags-id (company ID): ${c.id}.`,
      c.consent === 'recurring' &&
        'Om en dragning avviker från det avtalade beloppet får du besked om belopp och datum minst 10 dagar före dragningen.',
      `Du kan när som helst återkalla medgivandet genom att kontakta ${c.name}${inParens(c.email)}. För att stoppa nästa dragning behöver du meddela ${c.name} minst 3 bankdagar före det planerade datumet.`,
      'Om du inte har godkänt en dragning, kontakta genast din bank: du har rätt att bestrida den. Skriv ut eller spara en kopia av detta medgivande.',
    ],
    agreement: byConsent(c.consent, {
      single: `Genom att bekräfta ger du ${c.name} rätt att dra från ditt konto en gång, enligt beskrivningen ovan.`,
      recurring: `Genom att bekräfta ger du ${c.name} rätt att dra från ditt konto enligt den avtalade planen tills du återkallar medgivandet.`,
      payer_initiated: `Genom att bekräfta ger du ${c.name} rätt att dra från ditt konto varje gång du själv initierar en betalning, tills du återkallar medgivandet.`,
    }),
  }),
  pad: (c) => ({
    title: c.business
      ? 'Företagsavtal om förhandsgodkända dragningar (Business PAD)'
      : 'Privatavtal om förhandsgodkända dragningar (Personal PAD)',
    paragraphs: [
      join(
        `Du som betalare ger ${c.name} (betalningsmottagaren) och det finansinstitut som för det konto du har angett rätt att debitera kontot enligt detta avtal.`,
        c.business
          ? 'Detta är en företags-PAD: dragningarna avser affärsändamål.'
          : 'Detta är en privat PAD: dragningarna avser personliga ändamål eller familj och hushåll.',
      ),
      join(
        byConsent(c.consent, {
          single: `Avtalet gäller en enstaka dragning, på det datum som avtalats med ${c.name}.`,
          recurring:
            'Dragningar görs med jämna mellanrum, på de datum och med de (fasta eller rörliga) belopp som följer av den avtalade planen.',
          payer_initiated:
            'Dragningar görs med oregelbundna mellanrum (sporadiska PAD), var och en först när du har godkänt den.',
        }),
        c.amount && `Belopp: ${c.amount}.`,
        c.ref && `Avtalets referens: ${c.ref}.`,
      ),
      'Du får skriftligt besked om belopp och datum för den första dragningen, och för varje dragning med varierande belopp, minst 10 kalenderdagar i förväg, och minst 10 dagars varsel om varje ändring av avtalet, även av belopp eller datum för dragningar. Avtalet bekräftas skriftligt till dig före den första dragningen.',
      `Du kan när som helst säga upp avtalet med 30 dagars varsel genom att meddela ${c.name}${inParens(c.email)}. En mall för uppsägning och mer information om din rätt att säga upp ett PAD-avtal får du från ditt finansinstitut eller på www.payments.ca.`,
      'Du har vissa rättigheter om en dragning inte överensstämmer med detta avtal. Du har till exempel rätt att få tillbaka pengarna för varje dragning som inte är godkänd eller inte stämmer med detta PAD-avtal. Mer information om dina rättigheter får du från ditt finansinstitut eller på www.payments.ca.',
      `Vid frågor om avtalet eller en dragning, kontakta ${c.contact}. Betalningsmottagarens id: ${c.id}.`,
    ],
    agreement: `Genom att bekräfta ger du ${c.name} rätt att debitera ditt konto enligt detta ${c.business ? 'företags-PAD-avtal' : 'privata PAD-avtal'}.`,
  }),
  becs: (c) => ({
    title: 'Begäran om direktdebitering och tjänsteavtal (Direct Debit Request)',
    paragraphs: [
      join(
        `Du begär och ger ${c.name} (Direct Entry User ID ${c.id}) rätt att, via sitt eget finansinstitut, låta dra belopp från det konto du har angett genom Bulk Electronic Clearing System (BECS), enligt denna begäran och detta tjänsteavtal.`,
        c.amount && `Belopp: ${c.amount}.`,
        c.ref && `Referens: ${c.ref}.`,
      ),
      `Dragningarna görs på de datum och med de belopp som avtalats med ${c.name}. Infaller en dragning på en dag som inte är en bankdag görs den nästa bankdag; är du osäker på när en dragning behandlas kan du fråga ditt finansinstitut.`,
      `${c.name} meddelar dig skriftligen minst 14 dagar i förväg innan villkoren i detta avtal ändras, även belopp eller frekvens för dragningarna.`,
      `Du kan ändra, skjuta upp eller stoppa en dragning, eller säga upp arrangemanget, genom att kontakta ${c.name}${inParens(c.email)} eller ditt finansinstitut.`,
      'Du ansvarar för att det finns tillräckligt med disponibla medel på kontot för varje dragning på förfallodagen. Om en dragning avvisas kan ditt finansinstitut ta ut en avgift. Direktdebitering är inte möjlig för alla konton: kontrollera dina kontouppgifter mot ett aktuellt kontoutdrag och fråga ditt finansinstitut om du är osäker.',
      `Om du anser att en dragning har gjorts felaktigt, kontakta ${c.name} eller ditt finansinstitut så snart som möjligt. Visar sig dragningen vara felaktig betalas beloppet tillbaka till ditt konto; annars får du veta varför.`,
      `${c.name} behandlar dina kontouppgifter och personuppgifter konfidentiellt och använder dem bara för att genomföra dragningar, utreda ett klagomål eller en tvist, eller när lagen kräver det.`,
    ],
    agreement: `Genom att bekräfta godkänner du denna begäran och detta tjänsteavtal och ger ${c.name} rätt att debitera ditt konto via BECS.`,
  }),
  becs_nz: (c) => ({
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
  autogiro: (c) => ({
    title: 'Medgivande till betalning via Autogiro',
    paragraphs: [
      join(
        `Betalningsmottagare: ${c.contact}. Bankgironummer: ${c.id}.`,
        c.ref ? `Betalarnummer: ${c.ref}.` : 'Ditt betalarnummer skickas till dig via e-post.',
      ),
      `Jag medger att betalning får göras genom uttag från angivet konto, eller konto som jag senare anger, på begäran av ${c.name} för överföring till ${c.name} via Autogiro. Banken är inte skyldig att pröva behörigheten av eller meddela mig i förväg om begärda uttag. Uttag belastar kontot enligt de regler som gäller hos banken, och meddelande om uttag får jag från banken. Medgivandet kan på begäran överflyttas till annat konto i banken eller till konto i annan bank.`,
      `${c.name} meddelar dig belopp, förfallodag och betalningssätt senast 8 bankdagar före förfallodagen, om du inte har godkänt uttaget i samband med ett köp eller en beställning. Det måste finnas täckning på kontot på förfallodagen.`,
      `Du kan stoppa ett enskilt uttag genom att kontakta ${c.name} senast 2 bankdagar före förfallodagen eller din bank senast bankdagen före förfallodagen. Medgivandet gäller tills vidare. Du kan när som helst återkalla det genom att kontakta ${c.name} senast 5 bankdagar före förfallodagen eller din bank senast bankdagen före förfallodagen.`,
      `${c.name} får avsluta din anslutning till Autogiro 30 dagar efter att ha meddelat dig det, och din bank får avsluta anslutningen 30 dagar efter att ha meddelat dig och ${c.name} det.`,
      `Personuppgifter som du lämnar i medgivandet, eller som i övrigt registreras i samband med det, behandlas av din bank, ${c.name}, betalningsmottagarens bank och Bankgirocentralen BGC AB (Bankgirot) för att administrera tjänsten, bland annat för att registrera medgivandet och genomföra betalningarna.`,
    ],
    agreement: `Genom att bekräfta lämnar du ditt medgivande till att ${c.name} drar betalningar från ditt konto via Autogiro.`,
  }),
  betalingsservice: (c) => ({
    title: 'Betalningsavtal via Betalingsservice',
    paragraphs: [
      join(
        `Du anmäler betalningar till ${c.name} till Betalingsservice. Betalningsmottagare: ${c.contact}. PBS-nummer: ${c.id}.`,
        c.ref ? `Kundnummer: ${c.ref}.` : 'Ditt kundnummer skickas till dig via e-post.',
      ),
      'Betalningarna visas på din månatliga betalningsöversikt (betalingsoversigt), som du får innan beloppen dras från ditt konto, så att du kan granska dem i förväg.',
      'Om du inte godkänner en betalning kan du själv återföra den via internetbanken eller din bank under de första 7 bankdagarna i den månad då den dras. Därefter kan du reklamera via din bank upp till 13 månader efter dragningsdagen. Du kan när som helst avsluta avtalet i internetbanken eller via din bank.',
      `Dataskydd: för att registrera och genomföra betalningarna behandlas ditt namn, ditt CPR- eller CVR-nummer, dina kontouppgifter och uppgifter om betalningarna av ${c.name} som betalningsmottagare, av Mastercard Payment Services Denmark A/S (tidigare Nets), som driver Betalingsservice, och av din bank. Var och en är självständigt personuppgiftsansvarig, och du kan kontakta dem för information om behandlingen och om dina rättigheter.`,
    ],
    agreement: `Genom att bekräfta godkänner du att betalningar till ${c.name} dras från ditt konto via Betalingsservice.`,
  }),
};
