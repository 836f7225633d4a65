import { join, type MandateTexts } from './common';

/** Autogiro consent, continued (see autogiro.ts): it, nl, da, nb, sl. */
export const AUTOGIRO_MORE: Pick<MandateTexts, 'it' | 'nl' | 'da' | 'nb' | 'sl'> = {
  it: (c) => ({
    title: 'Consenso al pagamento tramite Autogiro (Medgivande till betalning via Autogiro)',
    paragraphs: [
      join(
        `Beneficiario: ${c.contact}. Numero Bankgiro: ${c.id}.`,
        c.ref ? `Numero del pagatore: ${c.ref}.` : 'Il suo numero di pagatore le sarà inviato via e-mail.',
      ),
      `Acconsento che i pagamenti siano effettuati mediante prelievi dal conto indicato, o da un conto che indicherò in seguito, su richiesta di ${c.name}, a favore di ${c.name} tramite Autogiro. La mia banca non è tenuta a verificare la legittimità dei prelievi richiesti né ad avvisarmi in anticipo. I prelievi sono addebitati sul conto secondo le regole della mia banca, che me ne dà notizia. Su richiesta, questo consenso può essere trasferito su un altro conto presso la mia banca o su un conto presso un'altra banca.`,
      `${c.name} le comunicherà importo, data di scadenza e modalità di pagamento almeno 8 giorni lavorativi bancari prima della scadenza, salvo che lei abbia approvato il prelievo al momento di un acquisto o di un ordine. Alla data di scadenza il conto deve avere fondi sufficienti.`,
      `Può bloccare un singolo prelievo contattando ${c.name} almeno 2 giorni lavorativi bancari prima della scadenza, oppure la sua banca entro il giorno lavorativo bancario precedente. Questo consenso è valido fino a revoca. Può revocarlo in qualsiasi momento contattando ${c.name} almeno 5 giorni lavorativi bancari prima della scadenza, oppure la sua banca entro il giorno lavorativo bancario precedente la scadenza.`,
      `${c.name} può chiudere la sua adesione ad Autogiro 30 giorni dopo avergliene dato comunicazione, e la sua banca può farlo 30 giorni dopo averne dato comunicazione a lei e a ${c.name}.`,
      `I dati personali forniti in questo consenso, o registrati in relazione a esso, sono trattati dalla sua banca, da ${c.name}, dalla banca del beneficiario e da Bankgirocentralen BGC AB (Bankgirot) per la gestione del servizio, compresi la registrazione del consenso e l'esecuzione dei pagamenti.`,
    ],
    agreement: `Confermando, acconsente che ${c.name} addebiti pagamenti sul suo conto tramite Autogiro.`,
  }),
  nl: (c) => ({
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
  da: (c) => ({
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
  nb: (c) => ({
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
  sl: (c) => ({
    title: 'Soglasje za plačevanje prek sistema Autogiro (Medgivande till betalning via Autogiro)',
    paragraphs: [
      join(
        `Prejemnik plačil: ${c.contact}. Številka Bankgiro: ${c.id}.`,
        c.ref ? `Številka plačnika: ${c.ref}.` : 'Številko plačnika vam bomo poslali po e-pošti.',
      ),
      `Soglašam, da se plačila izvajajo z dvigi z navedenega računa ali z računa, ki ga navedem pozneje, na zahtevo prejemnika ${c.name}, za nakazilo prejemniku ${c.name} prek sistema Autogiro. Moja banka ni dolžna preverjati upravičenosti zahtevanih dvigov niti me o njih vnaprej obveščati. Dvigi bremenijo račun v skladu s pravili moje banke, ki me o njih tudi obvešča. Na zahtevo se lahko to soglasje prenese na drug račun pri moji banki ali na račun pri drugi banki.`,
      `Prejemnik ${c.name} vas bo o znesku, datumu zapadlosti in načinu plačila obvestil najpozneje 8 bančnih delovnih dni pred datumom zapadlosti, razen če ste dvig odobrili že ob nakupu ali naročilu. Na dan zapadlosti mora biti na računu dovolj sredstev.`,
      `Posamezen dvig lahko ustavite, tako da se najpozneje 2 bančna delovna dneva pred datumom zapadlosti obrnete na prejemnika ${c.name} ali najpozneje bančni delovni dan prej na svojo banko. Soglasje velja do preklica. Kadar koli ga lahko prekličete, tako da se najpozneje 5 bančnih delovnih dni pred datumom zapadlosti obrnete na prejemnika ${c.name} ali najpozneje bančni delovni dan pred datumom zapadlosti na svojo banko.`,
      `Prejemnik ${c.name} lahko vašo vključitev v Autogiro prekine 30 dni po tem, ko vas o tem obvesti, vaša banka pa 30 dni po tem, ko o tem obvesti vas in prejemnika ${c.name}.`,
      `Osebne podatke, ki jih navedete v tem soglasju ali ki se evidentirajo v zvezi z njim, obdelujejo vaša banka, prejemnik ${c.name}, banka prejemnika in Bankgirocentralen BGC AB (Bankgirot) za upravljanje storitve, med drugim za registracijo soglasja in izvedbo plačil.`,
    ],
    agreement: `S potrditvijo soglašate, da prejemnik ${c.name} prek sistema Autogiro bremeni vaš račun za plačila.`,
  }),
};
