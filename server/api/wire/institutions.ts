import { z } from 'zod';
import { institutionIconPath, type Institution } from '../../domain/schemes/institutions';
import { CURRENCIES } from '../../domain/shared/money';

/** Per-currency amount limits in minor units, or null when the bank states none. */
const limitWire = z.partialRecord(z.enum(CURRENCIES), z.number().int()).nullable();

/** A bank a payer can choose (public API `institutions`). */
export const institutionWire = z.strictObject({
  id: z.string(),
  name: z.string(),
  icon_url: z.string(),
  logo_url: z.string(),
  roles: z.array(z.string()),
  status: z.enum(['enabled', 'disabled', 'temporarily_disabled']),
  country_code: z.string(),
  autocompletes_collect_bank_account: z.boolean(),
  limits: z.strictObject({ single: limitWire, daily: limitWire }).nullable(),
});

export function serializeInstitution(institution: Institution, publicUrl: string): z.output<typeof institutionWire> {
  const icon = `${publicUrl}${institutionIconPath(institution)}`;
  return {
    id: institution.id,
    name: institution.name,
    icon_url: icon,
    logo_url: icon,
    roles: [...institution.roles],
    status: institution.status,
    country_code: institution.country_code,
    autocompletes_collect_bank_account: institution.autocompletes_collect_bank_account,
    limits: institution.limits,
  };
}
