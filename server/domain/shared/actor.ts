import type { EventOrigin, EventSource } from '../events/types';

/**
 * Who is acting: every use case takes one. It scopes all queries to one organisation and says
 * what the events it writes should name as their origin and source.
 */
export interface Actor {
  organisationId: string;
  origin: EventOrigin;
  source: EventSource;
}
