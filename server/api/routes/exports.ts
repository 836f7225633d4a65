import { z } from 'zod';
import { exportWire, serializeExport } from '../wire/exports';
import { cursorQuery, pageOf } from '../pagination';
import { defineRoute, listResult, ok } from '../route';

const common = { tag: 'Exports', resourceKey: 'exports', response: exportWire } as const;

/**
 * Exports (decision 0037): read here; asked for by the operator (`cli exports create`), as the
 * reference has no create endpoint. `download_url` is a sealed link that expires.
 */
export const exportRoutes = [
  defineRoute({
    ...common,
    method: 'GET',
    path: '/exports',
    operationId: 'listExports',
    summary: 'List exports',
    kind: 'list',
    status: 200,
    query: z.strictObject({ ...cursorQuery }),
    async handler({ services, tx, actor, query }) {
      const page = await services.exports.list(tx, actor, pageOf(query));
      const links = new Map<string, string | null>();
      for (const row of page.items) links.set(row.id, await services.exports.downloadUrl(row));
      return listResult('exports', page, (row) => serializeExport(row, links.get(row.id) ?? null));
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/exports/:id',
    operationId: 'getExport',
    summary: 'Get an export',
    kind: 'read',
    status: 200,
    async handler({ services, tx, actor, params }) {
      const row = await services.exports.get(tx, actor, params.id);
      return ok('exports', serializeExport(row, await services.exports.downloadUrl(row)));
    },
  }),
];
