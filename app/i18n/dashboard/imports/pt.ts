import type { enImports } from './en';

export const ptImports: Record<keyof typeof enImports, string> = {
  'imports.title': 'Importação de pagamentos de saída {id}',
  'imports.intro':
    'Cada pagamento abaixo é enviado da sua conta de pagamentos por Faster Payments assim que autorizar a importação. O saldo é verificado em cada pagamento: o que ele não cobrir não é enviado, os outros são.',
  'imports.sum': 'Total a enviar',
  'imports.counts': '{valid} de {total} entradas são válidas',
  'imports.processed_counts': '{processed} pagamentos feitos, {failed} não puderam ser feitos',
  'imports.entries': 'Pagamentos desta importação',
  'imports.recipient': 'Conta do destinatário',
  'imports.problem': 'Problema',
  'imports.payment': 'Pagamento de saída',
  'imports.authorise': 'Autorizar estes pagamentos',
  'imports.authorise_hint': 'Está a autorizar {count} pagamentos, {sum} no total.',
  'imports.cancel': 'Cancelar esta importação',
  'imports.not_valid':
    'Esta importação tem entradas inválidas, por isso não pode ser autorizada. Corrija-as e envie uma nova importação.',
  'imports.done.authorise': 'Importação autorizada: os pagamentos estão a ser feitos.',
  'imports.done.cancel': 'Importação cancelada: não será feito nenhum pagamento.',
  'imports.bad_intent': 'Escolha autorizar ou cancelar.',
};
