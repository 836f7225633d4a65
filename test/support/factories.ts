import type { Services } from '../../server/container';
import type { Actor } from '../../server/domain/shared/actor';
import type { ApiClient } from './client';

export interface Merchant {
  organisationId: string;
  creditorId: string;
  token: string;
  readOnlyToken: string;
  tokenId: string;
  /** Client using the read_write token. */
  api: ApiClient;
  /** Client using the read_only token. */
  readOnly: ApiClient;
  actor: Actor;
}

let counter = 0;

export async function createMerchant(services: Services, anonymous: ApiClient, name?: string): Promise<Merchant> {
  const organisation = await services.access.createOrganisation(name ?? `Merchant ${++counter}`);
  const creditor = await services.access.createCreditor(organisation.id, { name: `${organisation.name} Ltd` });
  const rw = await services.access.createToken(organisation.id, 'read_write', 'test read_write');
  const ro = await services.access.createToken(organisation.id, 'read_only', 'test read_only');
  return {
    organisationId: organisation.id,
    creditorId: creditor.id,
    token: rw.value,
    readOnlyToken: ro.value,
    tokenId: rw.token.id,
    api: anonymous.withToken(rw.value),
    readOnly: anonymous.withToken(ro.value),
    actor: {
      organisationId: organisation.id,
      origin: 'api',
      source: { type: 'access_token', name: 'test read_write' },
    },
  };
}
