import type { enTemplates } from './en';

export const esTemplates: Record<keyof typeof enTemplates, string> = {
  'links.one_off': 'Un enlace para un solo pago',
  'links.reusable': 'Un enlace reutilizable',
  'templates.intro':
    'Un enlace reutilizable es el mismo para todos los pagadores: cada uno que lo abre obtiene su propio pago. Póngalo en su sitio web o imprima su código QR.',
  'templates.title': 'Enlaces reutilizables',
  'templates.list_link': 'Ver sus enlaces reutilizables',
  'templates.create': 'Crear un enlace reutilizable',
  'templates.new_title': 'Nuevo enlace reutilizable',
  'templates.edit_title': 'Cambiar enlace reutilizable',
  'templates.page_title': 'Enlace reutilizable',
  'templates.admins_only': 'Solo los administradores pueden crear o cambiar enlaces reutilizables.',
  'templates.name_hint': 'Solo usted lo ve, en esta lista.',
  'templates.mandate_scheme': 'Mandato de domiciliación',
  'templates.mandate_scheme_hint':
    'Elija un esquema para que cada pagador también firme un mandato con él, para pagos posteriores.',
  'templates.no_mandate': 'Ninguno: solo el pago',
  'templates.save': 'Guardar cambios',
  'templates.none': 'Todavía no hay enlaces reutilizables.',
  'templates.requests': 'Solicitudes de cobro hechas con este enlace',
  'templates.no_requests': 'Ningún pagador ha usado este enlace todavía.',
  'templates.payer': 'Pagador',
  'templates.billing_request': 'Solicitud de cobro',
  'templates.edit': 'Cambiar este enlace',
  'templates.back': 'Todos los enlaces reutilizables',
  'templates.done.created': 'Enlace reutilizable creado. Comparta el enlace o su código QR.',
  'templates.done.saved': 'Cambios guardados. Las solicitudes de cobro ya hechas conservan lo que tenían.',
  'templates.text_invalid': 'Quite el carácter que no se puede guardar.',
  'templates.scheme_invalid': 'Elija un esquema de la lista.',
  'templates.scheme_needs_limits':
    'Este esquema necesita límites de pago, que solo la API puede fijar. Elija otro esquema.',
  'templates.currency_not_taken': 'Los pagos por banco solo se aceptan en {values}.',
};
