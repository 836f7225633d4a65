import { AUTOGIRO_MORE } from './autogiro.more';
import { join, type MandateTexts } from './common';

/**
 * Autogiro: the Bankgirot consent text in substance (consent to withdrawals via Autogiro, notice
 * at least 8 banking days before the due date, stopping a payment, revoking via the payee 5 banking
 * days before or the bank, termination on 30 days' notice, personal data processed by the banks and
 * Bankgirot), payee name and Bankgiro number (schemes.md § 1, § 4). Swedish is the original; the
 * other languages translate it and keep the Swedish title.
 */
export const AUTOGIRO: MandateTexts = {
  sv: (c) => ({
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
  en: (c) => ({
    title: 'Consent to payment via Autogiro (Medgivande till betalning via Autogiro)',
    paragraphs: [
      join(
        `Payee: ${c.contact}. Bankgiro number: ${c.id}.`,
        c.ref ? `Payer number: ${c.ref}.` : 'Your payer number will be sent to you by e-mail.',
      ),
      `I consent to payments being made by withdrawals from the specified account, or an account I specify later, at the request of ${c.name}, for transfer to ${c.name} via Autogiro. My bank is not obliged to verify the authority for, or to notify me in advance of, requested withdrawals. Withdrawals are charged to the account under the rules of my bank, which notifies me of them. On request, this consent can be moved to another account at my bank or to an account at another bank.`,
      `${c.name} will notify you of the amount, due date and payment method at least 8 banking days before the due date, unless you approved the withdrawal when making a purchase or order. There must be sufficient funds in the account on the due date.`,
      `You can stop a single withdrawal by contacting ${c.name} at least 2 banking days before the due date, or your bank no later than the banking day before. This consent is valid until further notice. You may revoke it at any time by contacting ${c.name} at least 5 banking days before the due date, or your bank no later than the banking day before the due date.`,
      `${c.name} may end your connection to Autogiro 30 days after notifying you, and your bank may do so 30 days after notifying you and ${c.name}.`,
      `Personal data you provide in this consent, or that is otherwise recorded in connection with it, is processed by your bank, ${c.name}, the payee's bank and Bankgirocentralen BGC AB (Bankgirot) to administer the service, including registering the consent and carrying out payments.`,
    ],
    agreement: `By confirming, you consent to ${c.name} collecting payments from your account via Autogiro.`,
  }),
  fr: (c) => ({
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
  de: (c) => ({
    title: 'Einwilligung in Zahlungen per Autogiro (Medgivande till betalning via Autogiro)',
    paragraphs: [
      join(
        `Zahlungsempfänger: ${c.contact}. Bankgiro-Nummer: ${c.id}.`,
        c.ref ? `Zahlernummer: ${c.ref}.` : 'Ihre Zahlernummer erhalten Sie per E-Mail.',
      ),
      `Ich willige ein, dass Zahlungen auf Verlangen von ${c.name} durch Abbuchungen vom angegebenen Konto, oder von einem später von mir angegebenen Konto, per Autogiro an ${c.name} geleistet werden. Meine Bank ist nicht verpflichtet, die Berechtigung der angeforderten Abbuchungen zu prüfen oder mich vorab darüber zu informieren. Die Abbuchungen werden nach den Regeln meiner Bank belastet, und meine Bank informiert mich darüber. Auf Wunsch kann diese Einwilligung auf ein anderes Konto bei meiner Bank oder auf ein Konto bei einer anderen Bank übertragen werden.`,
      `${c.name} teilt Ihnen Betrag, Fälligkeitstag und Zahlungsart spätestens 8 Bankarbeitstage vor dem Fälligkeitstag mit, sofern Sie die Abbuchung nicht bereits bei einem Kauf oder einer Bestellung genehmigt haben. Am Fälligkeitstag muss das Konto ausreichend gedeckt sein.`,
      `Sie können eine einzelne Abbuchung stoppen, indem Sie sich spätestens 2 Bankarbeitstage vor dem Fälligkeitstag an ${c.name} oder spätestens am Bankarbeitstag davor an Ihre Bank wenden. Diese Einwilligung gilt bis auf Weiteres. Sie können sie jederzeit widerrufen, indem Sie sich spätestens 5 Bankarbeitstage vor dem Fälligkeitstag an ${c.name} oder spätestens am Bankarbeitstag vor dem Fälligkeitstag an Ihre Bank wenden.`,
      `${c.name} kann Ihre Teilnahme an Autogiro 30 Tage nach einer entsprechenden Mitteilung an Sie beenden; Ihre Bank kann dies 30 Tage nach einer Mitteilung an Sie und an ${c.name}.`,
      `Personenbezogene Daten, die Sie in dieser Einwilligung angeben oder die im Zusammenhang damit erfasst werden, werden von Ihrer Bank, ${c.name}, der Bank des Zahlungsempfängers und der Bankgirocentralen BGC AB (Bankgirot) zur Verwaltung des Dienstes verarbeitet, unter anderem zur Registrierung der Einwilligung und zur Ausführung der Zahlungen.`,
    ],
    agreement: `Mit Ihrer Bestätigung willigen Sie ein, dass ${c.name} Zahlungen per Autogiro von Ihrem Konto einzieht.`,
  }),
  pt: (c) => ({
    title: 'Consentimento para pagamento por Autogiro (Medgivande till betalning via Autogiro)',
    paragraphs: [
      join(
        `Beneficiário: ${c.contact}. Número Bankgiro: ${c.id}.`,
        c.ref ? `Número de pagador: ${c.ref}.` : 'O seu número de pagador ser-lhe-á enviado por e-mail.',
      ),
      `Consinto que sejam efetuados pagamentos através de débitos na conta indicada, ou numa conta que venha a indicar, a pedido de ${c.name}, para transferência para ${c.name} via Autogiro. O meu banco não é obrigado a verificar a legitimidade dos débitos pedidos nem a avisar-me previamente. Os débitos são lançados na conta segundo as regras do meu banco, que me informa sobre eles. A pedido, este consentimento pode ser transferido para outra conta no meu banco ou para uma conta noutro banco.`,
      `${c.name} comunicar-lhe-á o montante, a data de vencimento e o meio de pagamento pelo menos 8 dias úteis bancários antes da data de vencimento, salvo se tiver aprovado o débito no momento de uma compra ou encomenda. A conta deve ter saldo suficiente na data de vencimento.`,
      `Pode impedir um débito contactando ${c.name} pelo menos 2 dias úteis bancários antes da data de vencimento, ou o seu banco até ao dia útil bancário anterior. Este consentimento é válido até indicação em contrário. Pode revogá-lo a qualquer momento contactando ${c.name} pelo menos 5 dias úteis bancários antes da data de vencimento, ou o seu banco até ao dia útil bancário anterior à data de vencimento.`,
      `${c.name} pode pôr termo à sua adesão ao Autogiro 30 dias depois de o avisar, e o seu banco pode fazê-lo 30 dias depois de o avisar a si e a ${c.name}.`,
      `Os dados pessoais que fornece neste consentimento, ou que sejam registados em ligação com ele, são tratados pelo seu banco, por ${c.name}, pelo banco do beneficiário e pela Bankgirocentralen BGC AB (Bankgirot) para a gestão do serviço, incluindo o registo do consentimento e a execução dos pagamentos.`,
    ],
    agreement: `Ao confirmar, consente que ${c.name} cobre pagamentos da sua conta via Autogiro.`,
  }),
  es: (c) => ({
    title: 'Consentimiento para pagos por Autogiro (Medgivande till betalning via Autogiro)',
    paragraphs: [
      join(
        `Beneficiario: ${c.contact}. Número de Bankgiro: ${c.id}.`,
        c.ref ? `Número de pagador: ${c.ref}.` : 'Le enviaremos su número de pagador por correo electrónico.',
      ),
      `Consiento que se efectúen pagos mediante cargos en la cuenta indicada, o en una cuenta que indique más adelante, a petición de ${c.name}, para su transferencia a ${c.name} a través de Autogiro. Mi banco no está obligado a comprobar la legitimidad de los cargos solicitados ni a avisarme de ellos con antelación. Los cargos se adeudan en la cuenta según las normas de mi banco, que me informará de ellos. A petición, este consentimiento puede trasladarse a otra cuenta de mi banco o a una cuenta de otro banco.`,
      `${c.name} le comunicará el importe, la fecha de vencimiento y la forma de pago al menos 8 días hábiles bancarios antes del vencimiento, salvo que haya aprobado el cargo al realizar una compra o un pedido. La cuenta debe tener fondos suficientes en la fecha de vencimiento.`,
      `Puede detener un cargo concreto poniéndose en contacto con ${c.name} al menos 2 días hábiles bancarios antes del vencimiento, o con su banco a más tardar el día hábil bancario anterior. Este consentimiento es válido hasta nuevo aviso. Puede revocarlo en cualquier momento poniéndose en contacto con ${c.name} al menos 5 días hábiles bancarios antes del vencimiento, o con su banco a más tardar el día hábil bancario anterior al vencimiento.`,
      `${c.name} puede dar de baja su adhesión a Autogiro 30 días después de comunicárselo, y su banco puede hacerlo 30 días después de comunicárselo a usted y a ${c.name}.`,
      `Los datos personales que facilita en este consentimiento, o que se registran en relación con él, son tratados por su banco, ${c.name}, el banco del beneficiario y Bankgirocentralen BGC AB (Bankgirot) para la gestión del servicio, incluidos el registro del consentimiento y la ejecución de los pagos.`,
    ],
    agreement: `Al confirmar, consiente que ${c.name} cobre pagos de su cuenta a través de Autogiro.`,
  }),
  ...AUTOGIRO_MORE,
};
