import { byConsent, inParens, join, type MandateCatalogue } from '../mandate-draft';

/** The schemes' mandate texts in French (legal texts, kept whole; i18n/mandate.ts says what each must say). */
export const mandate: MandateCatalogue = {
  bacs: (c) => ({
    title: 'La garantie Direct Debit (The Direct Debit Guarantee)',
    lead: {
      title: 'Instruction de prélèvement Direct Debit adressée à votre banque ou building society',
      paragraphs: [
        join(
          `Émetteur (service user) : ${c.contact}. Numéro d'émetteur (SUN, Service User Number) : ${c.id}.`,
          c.ref ? `Référence : ${c.ref}.` : 'La référence de votre prélèvement vous sera envoyée par e-mail.',
        ),
        `Veuillez payer à ${c.name} les prélèvements Direct Debit tirés sur le compte indiqué dans la présente instruction, sous réserve des protections prévues par la garantie Direct Debit. Je comprends que cette instruction peut être conservée par ${c.name} et, dans ce cas, que ses données seront transmises par voie électronique à ma banque ou building society.`,
      ],
    },
    paragraphs: [
      `Cette garantie est offerte par toutes les banques et building societies qui acceptent d'exécuter des prélèvements Direct Debit.`,
      `En cas de modification du montant, de la date ou de la fréquence de votre prélèvement, ${c.name} vous en informera 3 jours ouvrés avant le débit de votre compte, ou dans un autre délai convenu. Si vous demandez à ${c.name} de prélever un paiement, le montant et la date vous seront confirmés au moment de votre demande.`,
      `Si une erreur est commise lors du paiement de votre prélèvement, par ${c.name} ou par votre banque ou building society, vous avez droit au remboursement intégral et immédiat du montant payé par votre banque ou building society.`,
      `Si vous recevez un remboursement auquel vous n'aviez pas droit, vous devez le restituer lorsque ${c.name} vous le demande.`,
      `Vous pouvez mettre fin à un prélèvement Direct Debit à tout moment en contactant simplement votre banque ou building society. Une confirmation écrite peut être exigée. Merci d'en informer également ${c.name}.`,
    ],
    agreement: `En confirmant, vous autorisez ${c.name} à prélever des paiements sur votre compte par Direct Debit sous la protection de la garantie Direct Debit, et vous confirmez être titulaire du compte et la seule personne dont l'autorisation est requise pour les prélèvements sur ce compte.`,
  }),
  sepa_core: (c) => ({
    title: 'Mandat de prélèvement SEPA (Core)',
    paragraphs: [
      join(
        `Créancier : ${c.contact}. Identifiant créancier SEPA (ICS) : ${c.id}.`,
        c.ref
          ? `Référence unique du mandat (RUM) : ${c.ref}.`
          : 'La référence unique de votre mandat (RUM) vous sera envoyée par e-mail.',
        'Type de paiement : récurrent.',
      ),
      `En confirmant ce mandat, vous autorisez (A) ${c.name} à envoyer des instructions à votre banque pour débiter votre compte, et (B) votre banque à débiter votre compte conformément aux instructions de ${c.name}.`,
      `Vous bénéficiez du droit d'être remboursé par votre banque selon les conditions décrites dans la convention que vous avez passée avec elle. Une demande de remboursement doit être présentée dans les 8 semaines suivant la date de débit de votre compte pour un prélèvement autorisé. Vos droits concernant le présent mandat sont expliqués dans un document que vous pouvez obtenir auprès de votre banque.`,
    ],
    agreement: `En confirmant, vous signez électroniquement ce mandat de prélèvement SEPA et autorisez ${c.name} à effectuer des prélèvements récurrents sur votre compte.`,
  }),
  ach: (c) => ({
    title: 'Autorisation de prélèvement ACH',
    paragraphs: [
      join(
        byConsent(c.consent, {
          single: `J'autorise ${c.name} à effectuer un prélèvement unique sur le compte bancaire que j'ai indiqué, à la date convenue avec ${c.name} ou après celle-ci.`,
          recurring: `J'autorise ${c.name} à effectuer des prélèvements récurrents sur le compte bancaire que j'ai indiqué, aux dates et pour les montants de l'échéancier convenu, jusqu'à ce que je révoque la présente autorisation.`,
          payer_initiated: `J'autorise ${c.name} à effectuer un prélèvement sur le compte bancaire que j'ai indiqué chaque fois que j'initie un paiement en faveur de ${c.name} (par exemple en passant une commande ou en confirmant un achat), pour le montant de ce paiement, jusqu'à ce que je révoque la présente autorisation.`,
        }),
        c.amount && `Montant : ${c.amount}.`,
        c.ref && `Référence de l'autorisation : ${c.ref}.`,
      ),
      `Émetteur des prélèvements (originator) : ${c.contact}. Identifiant d'entreprise ACH (company ID) : ${c.id}.`,
      c.consent === 'recurring' &&
        `Si le montant d'un prélèvement diffère du montant convenu, vous serez informé de son montant et de sa date au moins 10 jours avant le prélèvement.`,
      `Vous pouvez révoquer cette autorisation à tout moment en contactant ${c.name}${inParens(c.email)}. Pour arrêter le prochain prélèvement, prévenez ${c.name} au moins 3 jours ouvrables avant la date prévue.`,
      `Si un prélèvement n'a pas été autorisé, contactez rapidement votre banque : vous avez le droit de le contester. Veuillez imprimer ou enregistrer une copie de cette autorisation pour vos dossiers.`,
    ],
    agreement: byConsent(c.consent, {
      single: `En confirmant, vous autorisez ${c.name} à débiter votre compte une seule fois, comme décrit ci-dessus.`,
      recurring: `En confirmant, vous autorisez ${c.name} à débiter votre compte selon l'échéancier convenu, jusqu'à ce que vous révoquiez cette autorisation.`,
      payer_initiated: `En confirmant, vous autorisez ${c.name} à débiter votre compte chaque fois que vous initiez un paiement, jusqu'à ce que vous révoquiez cette autorisation.`,
    }),
  }),
  pad: (c) => ({
    title: c.business
      ? `Accord de débit préautorisé (DPA) d'entreprise`
      : 'Accord de débit préautorisé (DPA) personnel',
    paragraphs: [
      join(
        `Vous, le payeur, autorisez ${c.name} (le bénéficiaire) et l'institution financière qui tient le compte que vous avez indiqué à débiter ce compte conformément au présent accord.`,
        c.business
          ? `Il s'agit d'un DPA d'entreprise : les débits sont effectués à des fins commerciales.`
          : `Il s'agit d'un DPA personnel : les débits sont effectués à des fins personnelles, familiales ou domestiques.`,
      ),
      join(
        byConsent(c.consent, {
          single: `Le présent accord porte sur un débit unique, à la date convenue avec ${c.name}.`,
          recurring: `Les débits seront effectués à intervalles réguliers, aux dates et pour les montants (fixes ou variables) de l'échéancier convenu.`,
          payer_initiated: `Les débits seront effectués à intervalles irréguliers (DPA sporadiques), chacun seulement après que vous l'avez autorisé.`,
        }),
        c.amount && `Montant : ${c.amount}.`,
        c.ref && `Référence de l'accord : ${c.ref}.`,
      ),
      `Vous recevrez un avis écrit du montant et de la date du premier débit, et de tout débit dont le montant varie, au moins 10 jours civils avant qu'il soit effectué, ainsi qu'un préavis d'au moins 10 jours de toute modification du présent accord, y compris du montant ou des dates des débits. Le présent accord vous sera confirmé par écrit avant le premier débit.`,
      `Vous pouvez révoquer le présent accord en tout temps, moyennant un préavis de 30 jours à ${c.name}${inParens(c.email)}. Pour obtenir un modèle de formulaire d'annulation ou plus d'information sur votre droit d'annuler un accord de DPA, communiquez avec votre institution financière ou visitez www.paiements.ca.`,
      `Vous disposez de certains droits de recours si un débit n'est pas conforme au présent accord. Par exemple, vous avez le droit de recevoir le remboursement de tout débit qui n'est pas autorisé ou qui n'est pas compatible avec le présent accord de DPA. Pour obtenir plus d'information sur vos droits de recours, communiquez avec votre institution financière ou visitez www.paiements.ca.`,
      `Pour toute question au sujet du présent accord ou d'un débit, communiquez avec ${c.contact}. Identifiant du bénéficiaire : ${c.id}.`,
    ],
    agreement: `En confirmant, vous autorisez ${c.name} à débiter votre compte conformément au présent accord de DPA ${c.business ? `d'entreprise` : 'personnel'}.`,
  }),
  becs: (c) => ({
    title: 'Demande de prélèvement et convention de service (Direct Debit Request)',
    paragraphs: [
      join(
        `Vous demandez et autorisez ${c.name} (Direct Entry User ID ${c.id}) à faire débiter, par l'intermédiaire de sa propre institution financière, le compte que vous avez indiqué via le système BECS (Bulk Electronic Clearing System), conformément à la présente demande de prélèvement et convention de service.`,
        c.amount && `Montant : ${c.amount}.`,
        c.ref && `Référence : ${c.ref}.`,
      ),
      `Les prélèvements seront effectués aux dates et pour les montants convenus avec ${c.name}. Si un prélèvement tombe un jour qui n'est pas un jour ouvrable, il sera effectué le jour ouvrable suivant ; en cas de doute sur la date de traitement, renseignez-vous auprès de votre institution financière.`,
      `${c.name} vous informera par écrit au moins 14 jours à l'avance de toute modification des conditions de la présente convention, y compris du montant ou de la fréquence des prélèvements.`,
      `Vous pouvez modifier, reporter ou arrêter un prélèvement, ou mettre fin à cet arrangement, en contactant ${c.name}${inParens(c.email)} ou votre institution financière.`,
      `Il vous appartient de disposer sur le compte de fonds suffisants pour honorer chaque prélèvement à sa date d'échéance. Si un prélèvement est rejeté, votre institution financière peut vous facturer des frais. Le prélèvement n'est pas possible sur tous les comptes : vérifiez vos coordonnées bancaires sur un relevé récent et, en cas de doute, auprès de votre institution financière.`,
      `Si vous pensez qu'un prélèvement a été effectué par erreur, contactez dès que possible ${c.name} ou votre institution financière. S'il s'avère erroné, le montant sera remboursé sur votre compte ; sinon, les raisons vous en seront expliquées.`,
      `${c.name} préservera la confidentialité de vos coordonnées bancaires et de vos données personnelles et ne les utilisera que pour traiter les prélèvements, instruire une réclamation ou un litige, ou lorsque la loi l'exige.`,
    ],
    agreement: `En confirmant, vous acceptez la présente demande de prélèvement et convention de service et autorisez ${c.name} à débiter votre compte via BECS.`,
  }),
  becs_nz: (c) => ({
    title: 'Autorisation de prélèvement (Direct Debit Authority)',
    paragraphs: [
      join(
        `Vous autorisez votre banque, jusqu'à nouvel avis écrit de votre part, à débiter votre compte de tous les montants que ${c.name} (l'initiateur, code d'autorisation ${c.id}) prélève par débit direct, sous réserve des conditions générales de votre banque.`,
        c.amount && `Montant : ${c.amount}.`,
        c.ref && `Référence figurant sur votre relevé bancaire : ${c.ref}.`,
      ),
      'Conditions particulières relatives aux avis et aux contestations :',
      `${c.name} vous informera du montant et de la date des prélèvements au moins 10 jours civils avant le premier prélèvement d'une série régulière, ou avant chaque prélèvement. Toute modification du montant, de la fréquence ou des dates des prélèvements vous sera notifiée au moins 30 jours à l'avance (10 jours si la banque de ${c.name} l'accepte). Un prélèvement présenté à nouveau dans les 5 jours ouvrables suivant un rejet ne nécessite pas de nouvel avis, et un prélèvement effectué à votre demande peut être notifié le jour même.`,
      `Si vous n'avez pas reçu l'avis, ou si un prélèvement ne correspond pas à l'avis, vous pouvez demander à votre banque de le rembourser dans les 120 jours suivant le prélèvement. Si vous n'avez pas autorisé un prélèvement, vous pouvez en demander le remboursement dans les 9 mois suivant le premier prélèvement. Pour toute question ou contestation, contactez ${c.contact}.`,
      `Vous pouvez révoquer cette autorisation à tout moment en avertissant votre banque par écrit ; merci d'en informer aussi ${c.name}. Votre banque peut également y mettre fin par un avis écrit.`,
    ],
    agreement: `En confirmant, vous donnez à votre banque cette autorisation de prélèvement pour les débits initiés par ${c.name}.`,
  }),
  autogiro: (c) => ({
    title: 'Consentement au paiement par Autogiro (Medgivande till betalning via Autogiro)',
    paragraphs: [
      join(
        `Bénéficiaire : ${c.contact}. Numéro Bankgiro : ${c.id}.`,
        c.ref ? `Numéro de payeur : ${c.ref}.` : 'Votre numéro de payeur vous sera envoyé par e-mail.',
      ),
      `J'accepte que des paiements soient effectués par prélèvement sur le compte indiqué, ou sur un compte que j'indiquerai ultérieurement, à la demande de ${c.name}, au profit de ${c.name} via Autogiro. Ma banque n'est pas tenue de vérifier le bien-fondé des prélèvements demandés ni de m'en informer à l'avance. Les prélèvements sont imputés sur le compte selon les règles de ma banque, qui m'en informe. Sur demande, ce consentement peut être transféré vers un autre compte de ma banque ou vers un compte dans une autre banque.`,
      `${c.name} vous communiquera le montant, la date d'échéance et le mode de paiement au moins 8 jours ouvrables bancaires avant l'échéance, sauf si vous avez approuvé le prélèvement lors d'un achat ou d'une commande. Le compte doit être suffisamment approvisionné à la date d'échéance.`,
      `Vous pouvez arrêter un prélèvement en contactant ${c.name} au moins 2 jours ouvrables bancaires avant l'échéance, ou votre banque au plus tard le jour ouvrable bancaire qui la précède. Ce consentement est valable jusqu'à nouvel ordre. Vous pouvez le révoquer à tout moment en contactant ${c.name} au moins 5 jours ouvrables bancaires avant l'échéance, ou votre banque au plus tard le jour ouvrable bancaire précédant l'échéance.`,
      `${c.name} peut mettre fin à votre adhésion à Autogiro 30 jours après vous en avoir informé, et votre banque peut le faire 30 jours après vous en avoir informé, ainsi que ${c.name}.`,
      `Les données personnelles que vous fournissez dans ce consentement, ou qui sont enregistrées en lien avec celui-ci, sont traitées par votre banque, ${c.name}, la banque du bénéficiaire et Bankgirocentralen BGC AB (Bankgirot) pour la gestion du service, notamment l'enregistrement du consentement et l'exécution des paiements.`,
    ],
    agreement: `En confirmant, vous consentez à ce que ${c.name} prélève des paiements sur votre compte via Autogiro.`,
  }),
  betalingsservice: (c) => ({
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
};
