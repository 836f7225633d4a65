import { byConsent, inParens, join, type MandateTexts } from './common';

/** ACH authorisation, continued (see ach.ts): it, nl, da, nb, sl, sv. */
export const ACH_MORE: Pick<MandateTexts, 'it' | 'nl' | 'da' | 'nb' | 'sl' | 'sv'> = {
  it: (c) => ({
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
  nl: (c) => ({
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
  da: (c) => ({
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
  nb: (c) => ({
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
  sl: (c) => ({
    title: 'Pooblastilo za obremenitev ACH',
    paragraphs: [
      join(
        byConsent(c.consent, {
          single: `Pooblaščam prejemnika ${c.name}, da enkratno obremeni navedeni bančni račun na datum, dogovorjen s prejemnikom ${c.name}, ali pozneje.`,
          recurring: `Pooblaščam prejemnika ${c.name}, da navedeni bančni račun redno obremenjuje na datume in v zneskih po dogovorjenem razporedu, dokler tega pooblastila ne prekličem.`,
          payer_initiated: `Pooblaščam prejemnika ${c.name}, da navedeni bančni račun obremeni vsakič, ko sprožim plačilo prejemniku ${c.name} (na primer z oddajo naročila ali potrditvijo nakupa), v znesku tega plačila, dokler tega pooblastila ne prekličem.`,
        }),
        c.amount && `Znesek: ${c.amount}.`,
        c.ref && `Referenca pooblastila: ${c.ref}.`,
      ),
      `Prejemnik plačil (originator): ${c.contact}. Identifikacijska številka podjetja ACH (company ID): ${c.id}.`,
      c.consent === 'recurring' &&
        'Če se znesek obremenitve razlikuje od dogovorjenega, boste o znesku in datumu obveščeni najmanj 10 dni pred obremenitvijo.',
      `To pooblastilo lahko kadar koli prekličete tako, da se obrnete na prejemnika ${c.name}${inParens(c.email)}. Če želite ustaviti naslednjo obremenitev, o tem obvestite prejemnika ${c.name} najmanj 3 delovne dni pred predvidenim datumom.`,
      'Če obremenitve niste odobrili, se takoj obrnite na svojo banko: imate pravico, da jo izpodbijate. Natisnite ali shranite kopijo tega pooblastila.',
    ],
    agreement: byConsent(c.consent, {
      single: `S potrditvijo pooblaščate prejemnika ${c.name}, da vaš račun enkratno obremeni, kot je opisano zgoraj.`,
      recurring: `S potrditvijo pooblaščate prejemnika ${c.name}, da vaš račun obremenjuje po dogovorjenem razporedu, dokler pooblastila ne prekličete.`,
      payer_initiated: `S potrditvijo pooblaščate prejemnika ${c.name}, da vaš račun obremeni ob vsakem plačilu, ki ga sprožite, dokler pooblastila ne prekličete.`,
    }),
  }),
  sv: (c) => ({
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
};
