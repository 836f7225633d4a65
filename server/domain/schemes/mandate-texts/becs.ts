import { BECS_MORE } from './becs.more';
import { inParens, join, type MandateTexts } from './common';

/**
 * BECS (Australia): the Direct Debit Request authority and the essentials of the DDR Service
 * Agreement: debit user name and User ID, debits on business days, 14 days' notice of changes, how
 * to change, defer, stop or cancel, the payer's obligations, disputes, privacy (schemes.md § 4).
 */
export const BECS: MandateTexts = {
  en: (c) => ({
    title: 'Direct Debit Request and Service Agreement',
    paragraphs: [
      join(
        `You request and authorise ${c.name} (Direct Entry User ID ${c.id}) to arrange, through its own financial institution, for funds to be debited from the account you have provided through the Bulk Electronic Clearing System (BECS), in accordance with this Direct Debit Request and Service Agreement.`,
        c.amount && `Amount: ${c.amount}.`,
        c.ref && `Reference: ${c.ref}.`,
      ),
      `Debits will be made on the dates and for the amounts agreed with ${c.name}. If a debit falls due on a day that is not a business day, it will be made on the next business day; if you are unsure when a debit will be processed, ask your financial institution.`,
      `${c.name} will give you at least 14 days' notice in writing before changing the terms of this agreement, including the amount or frequency of debits.`,
      `You may change, defer or stop a debit, or cancel this arrangement, by contacting ${c.name}${inParens(c.email)} or your financial institution.`,
      'You are responsible for having sufficient cleared funds in the account to meet each debit on its due date. If a debit is dishonoured, your financial institution may charge you a fee. Direct debiting is not available on all accounts: check your account details against a recent statement, and with your financial institution if you are unsure.',
      `If you believe a debit was made in error, contact ${c.name} or your financial institution as soon as possible. If the debit is found to be wrong, the amount will be refunded to your account; if not, you will be told why.`,
      `${c.name} will keep your account details and personal information confidential and use them only to process debits, to investigate a claim or dispute, or where the law requires.`,
    ],
    agreement: `By confirming, you accept this Direct Debit Request and Service Agreement and authorise ${c.name} to debit your account through BECS.`,
  }),
  fr: (c) => ({
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
  de: (c) => ({
    title: 'Lastschriftauftrag und Servicevereinbarung (Direct Debit Request)',
    paragraphs: [
      join(
        `Sie beauftragen und ermächtigen ${c.name} (Direct Entry User ID ${c.id}), über das eigene Finanzinstitut Beträge von dem von Ihnen angegebenen Konto über das Bulk Electronic Clearing System (BECS) abbuchen zu lassen, gemäß diesem Lastschriftauftrag und dieser Servicevereinbarung.`,
        c.amount && `Betrag: ${c.amount}.`,
        c.ref && `Referenz: ${c.ref}.`,
      ),
      `Die Abbuchungen erfolgen zu den Terminen und in der Höhe, die mit ${c.name} vereinbart sind. Fällt eine Abbuchung auf einen Tag, der kein Bankarbeitstag ist, erfolgt sie am nächsten Bankarbeitstag; wenn Sie unsicher sind, wann eine Abbuchung bearbeitet wird, fragen Sie Ihr Finanzinstitut.`,
      `${c.name} informiert Sie mindestens 14 Tage im Voraus schriftlich über jede Änderung der Bedingungen dieser Vereinbarung, auch über Änderungen von Betrag oder Häufigkeit der Abbuchungen.`,
      `Sie können eine Abbuchung ändern, verschieben oder stoppen oder diese Vereinbarung beenden, indem Sie sich an ${c.name}${inParens(c.email)} oder an Ihr Finanzinstitut wenden.`,
      'Sie sind dafür verantwortlich, dass zu jedem Fälligkeitstermin ausreichend verfügbares Guthaben auf dem Konto ist. Wird eine Abbuchung zurückgegeben, kann Ihr Finanzinstitut Ihnen eine Gebühr berechnen. Lastschriften sind nicht bei allen Konten möglich: Prüfen Sie Ihre Kontodaten anhand eines aktuellen Kontoauszugs und fragen Sie im Zweifel Ihr Finanzinstitut.',
      `Wenn Sie glauben, dass eine Abbuchung irrtümlich erfolgt ist, wenden Sie sich so bald wie möglich an ${c.name} oder Ihr Finanzinstitut. Erweist sich die Abbuchung als falsch, wird der Betrag Ihrem Konto erstattet; andernfalls wird Ihnen der Grund mitgeteilt.`,
      `${c.name} behandelt Ihre Kontodaten und persönlichen Daten vertraulich und verwendet sie nur zur Bearbeitung der Abbuchungen, zur Prüfung einer Reklamation oder Streitigkeit oder soweit gesetzlich vorgeschrieben.`,
    ],
    agreement: `Mit Ihrer Bestätigung nehmen Sie diesen Lastschriftauftrag und diese Servicevereinbarung an und ermächtigen ${c.name}, Ihr Konto über BECS zu belasten.`,
  }),
  pt: (c) => ({
    title: 'Pedido de débito direto e acordo de serviço (Direct Debit Request)',
    paragraphs: [
      join(
        `Solicita e autoriza ${c.name} (Direct Entry User ID ${c.id}) a providenciar, através da sua própria instituição financeira, o débito de montantes na conta que indicou, através do Bulk Electronic Clearing System (BECS), de acordo com este pedido de débito direto e acordo de serviço.`,
        c.amount && `Montante: ${c.amount}.`,
        c.ref && `Referência: ${c.ref}.`,
      ),
      `Os débitos serão efetuados nas datas e pelos montantes acordados com ${c.name}. Se um débito vencer num dia que não seja dia útil, será efetuado no dia útil seguinte; se tiver dúvidas sobre quando um débito será processado, pergunte à sua instituição financeira.`,
      `${c.name} avisá-lo-á por escrito com pelo menos 14 dias de antecedência antes de alterar os termos deste acordo, incluindo o montante ou a frequência dos débitos.`,
      `Pode alterar, adiar ou suspender um débito, ou cancelar este acordo, contactando ${c.name}${inParens(c.email)} ou a sua instituição financeira.`,
      'É da sua responsabilidade ter fundos disponíveis suficientes na conta para cada débito na data de vencimento. Se um débito for devolvido, a sua instituição financeira pode cobrar-lhe uma comissão. O débito direto não está disponível em todas as contas: confirme os dados da conta num extrato recente e, em caso de dúvida, junto da sua instituição financeira.',
      `Se considerar que um débito foi efetuado por engano, contacte ${c.name} ou a sua instituição financeira o mais rapidamente possível. Se se confirmar o erro, o montante será reembolsado na sua conta; caso contrário, ser-lhe-á explicado o motivo.`,
      `${c.name} manterá confidenciais os dados da sua conta e os seus dados pessoais, usando-os apenas para processar os débitos, analisar uma reclamação ou litígio, ou quando a lei o exigir.`,
    ],
    agreement: `Ao confirmar, aceita este pedido de débito direto e acordo de serviço e autoriza ${c.name} a debitar a sua conta através do BECS.`,
  }),
  es: (c) => ({
    title: 'Solicitud de débito directo y acuerdo de servicio (Direct Debit Request)',
    paragraphs: [
      join(
        `Usted solicita y autoriza a ${c.name} (Direct Entry User ID ${c.id}) a gestionar, a través de su propia entidad financiera, el cargo de importes en la cuenta que ha indicado mediante el Bulk Electronic Clearing System (BECS), de acuerdo con esta solicitud de débito directo y acuerdo de servicio.`,
        c.amount && `Importe: ${c.amount}.`,
        c.ref && `Referencia: ${c.ref}.`,
      ),
      `Los cargos se realizarán en las fechas y por los importes acordados con ${c.name}. Si un cargo vence en un día que no es hábil, se realizará el siguiente día hábil; si tiene dudas sobre cuándo se procesará un cargo, consulte a su entidad financiera.`,
      `${c.name} le avisará por escrito con al menos 14 días de antelación antes de modificar las condiciones de este acuerdo, incluidos el importe o la frecuencia de los cargos.`,
      `Puede modificar, aplazar o detener un cargo, o cancelar este acuerdo, poniéndose en contacto con ${c.name}${inParens(c.email)} o con su entidad financiera.`,
      'Es su responsabilidad disponer de fondos suficientes en la cuenta para cubrir cada cargo en su fecha de vencimiento. Si un cargo es devuelto, su entidad financiera puede cobrarle una comisión. El débito directo no está disponible en todas las cuentas: compruebe los datos de su cuenta en un extracto reciente y, si tiene dudas, con su entidad financiera.',
      `Si cree que se ha realizado un cargo por error, póngase en contacto cuanto antes con ${c.name} o con su entidad financiera. Si se confirma el error, se le reembolsará el importe en su cuenta; si no, se le explicará el motivo.`,
      `${c.name} mantendrá la confidencialidad de los datos de su cuenta y de sus datos personales y solo los utilizará para procesar los cargos, investigar una reclamación o disputa, o cuando la ley lo exija.`,
    ],
    agreement: `Al confirmar, acepta esta solicitud de débito directo y acuerdo de servicio y autoriza a ${c.name} a cargar su cuenta a través de BECS.`,
  }),
  ...BECS_MORE,
};
