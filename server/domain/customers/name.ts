import type { CustomerRow } from './types';

/** How a payer is named to themselves and their bank: the company, else given and family names ('' when none is known yet). */
export function payerName(customer: Pick<CustomerRow, 'company_name' | 'given_name' | 'family_name'>): string {
  return customer.company_name ?? [customer.given_name, customer.family_name].filter(Boolean).join(' ');
}
