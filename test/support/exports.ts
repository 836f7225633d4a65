import { expect } from 'vitest';
import type { BuiltExportType } from '../../server/domain/exports/types';
import { createExportWorker } from '../../server/jobs/exports';
import { createLogger } from '../../server/logger';
import type { Merchant } from './factories';
import type { TestServer } from './server';

/** Exports (decisions 0037, 0040): ask for one as the operator, build it, download and read its CSV. */

export const EVER = { from: new Date('2020-01-01T00:00:00Z'), to: new Date('2100-01-01T00:00:00Z') };

/** RFC 4180: quoted cells may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && ch === '"') quoted = false;
    else if (quoted) cell += ch;
    else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  expect(cell, 'the file ends with a line break').toBe('');
  return rows;
}

export interface ExportFile {
  header: string[];
  rows: Record<string, string>[];
  text: string;
}

/**
 * Asks for an export of `exportType` for the merchant, runs the export worker, reads the export
 * through `GET /exports/{id}` and downloads its CSV through the sealed link.
 */
export async function exportOf(
  server: TestServer,
  merchant: Merchant,
  exportType: BuiltExportType,
  options: { currency?: string; pageSize?: number; from?: Date; to?: Date } = {},
): Promise<ExportFile> {
  const row = await server.services.db.transaction((tx) =>
    server.services.exports.create(tx, merchant.organisationId, {
      exportType,
      currency: options.currency ?? 'GBP',
      from: options.from ?? EVER.from,
      to: options.to ?? EVER.to,
    }),
  );
  // A small page size makes a page end inside a payout or an account, and the next resume there.
  const worker = options.pageSize
    ? createExportWorker({
        db: server.services.db,
        logger: createLogger('silent'),
        services: server.services,
        pageSize: options.pageSize,
      })
    : server.exportWorker;
  await worker.runDue();
  const res = await merchant.api.get(`/exports/${row.id}`);
  expect(res.status, res.text).toBe(200);
  expect(res.body.exports.error_message, exportType).toBeNull();
  const url: string = res.body.exports.download_url;
  expect(url, exportType).toMatch(/\/exports\/files\//);
  const file = await merchant.api.request('GET', new URL(url).pathname, undefined, {
    token: null,
    headers: { accept: '*/*' },
  });
  expect(file.status, file.text).toBe(200);
  const [header, ...cells] = parseCsv(file.text);
  const rows = cells.map((line) => Object.fromEntries(header!.map((name, i) => [name, line[i]!])));
  return { header: header!, rows, text: file.text };
}

export const sumOf = (rows: Record<string, string>[], column = 'amount') =>
  rows.reduce((sum, row) => sum + Number(row[column]), 0);
