import type { AppLoadContext } from '@remix-run/node';

/**
 * A sandbox organisation with a test clock is served on its own time, as its API requests are
 * (decision 0079, 0090): once a page knows whose it is, the rest of the request reads and writes
 * through the services built around that clock. True when the services were swapped just now.
 */
export async function onOrganisationTime(context: AppLoadContext, organisationId: string): Promise<boolean> {
  const own = await context.services.sandboxClocks.servicesForPage(context.services.db, organisationId);
  if (!own || own === context.services) return false;
  context.services = own;
  return true;
}
