import { byConsent, inParens, join, type MandateCatalogue } from '../mandate-draft';

/** The schemes' mandate texts in Spanish (legal texts, kept whole; i18n/mandate.ts says what each must say). */
export const mandate: MandateCatalogue = {
  bacs: (c) => ({
    title: 'La Garantía Direct Debit (The Direct Debit Guarantee)',
    lead: {
      title: 'Orden de domiciliación a su banco o building society',
      paragraphs: [
        join(
          `Beneficiario (service user): ${c.contact}. Número de beneficiario (SUN, Service User Number): ${c.id}.`,
          c.ref ? `Referencia: ${c.ref}.` : 'Le enviaremos la referencia de su domiciliación por correo electrónico.',
        ),
        `Ruego paguen a ${c.name} los adeudos directos con cargo a la cuenta indicada en esta orden, con las salvaguardas que ofrece la Garantía Direct Debit. Entiendo que esta orden puede quedar en poder de ${c.name} y que, en tal caso, sus datos se transmitirán electrónicamente a mi banco o building society.`,
      ],
    },
    paragraphs: [
      'Esta garantía la ofrecen todos los bancos y building societies que aceptan órdenes de pago por adeudo directo.',
      `Si cambia el importe, la fecha o la frecuencia de su adeudo directo, ${c.name} se lo comunicará con 3 días hábiles de antelación al cargo en su cuenta, o según se haya acordado. Si pide a ${c.name} que cobre un pago, se le confirmarán el importe y la fecha en el momento de la solicitud.`,
      `Si ${c.name} o su banco o building society cometen un error en el pago de su adeudo directo, tiene derecho al reembolso íntegro e inmediato del importe pagado por parte de su banco o building society.`,
      `Si recibe un reembolso al que no tiene derecho, deberá devolverlo cuando ${c.name} se lo solicite.`,
      `Puede cancelar un adeudo directo en cualquier momento con solo ponerse en contacto con su banco o building society. Es posible que se le pida confirmación por escrito. Le rogamos que también lo comunique a ${c.name}.`,
    ],
    agreement: `Al confirmar, autoriza a ${c.name} a cobrar pagos de su cuenta mediante adeudo directo (Direct Debit) con la protección de la Garantía Direct Debit, y confirma que es titular de la cuenta y la única persona cuya autorización se requiere para adeudarla.`,
  }),
  sepa_core: (c) => ({
    title: 'Orden de domiciliación de adeudo directo SEPA (Core)',
    paragraphs: [
      join(
        `Acreedor: ${c.contact}. Identificador del acreedor: ${c.id}.`,
        c.ref
          ? `Referencia de la orden de domiciliación: ${c.ref}.`
          : 'Le enviaremos la referencia de la orden de domiciliación por correo electrónico.',
        'Tipo de pago: recurrente.',
      ),
      `Mediante la confirmación de esta orden de domiciliación, usted autoriza (A) a ${c.name} a enviar instrucciones a su entidad para adeudar su cuenta y (B) a su entidad para efectuar los adeudos en su cuenta siguiendo las instrucciones de ${c.name}.`,
      'Como parte de sus derechos, usted puede obtener el reembolso de su entidad en los términos y condiciones del contrato suscrito con ella. La solicitud de reembolso deberá efectuarse dentro de las 8 semanas siguientes a la fecha de adeudo en cuenta. Puede obtener información adicional sobre sus derechos en su entidad financiera.',
    ],
    agreement: `Al confirmar, firma electrónicamente esta orden de domiciliación SEPA y autoriza a ${c.name} a cobrar pagos recurrentes de su cuenta.`,
  }),
  ach: (c) => ({
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
  pad: (c) => ({
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
  becs: (c) => ({
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
  becs_nz: (c) => ({
    title: 'Autorización de débito directo (Direct Debit Authority)',
    paragraphs: [
      join(
        `Usted autoriza a su banco, hasta nuevo aviso por escrito, a cargar en su cuenta todos los importes que ${c.name} (el iniciador, código de autorización ${c.id}) cobre mediante débito directo, con sujeción a los términos y condiciones de su banco.`,
        c.amount && `Importe: ${c.amount}.`,
        c.ref && `Referencia en su extracto bancario: ${c.ref}.`,
      ),
      'Condiciones específicas relativas a avisos y reclamaciones:',
      `${c.name} le informará del importe y la fecha de los cargos al menos 10 días naturales antes del primer cargo de una serie periódica, o antes de cada cargo. Los cambios en el importe, la frecuencia o las fechas de los cargos se le comunicarán con al menos 30 días de antelación (10 días si el banco de ${c.name} lo acepta). Un cargo que se vuelva a presentar dentro de los 5 días hábiles siguientes a su devolución no requiere un nuevo aviso, y un cargo realizado a petición suya puede notificarse el mismo día.`,
      `Si no recibió el aviso, o si un cargo no coincide con él, puede pedir a su banco que lo retroceda dentro de los 120 días siguientes al cargo. Si usted no autorizó un cargo, puede pedir su retrocesión dentro de los 9 meses siguientes al primer cargo. Para consultas o reclamaciones, póngase en contacto con ${c.contact}.`,
      `Puede revocar esta autorización en cualquier momento comunicándolo por escrito a su banco; le rogamos que también informe a ${c.name}. Su banco también puede ponerle fin mediante aviso por escrito.`,
    ],
    agreement: `Al confirmar, otorga a su banco esta autorización de débito directo para los cargos iniciados por ${c.name}.`,
  }),
  autogiro: (c) => ({
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
  betalingsservice: (c) => ({
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
};
