import type { enDeliveries } from './en';

export const svDeliveries: Record<keyof typeof enDeliveries, string> = {
  'deliveries.title': 'Leveranser',
  'deliveries.none': 'Inget har skickats till den här slutpunkten ännu.',
  'deliveries.delivery_title': 'Webhook-leverans {id}',
  'deliveries.endpoint': 'Slutpunkt',
  'deliveries.retry_of': 'Nytt försök av',
  'deliveries.next_attempt': 'Nästa försök',
  'deliveries.event_count': 'Händelser',
  'deliveries.test': 'Testleverans',
  'deliveries.request': 'Begäran',
  'deliveries.headers': 'Rubriker',
  'deliveries.body': 'Innehåll',
  'deliveries.headers_later': 'Rubrikerna registreras när den skickas första gången.',
  'deliveries.response': 'Senaste svar',
  'deliveries.no_response': 'Inget svar har tagits emot.',
  'deliveries.response_code': 'Statuskod',
  'deliveries.body_truncated': 'Bara början av innehållet sparades.',
  'deliveries.headers_truncated': 'Alla rubriker sparades inte.',
  'deliveries.attempts': 'Försök',
  'deliveries.attempt': 'Försök nr',
  'deliveries.attempted_at': 'Tid',
  'deliveries.outcome': 'Resultat',
  'deliveries.outcome_ok': 'Mottagen',
  'deliveries.outcome_failed': 'Misslyckad',
  'deliveries.code_or_error': 'Statuskod eller fel',
  'deliveries.duration': 'Varaktighet (ms)',
  'deliveries.no_attempts': 'Den har inte skickats ännu.',
  'deliveries.more_attempts': '{count} försök totalt: de senaste {shown} visas.',
  'deliveries.events': 'Händelser i den här leveransen',
  'deliveries.test_event': 'en testhändelse, inte registrerad',
  'deliveries.retry': 'Försök med den här leveransen igen',
  'deliveries.retry_needs_enabled':
    'Slutpunkten är inaktiverad: aktivera den för att försöka med den här leveransen igen.',
  'deliveries.confirm_title': 'Försök med leverans {id} igen',
  'deliveries.confirm_body':
    'Dess {count} händelser skickas igen till {url} som en ny leverans, med en ny idempotensnyckel. Den här leveransen behåller sin egen historik.',
  'deliveries.confirm_submit': 'Ja, försök igen',
  'deliveries.done_retry':
    'Den här nya leveransen skickar händelserna från {id} igen. Den skickas inom några sekunder.',
  'deliveries.refused_disabled':
    'Slutpunkten är inaktiverad, så det nya försöket skulle aldrig skickas. Aktivera den först.',
  'deliveries.refused_not_attempted':
    'Den här leveransen har inte skickats ännu: den är på väg, så det finns inget att försöka igen.',
  'deliveries.nothing_changed': 'Inget ändrades.',
  'deliveries.back': 'Tillbaka till slutpunkten',
};
