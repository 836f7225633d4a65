import type { enTemplates } from './en';

export const deTemplates: Record<keyof typeof enTemplates, string> = {
  'links.one_off': 'Ein Link für eine Zahlung',
  'links.reusable': 'Ein wiederverwendbarer Link',
  'templates.intro':
    'Ein wiederverwendbarer Link bleibt für alle Zahler gleich: Jeder, der ihn öffnet, erhält eine eigene Zahlung. Stellen Sie ihn auf Ihre Website oder drucken Sie seinen QR-Code.',
  'templates.title': 'Wiederverwendbare Links',
  'templates.list_link': 'Ihre wiederverwendbaren Links ansehen',
  'templates.create': 'Wiederverwendbaren Link erstellen',
  'templates.new_title': 'Neuer wiederverwendbarer Link',
  'templates.edit_title': 'Wiederverwendbaren Link ändern',
  'templates.page_title': 'Wiederverwendbarer Link',
  'templates.admins_only': 'Nur Administratoren können wiederverwendbare Links erstellen oder ändern.',
  'templates.name_hint': 'Nur Sie sehen ihn, in dieser Liste.',
  'templates.mandate_scheme': 'Lastschriftmandat',
  'templates.mandate_scheme_hint':
    'Wählen Sie ein Verfahren, damit jeder Zahler damit auch ein Mandat für spätere Zahlungen erteilt.',
  'templates.no_mandate': 'Keines: nur die Zahlung',
  'templates.save': 'Änderungen speichern',
  'templates.none': 'Es gibt noch keine wiederverwendbaren Links.',
  'templates.requests': 'Über diesen Link erstellte Zahlungsanforderungen',
  'templates.no_requests': 'Noch kein Zahler hat diesen Link verwendet.',
  'templates.payer': 'Zahler',
  'templates.billing_request': 'Zahlungsanforderung',
  'templates.edit': 'Diesen Link ändern',
  'templates.back': 'Alle wiederverwendbaren Links',
  'templates.done.created': 'Wiederverwendbarer Link erstellt. Teilen Sie den Link oder seinen QR-Code.',
  'templates.done.saved': 'Änderungen gespeichert. Bereits erstellte Zahlungsanforderungen behalten ihre Angaben.',
  'templates.text_invalid': 'Entfernen Sie das Zeichen, das nicht gespeichert werden kann.',
  'templates.scheme_invalid': 'Wählen Sie ein Verfahren aus der Liste.',
  'templates.scheme_needs_limits':
    'Dieses Verfahren braucht Zahlungslimits, die nur die API festlegen kann. Wählen Sie ein anderes Verfahren.',
  'templates.currency_not_taken': 'Zahlungen per Bank sind nur in {values} möglich.',
};
