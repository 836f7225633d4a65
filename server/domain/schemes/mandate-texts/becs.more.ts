import { inParens, join, type MandateTexts } from './common';

/** BECS Direct Debit Request and Service Agreement, continued (see becs.ts): it, nl, da, nb, sl, sv. */
export const BECS_MORE: Pick<MandateTexts, 'it' | 'nl' | 'da' | 'nb' | 'sl' | 'sv'> = {
  it: (c) => ({
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
  nl: (c) => ({
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
  da: (c) => ({
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
  nb: (c) => ({
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
  sl: (c) => ({
    title: 'Zahteva za direktno obremenitev in dogovor o storitvi (Direct Debit Request)',
    paragraphs: [
      join(
        `Zahtevate in pooblaščate prejemnika ${c.name} (Direct Entry User ID ${c.id}), da prek svoje finančne ustanove zagotovi obremenitev navedenega računa prek sistema Bulk Electronic Clearing System (BECS) v skladu s to zahtevo in dogovorom o storitvi.`,
        c.amount && `Znesek: ${c.amount}.`,
        c.ref && `Referenca: ${c.ref}.`,
      ),
      `Obremenitve bodo izvedene na datume in v zneskih, dogovorjenih s prejemnikom ${c.name}. Če obremenitev zapade na dan, ki ni delovni dan, bo izvedena naslednji delovni dan; če niste prepričani, kdaj bo obremenitev obdelana, se obrnite na svojo finančno ustanovo.`,
      `Prejemnik ${c.name} vas bo najmanj 14 dni vnaprej pisno obvestil o vsaki spremembi pogojev tega dogovora, tudi zneska ali pogostosti obremenitev.`,
      `Obremenitev lahko spremenite, odložite ali ustavite ali pa ta dogovor prekinete, tako da se obrnete na prejemnika ${c.name}${inParens(c.email)} ali na svojo finančno ustanovo.`,
      'Vaša odgovornost je, da je na računu na dan zapadlosti dovolj razpoložljivih sredstev za vsako obremenitev. Če je obremenitev zavrnjena, vam lahko finančna ustanova zaračuna nadomestilo. Direktna obremenitev ni mogoča pri vseh računih: podatke o računu preverite na nedavnem izpisku in se v primeru dvoma posvetujte s svojo finančno ustanovo.',
      `Če menite, da je bila obremenitev izvedena pomotoma, se čim prej obrnite na prejemnika ${c.name} ali na svojo finančno ustanovo. Če se izkaže, da je bila napačna, vam bo znesek vrnjen na račun; če ne, vam bo pojasnjen razlog.`,
      `Prejemnik ${c.name} bo podatke o vašem računu in vaše osebne podatke varoval kot zaupne in jih uporabljal le za izvajanje obremenitev, za obravnavo reklamacije ali spora ali kadar to zahteva zakon.`,
    ],
    agreement: `S potrditvijo sprejemate to zahtevo za direktno obremenitev in dogovor o storitvi ter pooblaščate prejemnika ${c.name}, da vaš račun obremenjuje prek sistema BECS.`,
  }),
  sv: (c) => ({
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
};
