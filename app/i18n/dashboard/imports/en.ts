/**
 * The dashboard's words for the page where a person authorises an outbound payment import
 * (English; the other languages beside it, spread into each language's catalogue).
 */
export const enImports = {
  'imports.title': 'Outbound payment import {id}',
  'imports.intro':
    'Each payment below is sent from your payment account by Faster Payments once you authorise the import. Your balance is checked as each one is made: one it cannot cover is not sent, and the others still are.',
  'imports.sum': 'Total to send',
  'imports.counts': '{valid} of {total} entries are valid',
  'imports.processed_counts': '{processed} payments made, {failed} could not be made',
  'imports.entries': 'Payments in this import',
  'imports.recipient': 'Recipient account',
  'imports.problem': 'Problem',
  'imports.payment': 'Outbound payment',
  'imports.authorise': 'Authorise these payments',
  'imports.authorise_hint': 'You are authorising {count} payments, {sum} in total.',
  'imports.cancel': 'Cancel this import',
  'imports.not_valid':
    'This import has entries that are not valid, so it cannot be authorised. Correct them and send a new import.',
  'imports.done.authorise': 'Import authorised: its payments are being made.',
  'imports.done.cancel': 'Import cancelled: no payments will be made from it.',
  'imports.bad_intent': 'Choose authorise or cancel.',
};
