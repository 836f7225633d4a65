import { byConsent, inParens, join, type MandateCatalogue } from '../mandate-draft';

/** The schemes' mandate texts in Portuguese (legal texts, kept whole; i18n/mandate.ts says what each must say). */
export const mandate: MandateCatalogue = {
  bacs: (c) => ({
    title: 'A Garantia de Débito Direto (The Direct Debit Guarantee)',
    lead: {
      title: 'Instrução de débito direto ao seu banco ou building society',
      paragraphs: [
        join(
          `Beneficiário (service user): ${c.contact}. Número de beneficiário (SUN, Service User Number): ${c.id}.`,
          c.ref ? `Referência: ${c.ref}.` : 'A referência do seu débito direto ser-lhe-á enviada por e-mail.',
        ),
        `Solicito que pague a ${c.name} os débitos diretos da conta indicada nesta instrução, com as salvaguardas asseguradas pela Garantia de Débito Direto. Compreendo que esta instrução pode ficar na posse de ${c.name} e que, nesse caso, os respetivos dados serão transmitidos eletronicamente ao meu banco ou building society.`,
      ],
    },
    paragraphs: [
      'Esta garantia é oferecida por todos os bancos e building societies que aceitam instruções de pagamento por débito direto.',
      `Se houver alterações ao montante, à data ou à periodicidade do seu débito direto, ${c.name} irá notificá-lo 3 dias úteis antes do débito na sua conta, ou conforme acordado de outra forma. Se pedir a ${c.name} que cobre um pagamento, o montante e a data ser-lhe-ão confirmados no momento do pedido.`,
      `Se for cometido um erro no pagamento do seu débito direto, por ${c.name} ou pelo seu banco ou building society, tem direito ao reembolso total e imediato do montante pago, por parte do seu banco ou building society.`,
      `Se receber um reembolso a que não tem direito, deve devolvê-lo quando ${c.name} o solicitar.`,
      `Pode cancelar um débito direto a qualquer momento, bastando contactar o seu banco ou building society. Poderá ser exigida confirmação por escrito. Informe também ${c.name}.`,
    ],
    agreement: `Ao confirmar, autoriza ${c.name} a cobrar pagamentos da sua conta por débito direto, ao abrigo da Garantia de Débito Direto, e confirma que é o titular da conta e a única pessoa cuja autorização é necessária para debitar esta conta.`,
  }),
  sepa_core: (c) => ({
    title: 'Autorização de Débito Direto SEPA (Core)',
    paragraphs: [
      join(
        `Credor: ${c.contact}. Identificação do credor: ${c.id}.`,
        c.ref
          ? `Referência da autorização: ${c.ref}.`
          : 'A referência da sua autorização ser-lhe-á enviada por e-mail.',
        'Tipo de pagamento: recorrente.',
      ),
      `Ao confirmar esta autorização, autoriza (A) ${c.name} a enviar instruções ao seu banco para debitar a sua conta e (B) o seu banco a debitar a sua conta de acordo com as instruções de ${c.name}.`,
      'Os seus direitos incluem a possibilidade de exigir do seu banco o reembolso do montante debitado, nos termos e condições acordados com o banco. O reembolso deve ser solicitado no prazo de 8 semanas a contar da data do débito na sua conta. Os seus direitos são explicados numa declaração que pode obter junto do seu banco.',
    ],
    agreement: `Ao confirmar, assina eletronicamente esta autorização de débito direto SEPA e autoriza ${c.name} a cobrar pagamentos recorrentes da sua conta.`,
  }),
  ach: (c) => ({
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
  pad: (c) => ({
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
  becs: (c) => ({
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
  becs_nz: (c) => ({
    title: 'Autorização de débito direto (Direct Debit Authority)',
    paragraphs: [
      join(
        `Autoriza o seu banco, até aviso escrito em contrário, a debitar na sua conta todos os montantes que ${c.name} (o iniciador, código de autorização ${c.id}) cobrar por débito direto, nos termos e condições do seu banco.`,
        c.amount && `Montante: ${c.amount}.`,
        c.ref && `Referência no seu extrato bancário: ${c.ref}.`,
      ),
      'Condições específicas relativas a avisos e litígios:',
      `${c.name} informá-lo-á do montante e da data dos débitos pelo menos 10 dias de calendário antes do primeiro débito de uma série regular, ou antes de cada débito. As alterações ao montante, à frequência ou às datas dos débitos ser-lhe-ão comunicadas com pelo menos 30 dias de antecedência (10 dias se o banco de ${c.name} o aceitar). Um débito reapresentado no prazo de 5 dias úteis após ter sido devolvido não exige novo aviso, e um débito feito a seu pedido pode ser comunicado no próprio dia.`,
      `Se não recebeu o aviso, ou se um débito não corresponder ao aviso, pode pedir ao seu banco que o estorne no prazo de 120 dias após o débito. Se não autorizou um débito, pode pedir o estorno no prazo de 9 meses após o primeiro débito. Para questões ou litígios, contacte ${c.contact}.`,
      `Pode revogar esta autorização a qualquer momento, avisando o seu banco por escrito; informe também ${c.name}. O seu banco também pode pôr termo a esta autorização mediante aviso escrito.`,
    ],
    agreement: `Ao confirmar, concede ao seu banco esta autorização de débito direto para os débitos iniciados por ${c.name}.`,
  }),
  autogiro: (c) => ({
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
  betalingsservice: (c) => ({
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
};
