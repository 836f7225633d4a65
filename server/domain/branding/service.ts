import type { Queryable } from '../../db/db';
import { setCreditorLogoUrl } from '../creditors/queries';
import type { CreditorService } from '../creditors/service';
import { idempotentCreate } from '../idempotency/service';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError } from '../shared/errors';
import { createRecentCache } from '../shared/recent-cache';
import { contrastFailures, headerTextFor, type ThemeColour } from './contrast';
import { prepareLogo } from './logo';
import { findLogoFile, findLogoOfCreditor, replaceLogo, type LogoRow, type LogoSummary } from './logo-queries';
import { findTheme, findThemeOfCreditor, replaceTheme, type PayerThemeRow } from './theme-queries';

export interface LogoInput {
  image: string;
  links?: { creditor?: string | null } | null;
}

export type ThemeInput = Partial<Record<ThemeColour, string | null>> & {
  links?: { creditor?: string | null } | null;
};

/** What a payer page needs to show a creditor's branding: file URLs (cacheable by id) and the logo's size. */
export interface CreditorBranding {
  logo?: { url: string; width: number; height: number };
  themeUrl?: string;
}

const EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/svg+xml': 'svg' } as const;

/** The public paths of the files, keyed by id: a new upload is a new id, so each can be cached for good. */
export const logoPath = (logo: Pick<LogoSummary, 'id' | 'content_type'>) =>
  `/branding/logos/${logo.id}.${EXTENSIONS[logo.content_type]}`;
export const themePath = (theme: Pick<PayerThemeRow, 'id'>) => `/branding/payer_themes/${theme.id}.css`;

/**
 * The stylesheet a theme becomes. Only in the light scheme: the colours were checked against the
 * light page, and the dark scheme keeps the pages' own colours (decision 0033).
 */
export function themeStylesheet(theme: PayerThemeRow): string {
  const variables = [
    theme.button_background_colour && `--button-bg:${theme.button_background_colour}`,
    theme.link_text_colour && `--link:${theme.link_text_colour}`,
    theme.content_box_border_colour && `--box-border:${theme.content_box_border_colour}`,
    theme.header_background_colour && `--header-bg:${theme.header_background_colour}`,
    theme.header_background_colour && `--header-fg:${headerTextFor(theme.header_background_colour)}`,
  ].filter(Boolean);
  return `@media (prefers-color-scheme: light){:root{${variables.join(';')}}}\n`;
}

/**
 * Branding: a creditor's logo and payer theme (public API `logos`, `payer_themes`), shown on its
 * payer pages. One of each per creditor; a new one replaces the old.
 */
export function createBrandingService(ctx: DomainContext, deps: { creditors: Pick<CreditorService, 'resolve'> }) {
  async function brandingOf(db: Queryable, creditorId: string): Promise<CreditorBranding> {
    // One after the other: a unit of work's connection runs one statement at a time anyway.
    const logo = await findLogoOfCreditor(db, creditorId);
    const theme = await findThemeOfCreditor(db, creditorId);
    return {
      logo: logo && { url: logoPath(logo), width: logo.width, height: logo.height },
      themeUrl: theme && themePath(theme),
    };
  }
  const recent = createRecentCache<CreditorBranding>(ctx.recentReadTtlMs);

  return {
    async createLogo(
      tx: Queryable,
      actor: Actor,
      input: LogoInput,
      options: { idempotencyKey?: string } = {},
    ): Promise<LogoSummary> {
      const creditor = await deps.creditors.resolve(tx, actor, input.links?.creditor);
      const logo = prepareLogo(input.image);
      return idempotentCreate(tx, ctx.clock, actor, options.idempotencyKey, async () => {
        const now = ctx.clock.now();
        recent.forget(creditor.id);
        const row = await replaceLogo(tx, {
          id: ctx.ids('logo'),
          organisation_id: actor.organisationId,
          creditor_id: creditor.id,
          content_type: logo.type,
          image: logo.image,
          width: logo.width,
          height: logo.height,
          created_at: now,
        });
        await setCreditorLogoUrl(tx, creditor.id, `${ctx.publicUrl}${logoPath(row)}`, now);
        return row;
      });
    },

    async createTheme(
      tx: Queryable,
      actor: Actor,
      input: ThemeInput,
      options: { idempotencyKey?: string } = {},
    ): Promise<PayerThemeRow> {
      const creditor = await deps.creditors.resolve(tx, actor, input.links?.creditor);
      const colours = {
        button_background_colour: input.button_background_colour?.toLowerCase() ?? null,
        content_box_border_colour: input.content_box_border_colour?.toLowerCase() ?? null,
        header_background_colour: input.header_background_colour?.toLowerCase() ?? null,
        link_text_colour: input.link_text_colour?.toLowerCase() ?? null,
      };
      const failures = contrastFailures(colours);
      if (failures.length) {
        throw new DomainError('insufficient_colour_contrast', {
          fields: failures.map((f) => {
            const metadata = {
              against: f.against,
              against_colour: f.againstColour,
              ratio: f.ratio,
              required: f.required,
            };
            return { field: f.field, code: 'insufficient_colour_contrast', params: metadata, metadata };
          }),
        });
      }
      return idempotentCreate(tx, ctx.clock, actor, options.idempotencyKey, () => {
        recent.forget(creditor.id);
        return replaceTheme(tx, {
          id: ctx.ids('payerTheme'),
          organisation_id: actor.organisationId,
          creditor_id: creditor.id,
          ...colours,
          created_at: ctx.clock.now(),
        });
      });
    },

    /** The logo file for its public URL; undefined once replaced (its id is gone). */
    logoFile: (db: Queryable, id: string): Promise<LogoRow | undefined> => findLogoFile(db, id),

    async themeFile(db: Queryable, id: string): Promise<string | undefined> {
      const theme = await findTheme(db, id);
      return theme && themeStylesheet(theme);
    },

    /** A creditor's current theme colours (the dashboard's settings form shows them). */
    themeOfCreditor: (db: Queryable, creditorId: string) => findThemeOfCreditor(db, creditorId),

    brandingOf,

    /**
     * The branding every payer page's header shows: read at most once a second per process
     * (shared/recent-cache.ts); a new logo or theme made here is shown at once.
     */
    brandingOfRecent: async (db: Queryable, creditorId: string): Promise<CreditorBranding> =>
      (await recent.through(creditorId, () => brandingOf(db, creditorId)))!,
  };
}
