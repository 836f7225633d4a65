/**
 * The dashboard's words for reusable payment links (billing request templates): their list, form
 * and page (English; the other languages beside it, spread into each language's catalogue).
 */
export const enTemplates = {
  'links.one_off': 'A link for one payment',
  'links.reusable': 'A reusable link',
  'templates.intro':
    'A reusable link stays the same for every payer: each one who opens it gets a payment of their own. Put it on your website or print its QR code.',
  'templates.title': 'Reusable links',
  'templates.list_link': 'See your reusable links',
  'templates.create': 'Create a reusable link',
  'templates.new_title': 'New reusable link',
  'templates.edit_title': 'Change reusable link',
  'templates.page_title': 'Reusable link',
  'templates.admins_only': 'Only admins can create or change reusable links.',
  'templates.name_hint': 'Only you see it, in this list.',
  'templates.mandate_scheme': 'Direct Debit mandate',
  'templates.mandate_scheme_hint':
    'Choose a scheme to have each payer also set up a mandate with it, for later payments.',
  'templates.no_mandate': 'None: the payment only',
  'templates.save': 'Save changes',
  'templates.none': 'There are no reusable links yet.',
  'templates.requests': 'Billing requests made through this link',
  'templates.no_requests': 'No payer has used this link yet.',
  'templates.payer': 'Payer',
  'templates.billing_request': 'Billing request',
  'templates.edit': 'Change this link',
  'templates.back': 'All reusable links',
  'templates.done.created': 'Reusable link created. Share the link or its QR code.',
  'templates.done.saved': 'Changes saved. Billing requests already made keep what they had.',
  'templates.text_invalid': 'Remove the character that cannot be saved.',
  'templates.scheme_invalid': 'Choose a scheme from the list.',
  'templates.scheme_needs_limits':
    'This scheme needs payment limits, which only the API can set. Choose another scheme.',
  'templates.currency_not_taken': 'Payments by bank are taken in {values} only.',
};
