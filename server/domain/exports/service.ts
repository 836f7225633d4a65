import { hkdfSync } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import type { Queryable } from '../../db/db';
import { findOrganisation } from '../access/queries';
import { organisationNow } from '../sandbox-clock/clock';
import type { Actor } from '../shared/actor';
import { realNow } from '../shared/clock';
import type { DomainContext } from '../shared/context';
import { notFound, validationFailed } from '../shared/errors';
import type { Page, PageRequest } from '../shared/pagination';
import { applyMove } from '../shared/state-machine';
import {
  appendExportPart,
  claimUnfinishedExport,
  deleteExportParts,
  findExport,
  findExportById,
  insertExport,
  listExports,
  readExportParts,
} from './queries';
import { EXPORT_MACHINE } from './state';
import { isBuiltExportType, type BuiltExportType, type ExportRow } from './types';

/** How long a `download_url` works: long enough to download, too short to be worth sharing. */
export const EXPORT_LINK_LIFETIME_MS = 60 * 60_000;

export interface CreateExport {
  exportType: BuiltExportType;
  currency: string;
  from: Date;
  to: Date;
}

/** One page of an export's CSV, from its source, after the build cursor. */
export interface ExportPage {
  csv: string;
  /** The last source row written, for the next page to start after; null when the page was empty. */
  last: string | null;
  done: boolean;
}

/** What builds an export's CSV: the header once, then pages after a cursor (the worker supplies it). */
export interface ExportSource {
  header(row: ExportRow): string;
  page(db: Queryable, row: ExportRow, after: string | null): Promise<ExportPage>;
}

/** The worker acts for the service itself: the export's events name no token. */
const worker = (row: ExportRow): Actor => ({
  organisationId: row.organisation_id,
  origin: 'gocardless',
  source: { type: 'gc_team' },
});

/**
 * Exports (decision 0037): asked for by the operator, built in the background a page per short
 * transaction, downloaded through a sealed, expiring link (JWE, like mandate PDFs' links) that needs
 * no API token and reveals nothing to whoever sees it.
 */
export function createExportService(ctx: DomainContext, deps: { sealingSecret: string }) {
  const key = new Uint8Array(hkdfSync('sha256', deps.sealingSecret, 'export', 'bankflow export download links', 32));

  return {
    async create(tx: Queryable, organisationId: string, input: CreateExport): Promise<ExportRow> {
      // The type is checked at run time too: the dashboard or a script may pass any string.
      if (!isBuiltExportType(input.exportType)) throw validationFailed([{ field: 'export_type', code: 'invalid' }]);
      if (!(input.from < input.to)) throw validationFailed([{ field: 'to', code: 'invalid' }]);
      if (!/^[A-Z]{3}$/.test(input.currency)) throw validationFailed([{ field: 'currency', code: 'invalid' }]);
      const organisation = await findOrganisation(tx, organisationId);
      if (!organisation) throw notFound('organisations');
      // Asked for by the operator (the CLI), whose services are on real time: a sandbox
      // organisation's export is still made on its test clock, as its pages are (decision 0094).
      const now = ctx.environment === 'sandbox' ? organisationNow(organisation, realNow(ctx.clock)) : ctx.clock.now();
      return insertExport(tx, {
        id: ctx.ids('export'),
        organisation_id: organisationId,
        export_type: input.exportType,
        currency: input.currency,
        created_from: input.from,
        created_to: input.to,
        created_at: now,
      });
    },

    get: (db: Queryable, actor: Actor, id: string) => findExport(db, actor.organisationId, id),

    list: (db: Queryable, actor: Actor, page: PageRequest): Promise<Page<ExportRow>> =>
      listExports(db, actor.organisationId, page),

    /** The oldest unfinished export, locked in `tx` (another worker skips it), or undefined when none waits. */
    claimNext: (tx: Queryable): Promise<ExportRow | undefined> => claimUnfinishedExport(tx),

    /**
     * Builds one step of an export claimed in `tx` (`claimNext`): `started` with the header, or one
     * more page, or `completed` after the last. The worker calls it on the export's organisation's
     * services, so a sandbox organisation's test clock stamps its parts and events (decision 0094).
     */
    async buildClaimed(tx: Queryable, row: ExportRow, source: ExportSource): Promise<ExportRow> {
      const now = ctx.clock.now();
      if (row.status === 'pending') {
        const started = await applyMove(tx, ctx, EXPORT_MACHINE, row, 'start', { actor: worker(row) });
        return appendExportPart(tx, started, source.header(started), null, now);
      }
      const page = await source.page(tx, row, row.build_cursor);
      const written = page.last ? await appendExportPart(tx, row, page.csv, page.last, now) : row;
      if (!page.done) return written;
      return applyMove(tx, ctx, EXPORT_MACHINE, written, 'complete', {
        actor: worker(row),
        set: { completed_at: now },
      });
    },

    /** Marks an export failed (its partial file dropped), with the message the API shows. */
    async fail(tx: Queryable, id: string, message: string): Promise<ExportRow | undefined> {
      const row = await findExportById(tx, id, { lock: true });
      if (!row || (row.status !== 'pending' && row.status !== 'processing')) return row;
      await deleteExportParts(tx, id);
      return applyMove(tx, ctx, EXPORT_MACHINE, row, 'fail', {
        actor: worker(row),
        set: { error_message: message.slice(0, 500) },
      });
    },

    /**
     * The sealed link to a completed export's CSV, or null while it is not ready. Its lifetime is
     * real time, as `open` checks it (the download route knows no organisation): a link asked for
     * on a test clock years ahead must not work for years (decision 0094).
     */
    async downloadUrl(row: ExportRow): Promise<string | null> {
      if (row.status !== 'completed') return null;
      const now = realNow(ctx.clock).getTime();
      const token = await new EncryptJWT({ org: row.organisation_id, exp_id: row.id })
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setIssuedAt(Math.floor(now / 1000))
        .setExpirationTime(Math.floor((now + EXPORT_LINK_LIFETIME_MS) / 1000))
        .encrypt(key);
      return `${ctx.publicUrl}/exports/files/${token}`;
    },

    /** The completed export behind a link, or null when the link is expired, altered or not ours. */
    async open(db: Queryable, token: string): Promise<ExportRow | null> {
      let claims: Record<string, unknown>;
      try {
        ({ payload: claims } = await jwtDecrypt(token, key, { currentDate: realNow(ctx.clock) }));
      } catch {
        return null;
      }
      if (typeof claims.org !== 'string' || typeof claims.exp_id !== 'string') return null;
      const row = await findExportById(db, claims.exp_id);
      return row && row.organisation_id === claims.org && row.status === 'completed' ? row : null;
    },

    /** The export's CSV a few parts at a time: memory holds one batch of parts, never the file. */
    async *parts(db: Queryable, row: ExportRow, batch = 8): AsyncGenerator<string> {
      let after = -1;
      for (;;) {
        const parts = await readExportParts(db, row.id, after, batch);
        for (const part of parts) yield part.body;
        if (parts.length < batch) return;
        after = parts[parts.length - 1]!.seq;
      }
    },
  };
}
