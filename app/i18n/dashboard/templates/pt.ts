import type { enTemplates } from './en';

export const ptTemplates: Record<keyof typeof enTemplates, string> = {
  'links.one_off': 'Um link para um só pagamento',
  'links.reusable': 'Um link reutilizável',
  'templates.intro':
    'Um link reutilizável é o mesmo para todos os pagadores: cada um que o abre recebe um pagamento próprio. Coloque-o no seu site ou imprima o seu código QR.',
  'templates.title': 'Links reutilizáveis',
  'templates.list_link': 'Ver os seus links reutilizáveis',
  'templates.create': 'Criar um link reutilizável',
  'templates.new_title': 'Novo link reutilizável',
  'templates.edit_title': 'Alterar link reutilizável',
  'templates.page_title': 'Link reutilizável',
  'templates.admins_only': 'Só os administradores podem criar ou alterar links reutilizáveis.',
  'templates.name_hint': 'Só o senhor o vê, nesta lista.',
  'templates.mandate_scheme': 'Mandato de débito direto',
  'templates.mandate_scheme_hint':
    'Escolha um esquema para que cada pagador também crie um mandato com ele, para pagamentos futuros.',
  'templates.no_mandate': 'Nenhum: só o pagamento',
  'templates.save': 'Guardar alterações',
  'templates.none': 'Ainda não há links reutilizáveis.',
  'templates.requests': 'Pedidos de faturação feitos com este link',
  'templates.no_requests': 'Nenhum pagador usou este link ainda.',
  'templates.payer': 'Pagador',
  'templates.billing_request': 'Pedido de faturação',
  'templates.edit': 'Alterar este link',
  'templates.back': 'Todos os links reutilizáveis',
  'templates.done.created': 'Link reutilizável criado. Partilhe o link ou o seu código QR.',
  'templates.done.saved': 'Alterações guardadas. Os pedidos de faturação já feitos mantêm o que tinham.',
  'templates.text_invalid': 'Retire o carácter que não pode ser guardado.',
  'templates.scheme_invalid': 'Escolha um esquema da lista.',
  'templates.scheme_needs_limits':
    'Este esquema precisa de limites de pagamento, que só a API pode definir. Escolha outro esquema.',
  'templates.currency_not_taken': 'Os pagamentos por banco são feitos apenas em {values}.',
};
