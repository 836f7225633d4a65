import { byConsent, inParens, join, type MandateCatalogue } from '../mandate-draft';

/** The schemes' mandate texts in Slovenian (legal texts, kept whole; i18n/mandate.ts says what each must say). */
export const mandate: MandateCatalogue = {
  bacs: (c) => ({
    title: 'Jamstvo Direct Debit (The Direct Debit Guarantee)',
    lead: {
      title: 'Nalog vaši banki ali hranilnici (building society) za plačevanje z direktno obremenitvijo',
      paragraphs: [
        join(
          `Prejemnik plačil (service user): ${c.contact}. Številka prejemnika plačil (SUN, Service User Number): ${c.id}.`,
          c.ref ? `Referenca: ${c.ref}.` : 'Referenco vaše direktne obremenitve vam bomo poslali po e-pošti.',
        ),
        `Prosim, plačujte prejemniku ${c.name} direktne obremenitve v breme računa, navedenega v tem nalogu, z zaščito, ki jo zagotavlja jamstvo Direct Debit. Razumem, da lahko ta nalog ostane pri prejemniku ${c.name} in da se v tem primeru podatki elektronsko posredujejo moji banki ali hranilnici.`,
      ],
    },
    paragraphs: [
      'To jamstvo nudijo vse banke in hranilnice (building societies), ki sprejemajo naloge za plačila z direktno obremenitvijo.',
      `Če se znesek, datum ali pogostost vaše direktne obremenitve spremeni, vas bo prejemnik ${c.name} o tem obvestil 3 delovne dni pred obremenitvijo vašega računa ali kot je drugače dogovorjeno. Če prejemnika ${c.name} prosite za izvedbo plačila, vam bosta znesek in datum potrjena ob vaši zahtevi.`,
      `Če prejemnik ${c.name} ali vaša banka oziroma hranilnica pri plačilu vaše direktne obremenitve naredi napako, imate pravico do takojšnjega vračila celotnega plačanega zneska s strani vaše banke ali hranilnice.`,
      `Če prejmete vračilo, do katerega niste upravičeni, ga morate vrniti, ko vas prejemnik ${c.name} za to zaprosi.`,
      `Direktno obremenitev lahko kadar koli prekličete, tako da se preprosto obrnete na svojo banko ali hranilnico. Morda bo potrebna pisna potrditev. O tem obvestite tudi prejemnika ${c.name}.`,
    ],
    agreement: `S potrditvijo pooblaščate prejemnika ${c.name}, da z direktno obremenitvijo (Direct Debit) pobira plačila z vašega računa ob zaščiti jamstva Direct Debit, in potrjujete, da ste imetnik računa in edina oseba, ki mora odobriti obremenitve tega računa.`,
  }),
  sepa_core: (c) => ({
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
  ach: (c) => ({
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
  pad: (c) => ({
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
  becs: (c) => ({
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
  becs_nz: (c) => ({
    title: 'Pooblastilo za direktno obremenitev (Direct Debit Authority)',
    paragraphs: [
      join(
        `Svojo banko do pisnega preklica pooblaščate, da vaš račun obremeni z vsemi zneski, ki jih pobudnik ${c.name} (avtorizacijska koda ${c.id}) izterja z direktno obremenitvijo, v skladu s pogoji vaše banke.`,
        c.amount && `Znesek: ${c.amount}.`,
        c.ref && `Sklic na vašem bančnem izpisku: ${c.ref}.`,
      ),
      'Posebni pogoji glede obvestil in sporov:',
      `Pobudnik ${c.name} vas bo o znesku in datumu obremenitev obvestil najmanj 10 koledarskih dni pred prvo obremenitvijo v redni seriji ali pred vsako obremenitvijo. O spremembah zneska, pogostosti ali datumov obremenitev boste obveščeni najmanj 30 dni vnaprej (10 dni, če se s tem strinja banka pobudnika ${c.name}). Za obremenitev, ki je ponovno predložena v 5 delovnih dneh po zavrnitvi, novo obvestilo ni potrebno, obremenitev na vašo lastno zahtevo pa je lahko sporočena isti dan.`,
      `Če obvestila niste prejeli ali se obremenitev ne ujema z obvestilom, lahko banko v 120 dneh po obremenitvi prosite, da jo stornira. Če obremenitve niste odobrili, lahko storno zahtevate v 9 mesecih po prvi obremenitvi. Za vprašanja ali spore se obrnite na ${c.contact}.`,
      `To pooblastilo lahko kadar koli prekličete s pisnim obvestilom svoji banki; o tem obvestite tudi pobudnika ${c.name}. Tudi vaša banka lahko pooblastilo prekine s pisnim obvestilom.`,
    ],
    agreement: `S potrditvijo dajete svoji banki to pooblastilo za direktne obremenitve, ki jih sproži pobudnik ${c.name}.`,
  }),
  autogiro: (c) => ({
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
  betalingsservice: (c) => ({
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
};
