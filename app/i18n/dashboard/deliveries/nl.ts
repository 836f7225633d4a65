import type { enDeliveries } from './en';

export const nlDeliveries: Record<keyof typeof enDeliveries, string> = {
  'deliveries.title': 'Leveringen',
  'deliveries.none': 'Er is nog niets naar dit eindpunt verzonden.',
  'deliveries.delivery_title': 'Webhook-levering {id}',
  'deliveries.endpoint': 'Eindpunt',
  'deliveries.retry_of': 'Nieuwe poging van',
  'deliveries.next_attempt': 'Volgende poging',
  'deliveries.event_count': 'Gebeurtenissen',
  'deliveries.test': 'Testlevering',
  'deliveries.request': 'Verzoek',
  'deliveries.headers': 'HTTP-headers',
  'deliveries.body': 'Inhoud',
  'deliveries.headers_later': 'De headers worden vastgelegd wanneer hij voor het eerst wordt verzonden.',
  'deliveries.response': 'Laatste antwoord',
  'deliveries.no_response': 'Er is geen antwoord ontvangen.',
  'deliveries.response_code': 'Statuscode',
  'deliveries.body_truncated': 'Alleen het begin van de inhoud is bewaard.',
  'deliveries.headers_truncated': 'Niet alle headers zijn bewaard.',
  'deliveries.attempts': 'Pogingen',
  'deliveries.attempt': 'Poging',
  'deliveries.attempted_at': 'Tijd',
  'deliveries.outcome': 'Resultaat',
  'deliveries.outcome_ok': 'Geaccepteerd',
  'deliveries.outcome_failed': 'Mislukt',
  'deliveries.code_or_error': 'Statuscode of fout',
  'deliveries.duration': 'Duur (ms)',
  'deliveries.no_attempts': 'Hij is nog niet verzonden.',
  'deliveries.more_attempts': '{count} pogingen in totaal: de laatste {shown} staan hier.',
  'deliveries.events': 'Gebeurtenissen in deze levering',
  'deliveries.test_event': 'een testgebeurtenis, niet vastgelegd',
  'deliveries.retry': 'Deze levering opnieuw proberen',
  'deliveries.retry_needs_enabled':
    'Het eindpunt is uitgeschakeld: schakel het in om deze levering opnieuw te proberen.',
  'deliveries.confirm_title': 'Levering {id} opnieuw proberen',
  'deliveries.confirm_body':
    'De {count} gebeurtenissen worden opnieuw naar {url} verzonden als een nieuwe levering, met een nieuwe idempotentiesleutel. Deze levering houdt haar eigen geschiedenis.',
  'deliveries.confirm_submit': 'Ja, opnieuw proberen',
  'deliveries.done_retry':
    'Deze nieuwe levering verzendt de gebeurtenissen van {id} opnieuw. Ze gaat binnen enkele seconden weg.',
  'deliveries.refused_disabled':
    'Het eindpunt is uitgeschakeld, dus de nieuwe poging zou nooit worden verzonden. Schakel het eerst in.',
  'deliveries.refused_not_attempted':
    'Deze levering is nog niet verzonden: ze is onderweg, dus er is niets opnieuw te proberen.',
  'deliveries.nothing_changed': 'Er is niets gewijzigd.',
  'deliveries.back': 'Terug naar het eindpunt',
};
