import { byConsent, inParens, join, type MandateTexts } from './common';

/** PAD agreement, continued (see pad.ts): it, nl, da, nb, sl, sv. */
export const PAD_MORE: Pick<MandateTexts, 'it' | 'nl' | 'da' | 'nb' | 'sl' | 'sv'> = {
  it: (c) => ({
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
  nl: (c) => ({
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
  da: (c) => ({
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
  nb: (c) => ({
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
  sl: (c) => ({
    title: c.business
      ? 'Poslovni dogovor o vnaprej odobrenih obremenitvah (Business PAD)'
      : 'Osebni dogovor o vnaprej odobrenih obremenitvah (Personal PAD)',
    paragraphs: [
      join(
        `Kot plačnik pooblaščate prejemnika ${c.name} in finančno ustanovo, ki vodi navedeni račun, da ta račun obremenjujeta v skladu s tem dogovorom.`,
        c.business
          ? 'Gre za poslovni PAD: obremenitve so za poslovne namene.'
          : 'Gre za osebni PAD: obremenitve so za osebne, družinske ali gospodinjske namene.',
      ),
      join(
        byConsent(c.consent, {
          single: `Dogovor zajema eno samo obremenitev na datum, dogovorjen s prejemnikom ${c.name}.`,
          recurring:
            'Obremenitve bodo izvedene v rednih presledkih, na datume in v (fiksnih ali spremenljivih) zneskih po dogovorjenem razporedu.',
          payer_initiated:
            'Obremenitve bodo izvedene v nerednih presledkih (občasni PAD), vsaka šele potem, ko jo odobrite.',
        }),
        c.amount && `Znesek: ${c.amount}.`,
        c.ref && `Referenca dogovora: ${c.ref}.`,
      ),
      'O znesku in datumu prve obremenitve ter vsake obremenitve s spremenljivim zneskom boste pisno obveščeni najmanj 10 koledarskih dni vnaprej, o vsaki spremembi tega dogovora, tudi zneska ali datumov obremenitev, pa najmanj 10 dni vnaprej. Pred prvo obremenitvijo boste prejeli pisno potrditev tega dogovora.',
      `Dogovor lahko kadar koli odpoveste s 30-dnevnim odpovednim rokom, tako da o tem obvestite prejemnika ${c.name}${inParens(c.email)}. Vzorec obrazca za odpoved in več informacij o pravici do odpovedi dogovora PAD dobite pri svoji finančni ustanovi ali na www.payments.ca.`,
      'Če obremenitev ni v skladu s tem dogovorom, imate določene pravice do ugovora. Na primer, upravičeni ste do vračila vsake obremenitve, ki ni bila odobrena ali ni v skladu s tem dogovorom PAD. Več informacij o svojih pravicah dobite pri svoji finančni ustanovi ali na www.payments.ca.',
      `Za vprašanja o tem dogovoru ali o obremenitvi se obrnite na ${c.contact}. Identifikator prejemnika: ${c.id}.`,
    ],
    agreement: `S potrditvijo pooblaščate prejemnika ${c.name}, da obremenjuje vaš račun v skladu s tem ${c.business ? 'poslovnim' : 'osebnim'} dogovorom PAD.`,
  }),
  sv: (c) => ({
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
};
