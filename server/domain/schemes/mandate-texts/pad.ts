import { byConsent, inParens, join, type MandateTexts } from './common';
import { PAD_MORE } from './pad.more';

/**
 * PAD (Payments Canada Rule H1): authority to debit the named account, Personal or Business PAD,
 * the consent type (single / recurring / sporadic), 10 days' notice, cancellation on 30 days'
 * notice with where to get a sample cancellation form, payee contact, and the recourse statement
 * (schemes.md § 1, § 4). No waivers are made here, so none need to be shown.
 */
export const PAD: MandateTexts = {
  en: (c) => ({
    title: c.business
      ? 'Business Pre-Authorized Debit (PAD) Agreement'
      : 'Personal Pre-Authorized Debit (PAD) Agreement',
    paragraphs: [
      join(
        `You, the payor, authorize ${c.name} (the payee) and the financial institution holding the account you have provided to debit that account in accordance with this agreement.`,
        c.business
          ? 'This is a Business PAD: the debits are for business purposes.'
          : 'This is a Personal PAD: the debits are for personal, family or household purposes.',
      ),
      join(
        byConsent(c.consent, {
          single: `This agreement covers a single debit, on the date agreed with ${c.name}.`,
          recurring:
            'Debits will be made at regular intervals, on the dates and for the amounts (fixed or variable) of the agreed schedule.',
          payer_initiated:
            'Debits will be made at irregular intervals (sporadic PADs), each one only after you have authorized it.',
        }),
        c.amount && `Amount: ${c.amount}.`,
        c.ref && `Agreement reference: ${c.ref}.`,
      ),
      `You will receive written notice of the amount and date of the first debit, and of any debit whose amount varies, at least 10 calendar days before it is made, and at least 10 days' notice of any change to this agreement, including the amount or dates of debits. This agreement will be confirmed to you in writing before the first debit.`,
      `You may cancel this agreement at any time by giving ${c.name}${inParens(c.email)} 30 days' notice. To obtain a sample cancellation form, or for more information on your right to cancel a PAD Agreement, contact your financial institution or visit www.payments.ca.`,
      'You have certain recourse rights if any debit does not comply with this agreement. For example, you have the right to receive reimbursement for any debit that is not authorized or is not consistent with this PAD Agreement. To obtain more information on your recourse rights, contact your financial institution or visit www.payments.ca.',
      `For questions about this agreement or a debit, contact ${c.contact}. Payee ID: ${c.id}.`,
    ],
    agreement: `By confirming, you authorize ${c.name} to debit your account under this ${c.business ? 'Business' : 'Personal'} PAD Agreement.`,
  }),
  fr: (c) => ({
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
  de: (c) => ({
    title: c.business
      ? 'Geschäftliche Vereinbarung über vorab autorisierte Lastschriften (Business PAD)'
      : 'Private Vereinbarung über vorab autorisierte Lastschriften (Personal PAD)',
    paragraphs: [
      join(
        `Sie als Zahler ermächtigen ${c.name} (den Zahlungsempfänger) und das Finanzinstitut, bei dem das von Ihnen angegebene Konto geführt wird, dieses Konto gemäß dieser Vereinbarung zu belasten.`,
        c.business
          ? 'Es handelt sich um eine geschäftliche PAD (Business PAD): Die Lastschriften dienen geschäftlichen Zwecken.'
          : 'Es handelt sich um eine private PAD (Personal PAD): Die Lastschriften dienen persönlichen, familiären oder häuslichen Zwecken.',
      ),
      join(
        byConsent(c.consent, {
          single: `Diese Vereinbarung umfasst eine einmalige Lastschrift zu dem mit ${c.name} vereinbarten Datum.`,
          recurring:
            'Die Lastschriften erfolgen in regelmäßigen Abständen zu den Terminen und in der (festen oder variablen) Höhe des vereinbarten Zahlungsplans.',
          payer_initiated:
            'Die Lastschriften erfolgen in unregelmäßigen Abständen (sporadische PADs), jeweils erst nachdem Sie sie autorisiert haben.',
        }),
        c.amount && `Betrag: ${c.amount}.`,
        c.ref && `Referenz der Vereinbarung: ${c.ref}.`,
      ),
      'Betrag und Datum der ersten Lastschrift sowie jeder Lastschrift mit wechselndem Betrag werden Ihnen mindestens 10 Kalendertage vorher schriftlich mitgeteilt, jede Änderung dieser Vereinbarung, auch des Betrags oder der Termine, mindestens 10 Tage vorher. Vor der ersten Lastschrift erhalten Sie eine schriftliche Bestätigung dieser Vereinbarung.',
      `Sie können diese Vereinbarung jederzeit mit einer Frist von 30 Tagen gegenüber ${c.name}${inParens(c.email)} kündigen. Ein Muster-Kündigungsformular und weitere Informationen zu Ihrem Recht, eine PAD-Vereinbarung zu kündigen, erhalten Sie bei Ihrem Finanzinstitut oder unter www.payments.ca.`,
      'Ihnen stehen bestimmte Rückgriffsrechte zu, wenn eine Lastschrift nicht dieser Vereinbarung entspricht. Sie haben zum Beispiel Anspruch auf Erstattung jeder Lastschrift, die nicht autorisiert ist oder nicht mit dieser PAD-Vereinbarung übereinstimmt. Weitere Informationen zu Ihren Rückgriffsrechten erhalten Sie bei Ihrem Finanzinstitut oder unter www.payments.ca.',
      `Bei Fragen zu dieser Vereinbarung oder zu einer Lastschrift wenden Sie sich an ${c.contact}. Kennung des Zahlungsempfängers: ${c.id}.`,
    ],
    agreement: `Mit Ihrer Bestätigung ermächtigen Sie ${c.name}, Ihr Konto gemäß dieser ${c.business ? 'geschäftlichen' : 'privaten'} PAD-Vereinbarung zu belasten.`,
  }),
  pt: (c) => ({
    title: c.business
      ? 'Acordo de débito pré-autorizado (PAD) empresarial'
      : 'Acordo de débito pré-autorizado (PAD) pessoal',
    paragraphs: [
      join(
        `Enquanto pagador, autoriza ${c.name} (o beneficiário) e a instituição financeira onde está domiciliada a conta que indicou a debitar essa conta de acordo com o presente acordo.`,
        c.business
          ? 'Trata-se de um PAD empresarial: os débitos destinam-se a fins empresariais.'
          : 'Trata-se de um PAD pessoal: os débitos destinam-se a fins pessoais, familiares ou domésticos.',
      ),
      join(
        byConsent(c.consent, {
          single: `Este acordo abrange um único débito, na data acordada com ${c.name}.`,
          recurring:
            'Os débitos serão efetuados a intervalos regulares, nas datas e pelos montantes (fixos ou variáveis) do calendário acordado.',
          payer_initiated:
            'Os débitos serão efetuados a intervalos irregulares (PAD esporádicos), cada um apenas depois de o ter autorizado.',
        }),
        c.amount && `Montante: ${c.amount}.`,
        c.ref && `Referência do acordo: ${c.ref}.`,
      ),
      'Receberá um aviso escrito com o montante e a data do primeiro débito, e de qualquer débito cujo montante varie, pelo menos 10 dias de calendário antes de ser efetuado, bem como um aviso prévio de pelo menos 10 dias de qualquer alteração a este acordo, incluindo ao montante ou às datas dos débitos. Este acordo ser-lhe-á confirmado por escrito antes do primeiro débito.',
      `Pode cancelar este acordo a qualquer momento, avisando ${c.name}${inParens(c.email)} com 30 dias de antecedência. Para obter um modelo de formulário de cancelamento, ou mais informações sobre o seu direito de cancelar um acordo PAD, contacte a sua instituição financeira ou visite www.payments.ca.`,
      'Tem determinados direitos de recurso se algum débito não estiver em conformidade com este acordo. Por exemplo, tem direito a ser reembolsado de qualquer débito que não tenha sido autorizado ou que não seja compatível com este acordo PAD. Para obter mais informações sobre os seus direitos de recurso, contacte a sua instituição financeira ou visite www.payments.ca.',
      `Para questões sobre este acordo ou sobre um débito, contacte ${c.contact}. Identificação do beneficiário: ${c.id}.`,
    ],
    agreement: `Ao confirmar, autoriza ${c.name} a debitar a sua conta ao abrigo deste acordo PAD ${c.business ? 'empresarial' : 'pessoal'}.`,
  }),
  es: (c) => ({
    title: c.business
      ? 'Acuerdo de débito preautorizado (PAD) empresarial'
      : 'Acuerdo de débito preautorizado (PAD) personal',
    paragraphs: [
      join(
        `Usted, como pagador, autoriza a ${c.name} (el beneficiario) y a la entidad financiera en la que se encuentra la cuenta que ha indicado a debitar dicha cuenta conforme a este acuerdo.`,
        c.business
          ? 'Se trata de un PAD empresarial: los débitos tienen fines comerciales.'
          : 'Se trata de un PAD personal: los débitos tienen fines personales, familiares o domésticos.',
      ),
      join(
        byConsent(c.consent, {
          single: `Este acuerdo cubre un único débito, en la fecha acordada con ${c.name}.`,
          recurring:
            'Los débitos se realizarán a intervalos regulares, en las fechas y por los importes (fijos o variables) del calendario acordado.',
          payer_initiated:
            'Los débitos se realizarán a intervalos irregulares (PAD esporádicos), cada uno solo después de que usted lo haya autorizado.',
        }),
        c.amount && `Importe: ${c.amount}.`,
        c.ref && `Referencia del acuerdo: ${c.ref}.`,
      ),
      'Recibirá un aviso por escrito con el importe y la fecha del primer débito, y de cualquier débito cuyo importe varíe, al menos 10 días naturales antes de que se realice, así como un aviso con al menos 10 días de antelación de cualquier cambio en este acuerdo, incluidos el importe o las fechas de los débitos. Este acuerdo se le confirmará por escrito antes del primer débito.',
      `Puede cancelar este acuerdo en cualquier momento avisando a ${c.name}${inParens(c.email)} con 30 días de antelación. Para obtener un modelo de formulario de cancelación, o más información sobre su derecho a cancelar un acuerdo PAD, consulte a su entidad financiera o visite www.payments.ca.`,
      'Usted tiene ciertos derechos de recurso si algún débito no se ajusta a este acuerdo. Por ejemplo, tiene derecho a recibir el reembolso de cualquier débito que no esté autorizado o que no sea conforme con este acuerdo PAD. Para obtener más información sobre sus derechos de recurso, consulte a su entidad financiera o visite www.payments.ca.',
      `Para cualquier consulta sobre este acuerdo o sobre un débito, póngase en contacto con ${c.contact}. Identificador del beneficiario: ${c.id}.`,
    ],
    agreement: `Al confirmar, autoriza a ${c.name} a debitar su cuenta conforme a este acuerdo PAD ${c.business ? 'empresarial' : 'personal'}.`,
  }),
  ...PAD_MORE,
};
