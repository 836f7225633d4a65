import type { enImports } from './en';

export const esImports: Record<keyof typeof enImports, string> = {
  'imports.title': 'Importación de pagos salientes {id}',
  'imports.intro':
    'Cada pago de abajo se envía desde su cuenta de pagos por Faster Payments en cuanto autorice la importación. Su saldo se comprueba con cada pago: el que no cubra no se envía y los demás sí.',
  'imports.sum': 'Total a enviar',
  'imports.counts': '{valid} de {total} entradas son válidas',
  'imports.processed_counts': '{processed} pagos realizados, {failed} no se pudieron realizar',
  'imports.entries': 'Pagos de esta importación',
  'imports.recipient': 'Cuenta del destinatario',
  'imports.problem': 'Problema',
  'imports.payment': 'Pago saliente',
  'imports.authorise': 'Autorizar estos pagos',
  'imports.authorise_hint': 'Está autorizando {count} pagos, {sum} en total.',
  'imports.cancel': 'Cancelar esta importación',
  'imports.not_valid':
    'Esta importación tiene entradas no válidas, así que no se puede autorizar. Corríjalas y envíe una nueva importación.',
  'imports.done.authorise': 'Importación autorizada: se están realizando sus pagos.',
  'imports.done.cancel': 'Importación cancelada: no se realizará ningún pago.',
  'imports.bad_intent': 'Elija autorizar o cancelar.',
};
