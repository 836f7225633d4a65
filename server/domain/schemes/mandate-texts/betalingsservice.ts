import { join, type MandateTexts } from './common';

/**
 * Betalingsservice: payments appear on the payer's monthly payment overview before they are
 * debited, the right to reverse a payment (first 7 banking days of the month, then a bank claim up
 * to 13 months), and the data-protection notice naming the independent controllers: the payee,
 * Mastercard Payment Services (formerly Nets) as operator, and the payer's bank (schemes.md § 1, § 4).
 */
export const BETALINGSSERVICE: MandateTexts = {
  da: (c) => ({
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
  en: (c) => ({
    title: 'Betalingsservice payment agreement',
    paragraphs: [
      join(
        `You are signing up for payments to ${c.name} through Betalingsservice. Payee: ${c.contact}. PBS number: ${c.id}.`,
        c.ref ? `Customer number: ${c.ref}.` : 'Your customer number will be sent to you by e-mail.',
      ),
      'Your payments appear on your monthly payment overview (betalingsoversigt), which you receive before the amounts are taken from your account, so you can check them in advance.',
      'If you disagree with a payment, you can reverse it yourself through your online banking or your bank during the first 7 banking days of the month in which it is charged. After that, you can raise a claim through your bank up to 13 months after the charge date. You can cancel the agreement at any time in your online banking or through your bank.',
      `Data protection: to set up and carry out the payments, your name, CPR or CVR number, account details and payment information are processed by ${c.name} as payee, by Mastercard Payment Services Denmark A/S (formerly Nets), which operates Betalingsservice, and by your bank. Each is an independent data controller, and you can contact them for information about how your data are processed and about your rights.`,
    ],
    agreement: `By confirming, you agree that payments to ${c.name} will be taken from your account through Betalingsservice.`,
  }),
  fr: (c) => ({
    title: 'Accord de paiement Betalingsservice',
    paragraphs: [
      join(
        `Vous inscrivez vos paiements à ${c.name} au service Betalingsservice. Bénéficiaire : ${c.contact}. Numéro PBS : ${c.id}.`,
        c.ref ? `Numéro client : ${c.ref}.` : 'Votre numéro client vous sera envoyé par e-mail.',
      ),
      `Vos paiements figurent sur votre relevé mensuel de paiements (betalingsoversigt), que vous recevez avant que les montants ne soient débités de votre compte : vous pouvez donc les vérifier à l'avance.`,
      `Si vous contestez un paiement, vous pouvez le rejeter vous-même via votre banque en ligne ou votre banque pendant les 7 premiers jours ouvrables bancaires du mois où il est débité. Ensuite, vous pouvez présenter une réclamation auprès de votre banque jusqu'à 13 mois après la date du débit. Vous pouvez mettre fin à l'accord à tout moment dans votre banque en ligne ou auprès de votre banque.`,
      `Protection des données : pour mettre en place et exécuter les paiements, votre nom, votre numéro CPR ou CVR, vos coordonnées bancaires et les informations de paiement sont traités par ${c.name} en tant que bénéficiaire, par Mastercard Payment Services Denmark A/S (anciennement Nets), qui exploite Betalingsservice, et par votre banque. Chacun est responsable de traitement indépendant ; vous pouvez les contacter pour savoir comment vos données sont traitées et connaître vos droits.`,
    ],
    agreement: `En confirmant, vous acceptez que les paiements à ${c.name} soient débités de votre compte via Betalingsservice.`,
  }),
  de: (c) => ({
    title: 'Zahlungsvereinbarung über Betalingsservice',
    paragraphs: [
      join(
        `Sie melden Ihre Zahlungen an ${c.name} bei Betalingsservice an. Zahlungsempfänger: ${c.contact}. PBS-Nummer: ${c.id}.`,
        c.ref ? `Kundennummer: ${c.ref}.` : 'Ihre Kundennummer erhalten Sie per E-Mail.',
      ),
      'Ihre Zahlungen erscheinen auf Ihrer monatlichen Zahlungsübersicht (betalingsoversigt), die Sie erhalten, bevor die Beträge von Ihrem Konto abgebucht werden, sodass Sie sie vorab prüfen können.',
      'Sind Sie mit einer Zahlung nicht einverstanden, können Sie sie in den ersten 7 Bankarbeitstagen des Monats, in dem sie abgebucht wird, selbst über Ihr Online-Banking oder Ihre Bank zurückbuchen lassen. Danach können Sie bis zu 13 Monate nach dem Abbuchungsdatum über Ihre Bank Einspruch erheben. Sie können die Vereinbarung jederzeit in Ihrem Online-Banking oder über Ihre Bank beenden.',
      `Datenschutz: Zur Einrichtung und Ausführung der Zahlungen werden Ihr Name, Ihre CPR- oder CVR-Nummer, Ihre Kontodaten und Zahlungsinformationen von ${c.name} als Zahlungsempfänger, von Mastercard Payment Services Denmark A/S (vormals Nets) als Betreiber von Betalingsservice und von Ihrer Bank verarbeitet. Jeder von ihnen ist eigenständig Verantwortlicher; Sie können sich an sie wenden, um Auskunft über die Verarbeitung Ihrer Daten und über Ihre Rechte zu erhalten.`,
    ],
    agreement: `Mit Ihrer Bestätigung stimmen Sie zu, dass Zahlungen an ${c.name} über Betalingsservice von Ihrem Konto abgebucht werden.`,
  }),
  pt: (c) => ({
    title: 'Acordo de pagamento Betalingsservice',
    paragraphs: [
      join(
        `Está a aderir ao Betalingsservice para os pagamentos a ${c.name}. Beneficiário: ${c.contact}. Número PBS: ${c.id}.`,
        c.ref ? `Número de cliente: ${c.ref}.` : 'O seu número de cliente ser-lhe-á enviado por e-mail.',
      ),
      'Os seus pagamentos aparecem no resumo mensal de pagamentos (betalingsoversigt), que recebe antes de os montantes serem debitados na sua conta, para que os possa verificar antecipadamente.',
      'Se não concordar com um pagamento, pode estorná-lo pessoalmente através do homebanking ou do seu banco nos primeiros 7 dias úteis bancários do mês em que é debitado. Depois disso, pode apresentar uma reclamação através do seu banco até 13 meses após a data do débito. Pode cancelar o acordo a qualquer momento no homebanking ou junto do seu banco.',
      `Proteção de dados: para criar e executar os pagamentos, o seu nome, número CPR ou CVR, dados da conta e informações de pagamento são tratados por ${c.name}, como beneficiário, pela Mastercard Payment Services Denmark A/S (anteriormente Nets), que gere o Betalingsservice, e pelo seu banco. Cada um é responsável pelo tratamento de forma independente, e pode contactá-los para obter informações sobre o tratamento dos seus dados e sobre os seus direitos.`,
    ],
    agreement: `Ao confirmar, aceita que os pagamentos a ${c.name} sejam debitados da sua conta através do Betalingsservice.`,
  }),
  es: (c) => ({
    title: 'Acuerdo de pago por Betalingsservice',
    paragraphs: [
      join(
        `Está dando de alta sus pagos a ${c.name} en Betalingsservice. Beneficiario: ${c.contact}. Número PBS: ${c.id}.`,
        c.ref ? `Número de cliente: ${c.ref}.` : 'Le enviaremos su número de cliente por correo electrónico.',
      ),
      'Sus pagos aparecen en su resumen mensual de pagos (betalingsoversigt), que recibe antes de que los importes se carguen en su cuenta, para que pueda revisarlos con antelación.',
      'Si no está de acuerdo con un pago, puede devolverlo usted mismo a través de su banca en línea o de su banco durante los primeros 7 días hábiles bancarios del mes en que se carga. Después, puede presentar una reclamación a través de su banco hasta 13 meses después de la fecha del cargo. Puede cancelar el acuerdo en cualquier momento en su banca en línea o a través de su banco.',
      `Protección de datos: para dar de alta y ejecutar los pagos, su nombre, su número CPR o CVR, los datos de su cuenta y la información de los pagos son tratados por ${c.name} como beneficiario, por Mastercard Payment Services Denmark A/S (antes Nets), que gestiona Betalingsservice, y por su banco. Cada uno es responsable del tratamiento de forma independiente, y puede ponerse en contacto con ellos para obtener información sobre el tratamiento de sus datos y sobre sus derechos.`,
    ],
    agreement: `Al confirmar, acepta que los pagos a ${c.name} se carguen en su cuenta a través de Betalingsservice.`,
  }),
  it: (c) => ({
    title: 'Accordo di pagamento Betalingsservice',
    paragraphs: [
      join(
        `Sta attivando Betalingsservice per i pagamenti a ${c.name}. Beneficiario: ${c.contact}. Numero PBS: ${c.id}.`,
        c.ref ? `Numero cliente: ${c.ref}.` : 'Il suo numero cliente le sarà inviato via e-mail.',
      ),
      'I suoi pagamenti compaiono nel riepilogo mensile dei pagamenti (betalingsoversigt), che riceve prima che gli importi siano addebitati sul suo conto, così può controllarli in anticipo.',
      `Se non è d'accordo con un pagamento, può stornarlo lei stesso tramite l'home banking o la sua banca nei primi 7 giorni lavorativi bancari del mese in cui viene addebitato. Successivamente può presentare un reclamo tramite la sua banca fino a 13 mesi dopo la data di addebito. Può disdire l'accordo in qualsiasi momento nell'home banking o presso la sua banca.`,
      `Protezione dei dati: per attivare ed eseguire i pagamenti, il suo nome, il numero CPR o CVR, i dati del conto e le informazioni sui pagamenti sono trattati da ${c.name} in qualità di beneficiario, da Mastercard Payment Services Denmark A/S (già Nets), che gestisce Betalingsservice, e dalla sua banca. Ciascuno è titolare autonomo del trattamento e può contattarli per informazioni sul trattamento dei suoi dati e sui suoi diritti.`,
    ],
    agreement: `Confermando, accetta che i pagamenti a ${c.name} siano addebitati sul suo conto tramite Betalingsservice.`,
  }),
  nl: (c) => ({
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
  nb: (c) => ({
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
  sl: (c) => ({
    title: 'Dogovor o plačevanju prek storitve Betalingsservice',
    paragraphs: [
      join(
        `Plačila prejemniku ${c.name} prijavljate v storitev Betalingsservice. Prejemnik plačil: ${c.contact}. Številka PBS: ${c.id}.`,
        c.ref ? `Številka stranke: ${c.ref}.` : 'Številko stranke vam bomo poslali po e-pošti.',
      ),
      'Plačila so prikazana na vašem mesečnem pregledu plačil (betalingsoversigt), ki ga prejmete, preden se zneski bremenijo z vašega računa, tako da jih lahko preverite vnaprej.',
      'Če se s plačilom ne strinjate, ga lahko sami stornirate prek spletne banke ali svoje banke v prvih 7 bančnih delovnih dneh meseca, v katerem je bremenjeno. Pozneje lahko prek svoje banke vložite ugovor do 13 mesecev po datumu bremenitve. Dogovor lahko kadar koli prekličete v spletni banki ali pri svoji banki.',
      `Varstvo podatkov: za vzpostavitev in izvajanje plačil vaše ime, številko CPR ali CVR, podatke o računu in podatke o plačilih obdelujejo prejemnik plačil ${c.name}, družba Mastercard Payment Services Denmark A/S (prej Nets), ki upravlja storitev Betalingsservice, in vaša banka. Vsak od njih je samostojen upravljavec podatkov; nanje se lahko obrnete za informacije o obdelavi vaših podatkov in o svojih pravicah.`,
    ],
    agreement: `S potrditvijo se strinjate, da se plačila prejemniku ${c.name} bremenijo z vašega računa prek storitve Betalingsservice.`,
  }),
  sv: (c) => ({
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
