import type { AppLoadContext as Context } from '@remix-run/node';
import { templateLink } from '../../server/api/wire/billing-request-templates';
import type { TemplateFields, TemplateRow } from '../../server/domain/billing-request-templates/types';
import type { DashboardUserRow } from '../../server/domain/dashboard-users/service';
import type { PageRequest } from '../../server/domain/shared/pagination';
import { actorOf } from './dashboard-services';
import { inUnitOfWork as write } from './unit-of-work';

// Reusable payment links (billing request templates): the dashboard's calls into the templates
// service, the same one `/billing_request_templates` uses, beside the other dashboard services.

export const listTemplates = (c: Context, u: DashboardUserRow, page: PageRequest) =>
  c.services.billingRequestTemplates.list(c.services.db, actorOf(u), {}, page);

/** The template, or `resource_not_found` when it is not the user's organisation's. */
export const getTemplate = (c: Context, u: DashboardUserRow, id: string) =>
  c.services.billingRequestTemplates.get(c.services.db, actorOf(u), id);

export const createTemplate = (c: Context, u: DashboardUserRow, fields: TemplateFields) =>
  write(c, (tx) => c.services.billingRequestTemplates.create(tx, actorOf(u), fields));

/**
 * The API's PUT: the template becomes exactly `replacement(current)`. The current template is read
 * locked in the same unit of work, so what the replacement keeps of it cannot have changed since.
 */
export const replaceTemplate = (
  c: Context,
  u: DashboardUserRow,
  id: string,
  replacement: (current: TemplateRow) => TemplateFields,
) =>
  write(c, async (tx) => {
    const templates = c.services.billingRequestTemplates;
    const current = await templates.get(tx, actorOf(u), id, { lock: true });
    return templates.update(tx, actorOf(u), id, replacement(current));
  });

/** The billing requests the template's link has made, newest first: a cursor on (organisation, template, id). */
export const requestsFromTemplate = (c: Context, u: DashboardUserRow, templateId: string, page: PageRequest) =>
  c.services.billingRequests.list(c.services.db, actorOf(u), { template: templateId }, page);

/** The template's permanent public link, its `authorisation_url` (its QR codes are at `/qr.png` and `/qr.svg`). */
export const linkOfTemplate = (c: Context, templateId: string) => templateLink(c.config.publicUrl, templateId);
