import type { AppLoadContext } from '@remix-run/node';
import type { DashboardUserRow } from '../../server/domain/dashboard-users/service';
import type { ThemeInput } from '../../server/domain/branding/service';
import type { CreditorUpdate } from '../../server/domain/creditors/types';
import type { CustomerNotificationType } from '../../server/domain/notifications/types';
import { actorOf } from './dashboard-services';
import { inUnitOfWork as write } from './unit-of-work';

/**
 * The settings page's calls (split from dashboard-services.ts, which holds every other page's):
 * the creditor's payer page branding and contact, through the same services as the API's
 * `PUT /creditors`, `/branding/logos` and `/branding/payer_themes`; the operator's live approvals,
 * read only; the payer notices a merchant sends itself.
 */
type Context = AppLoadContext;

/** The organisation's creditors (a settings page shows one at a time) and its live approvals. */
export async function settingsOf(c: Context, u: DashboardUserRow) {
  const { db, creditors, access } = c.services;
  const page = await creditors.list(db, actorOf(u), {}, { limit: 50 });
  return { creditors: page.items, organisation: await access.findOrganisation(db, u.organisation_id) };
}

/** A creditor's logo (its public file) and theme colours. */
export async function brandingOfCreditor(c: Context, creditorId: string) {
  const { db, branding } = c.services;
  return {
    logo: (await branding.brandingOf(db, creditorId)).logo,
    theme: await branding.themeOfCreditor(db, creditorId),
  };
}

export const updateCreditorDetails = (c: Context, u: DashboardUserRow, id: string, change: CreditorUpdate) =>
  write(c, (tx) => c.services.creditors.update(tx, actorOf(u), id, change));

export const setCreditorLogo = (c: Context, u: DashboardUserRow, creditor: string, image: string) =>
  write(c, (tx) => c.services.branding.createLogo(tx, actorOf(u), { image, links: { creditor } }));

export const setCreditorTheme = (c: Context, u: DashboardUserRow, creditor: string, colours: ThemeInput) =>
  write(c, (tx) => c.services.branding.createTheme(tx, actorOf(u), { ...colours, links: { creditor } }));

/** The payer notice types a creditor's merchant sends itself (decision 0038). */
export const noticeTakeoversOf = (c: Context, u: DashboardUserRow, creditor: string) =>
  c.services.notifications.takeoversOf(c.services.db, actorOf(u), creditor);

export const setNoticeTakeovers = (
  c: Context,
  u: DashboardUserRow,
  creditor: string,
  types: CustomerNotificationType[],
) => write(c, (tx) => c.services.notifications.setTakeovers(tx, actorOf(u), creditor, types));
