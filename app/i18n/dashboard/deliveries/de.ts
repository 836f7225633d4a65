import type { enDeliveries } from './en';

export const deDeliveries: Record<keyof typeof enDeliveries, string> = {
  'deliveries.title': 'Zustellungen',
  'deliveries.none': 'An diesen Endpunkt wurde noch nichts gesendet.',
  'deliveries.delivery_title': 'Webhook-Zustellung {id}',
  'deliveries.endpoint': 'Endpunkt',
  'deliveries.retry_of': 'Wiederholung von',
  'deliveries.next_attempt': 'Nächster Versuch',
  'deliveries.event_count': 'Ereignisse',
  'deliveries.test': 'Testzustellung',
  'deliveries.request': 'Anfrage',
  'deliveries.headers': 'Header',
  'deliveries.body': 'Inhalt',
  'deliveries.headers_later': 'Die Header werden beim ersten Senden gespeichert.',
  'deliveries.response': 'Letzte Antwort',
  'deliveries.no_response': 'Es ist keine Antwort eingegangen.',
  'deliveries.response_code': 'Statuscode',
  'deliveries.body_truncated': 'Nur der Anfang des Inhalts wurde gespeichert.',
  'deliveries.headers_truncated': 'Nicht alle Header wurden gespeichert.',
  'deliveries.attempts': 'Versuche',
  'deliveries.attempt': 'Versuch',
  'deliveries.attempted_at': 'Zeit',
  'deliveries.outcome': 'Ergebnis',
  'deliveries.outcome_ok': 'Angenommen',
  'deliveries.outcome_failed': 'Fehlgeschlagen',
  'deliveries.code_or_error': 'Statuscode oder Fehler',
  'deliveries.duration': 'Dauer (ms)',
  'deliveries.no_attempts': 'Sie wurde noch nicht gesendet.',
  'deliveries.more_attempts': '{count} Versuche insgesamt: Die letzten {shown} sind aufgeführt.',
  'deliveries.events': 'Ereignisse in dieser Zustellung',
  'deliveries.test_event': 'ein Testereignis, nicht gespeichert',
  'deliveries.retry': 'Diese Zustellung wiederholen',
  'deliveries.retry_needs_enabled':
    'Der Endpunkt ist deaktiviert: Aktivieren Sie ihn, um diese Zustellung zu wiederholen.',
  'deliveries.confirm_title': 'Zustellung {id} wiederholen',
  'deliveries.confirm_body':
    'Ihre {count} Ereignisse werden als neue Zustellung mit einem neuen Idempotenzschlüssel erneut an {url} gesendet. Diese Zustellung behält ihren eigenen Verlauf.',
  'deliveries.confirm_submit': 'Ja, wiederholen',
  'deliveries.done_retry':
    'Diese neue Zustellung sendet die Ereignisse von {id} erneut. Sie geht in wenigen Sekunden hinaus.',
  'deliveries.refused_disabled':
    'Der Endpunkt ist deaktiviert, die Wiederholung würde also nie gesendet. Aktivieren Sie ihn zuerst.',
  'deliveries.refused_not_attempted':
    'Diese Zustellung wurde noch nicht gesendet: Sie ist unterwegs, es gibt also nichts zu wiederholen.',
  'deliveries.nothing_changed': 'Es wurde nichts geändert.',
  'deliveries.back': 'Zurück zum Endpunkt',
};
