import { ACH_MORE } from './ach.more';
import { byConsent, inParens, join, type MandateTexts } from './common';

/**
 * ACH (Nacha + Reg E): an authorisation to debit the named account, worded by consent type
 * (one_off: one debit; recurring: debits on a schedule; standing: each debit set off by the payer's
 * own later action), the originator and how to reach them, revocation with 3 business days' notice
 * before the next debit, and the 10-day notice of varying amounts (schemes.md § 1, § 4).
 */
export const ACH: MandateTexts = {
  en: (c) => ({
    title: 'ACH Debit Authorization',
    paragraphs: [
      join(
        byConsent(c.consent, {
          single: `I authorize ${c.name} to make a single debit from the bank account I have provided, on or after the date agreed with ${c.name}.`,
          recurring: `I authorize ${c.name} to debit the bank account I have provided on a recurring basis, on the dates and for the amounts of the agreed schedule, until I revoke this authorization.`,
          payer_initiated: `I authorize ${c.name} to debit the bank account I have provided each time I initiate a payment to ${c.name} (for example, by placing an order or confirming a purchase), for the amount of that payment, until I revoke this authorization.`,
        }),
        c.amount && `Amount: ${c.amount}.`,
        c.ref && `Authorization reference: ${c.ref}.`,
      ),
      `Originator: ${c.contact}. ACH company ID: ${c.id}.`,
      c.consent === 'recurring' &&
        'If the amount of a debit differs from the agreed amount, you will be told the amount and date at least 10 days before the debit.',
      `You may revoke this authorization at any time by contacting ${c.name}${inParens(c.email)}. To stop the next debit, please notify ${c.name} at least 3 business days before it is scheduled.`,
      'If a debit was not authorized, contact your bank promptly: you have the right to dispute it. Please print or save a copy of this authorization for your records.',
    ],
    agreement: byConsent(c.consent, {
      single: `By confirming, you authorize ${c.name} to debit your account once, as described above.`,
      recurring: `By confirming, you authorize ${c.name} to debit your account on the agreed schedule until you revoke this authorization.`,
      payer_initiated: `By confirming, you authorize ${c.name} to debit your account each time you initiate a payment, until you revoke this authorization.`,
    }),
  }),
  fr: (c) => ({
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
  de: (c) => ({
    title: 'ACH-Lastschriftermächtigung',
    paragraphs: [
      join(
        byConsent(c.consent, {
          single: `Ich ermächtige ${c.name}, das von mir angegebene Bankkonto einmalig zu belasten, und zwar an dem mit ${c.name} vereinbarten Datum oder danach.`,
          recurring: `Ich ermächtige ${c.name}, das von mir angegebene Bankkonto wiederkehrend zu den Terminen und in der Höhe des vereinbarten Zahlungsplans zu belasten, bis ich diese Ermächtigung widerrufe.`,
          payer_initiated: `Ich ermächtige ${c.name}, das von mir angegebene Bankkonto jedes Mal in Höhe der jeweiligen Zahlung zu belasten, wenn ich selbst eine Zahlung an ${c.name} auslöse (zum Beispiel durch eine Bestellung oder die Bestätigung eines Kaufs), bis ich diese Ermächtigung widerrufe.`,
        }),
        c.amount && `Betrag: ${c.amount}.`,
        c.ref && `Referenz der Ermächtigung: ${c.ref}.`,
      ),
      `Zahlungsempfänger (Originator): ${c.contact}. ACH-Unternehmenskennung (Company ID): ${c.id}.`,
      c.consent === 'recurring' &&
        'Weicht der Betrag einer Lastschrift vom vereinbarten Betrag ab, werden Ihnen Betrag und Datum mindestens 10 Tage vor der Belastung mitgeteilt.',
      `Sie können diese Ermächtigung jederzeit widerrufen, indem Sie sich an ${c.name}${inParens(c.email)} wenden. Um die nächste Belastung zu verhindern, informieren Sie ${c.name} bitte mindestens 3 Bankarbeitstage vor dem geplanten Termin.`,
      'Wurde eine Lastschrift nicht von Ihnen autorisiert, wenden Sie sich umgehend an Ihre Bank: Sie haben das Recht, sie zu beanstanden. Bitte drucken oder speichern Sie eine Kopie dieser Ermächtigung für Ihre Unterlagen.',
    ],
    agreement: byConsent(c.consent, {
      single: `Mit Ihrer Bestätigung ermächtigen Sie ${c.name}, Ihr Konto wie oben beschrieben einmalig zu belasten.`,
      recurring: `Mit Ihrer Bestätigung ermächtigen Sie ${c.name}, Ihr Konto nach dem vereinbarten Zahlungsplan zu belasten, bis Sie die Ermächtigung widerrufen.`,
      payer_initiated: `Mit Ihrer Bestätigung ermächtigen Sie ${c.name}, Ihr Konto bei jeder von Ihnen ausgelösten Zahlung zu belasten, bis Sie die Ermächtigung widerrufen.`,
    }),
  }),
  pt: (c) => ({
    title: 'Autorização de débito ACH',
    paragraphs: [
      join(
        byConsent(c.consent, {
          single: `Autorizo ${c.name} a efetuar um único débito na conta bancária que indiquei, na data acordada com ${c.name} ou depois dela.`,
          recurring: `Autorizo ${c.name} a debitar de forma recorrente a conta bancária que indiquei, nas datas e pelos montantes do calendário acordado, até que eu revogue esta autorização.`,
          payer_initiated: `Autorizo ${c.name} a debitar a conta bancária que indiquei sempre que eu iniciar um pagamento a ${c.name} (por exemplo, ao fazer uma encomenda ou confirmar uma compra), pelo montante desse pagamento, até que eu revogue esta autorização.`,
        }),
        c.amount && `Montante: ${c.amount}.`,
        c.ref && `Referência da autorização: ${c.ref}.`,
      ),
      `Entidade ordenante (originator): ${c.contact}. Identificação ACH da empresa (company ID): ${c.id}.`,
      c.consent === 'recurring' &&
        'Se o montante de um débito for diferente do acordado, será informado do montante e da data pelo menos 10 dias antes do débito.',
      `Pode revogar esta autorização a qualquer momento contactando ${c.name}${inParens(c.email)}. Para impedir o próximo débito, avise ${c.name} pelo menos 3 dias úteis antes da data prevista.`,
      'Se um débito não tiver sido autorizado, contacte de imediato o seu banco: tem o direito de o contestar. Imprima ou guarde uma cópia desta autorização para os seus registos.',
    ],
    agreement: byConsent(c.consent, {
      single: `Ao confirmar, autoriza ${c.name} a debitar a sua conta uma única vez, conforme descrito acima.`,
      recurring: `Ao confirmar, autoriza ${c.name} a debitar a sua conta segundo o calendário acordado, até revogar esta autorização.`,
      payer_initiated: `Ao confirmar, autoriza ${c.name} a debitar a sua conta sempre que iniciar um pagamento, até revogar esta autorização.`,
    }),
  }),
  es: (c) => ({
    title: 'Autorización de débito ACH',
    paragraphs: [
      join(
        byConsent(c.consent, {
          single: `Autorizo a ${c.name} a realizar un único débito en la cuenta bancaria que he indicado, en la fecha acordada con ${c.name} o después de ella.`,
          recurring: `Autorizo a ${c.name} a debitar de forma periódica la cuenta bancaria que he indicado, en las fechas y por los importes del calendario acordado, hasta que revoque esta autorización.`,
          payer_initiated: `Autorizo a ${c.name} a debitar la cuenta bancaria que he indicado cada vez que yo inicie un pago a ${c.name} (por ejemplo, al hacer un pedido o confirmar una compra), por el importe de ese pago, hasta que revoque esta autorización.`,
        }),
        c.amount && `Importe: ${c.amount}.`,
        c.ref && `Referencia de la autorización: ${c.ref}.`,
      ),
      `Originador de los débitos: ${c.contact}. Identificador ACH de la empresa (company ID): ${c.id}.`,
      c.consent === 'recurring' &&
        'Si el importe de un débito difiere del acordado, se le informará del importe y la fecha al menos 10 días antes del débito.',
      `Puede revocar esta autorización en cualquier momento poniéndose en contacto con ${c.name}${inParens(c.email)}. Para detener el próximo débito, avise a ${c.name} al menos 3 días hábiles antes de la fecha prevista.`,
      'Si un débito no fue autorizado, comuníquese cuanto antes con su banco: tiene derecho a impugnarlo. Imprima o guarde una copia de esta autorización para sus registros.',
    ],
    agreement: byConsent(c.consent, {
      single: `Al confirmar, autoriza a ${c.name} a debitar su cuenta una sola vez, como se describe arriba.`,
      recurring: `Al confirmar, autoriza a ${c.name} a debitar su cuenta según el calendario acordado, hasta que revoque esta autorización.`,
      payer_initiated: `Al confirmar, autoriza a ${c.name} a debitar su cuenta cada vez que usted inicie un pago, hasta que revoque esta autorización.`,
    }),
  }),
  ...ACH_MORE,
};
