import type { Queryable } from '../../db/db';
import { json } from '../../db/sql';
import type { Environment } from '../shared/context';
import { DomainError } from '../shared/errors';
import { sftpColumns, type BankSftpInput, type BankSftpSettings } from '../bank-transport/settings';
import type { BankConnectionRow, BankOriginator } from './queries';

/**
 * Which bank a creditor's instructions in a scheme go to (decision 0081): the sandbox's simulated
 * bank, or the file bank (a file at the bank's cut-off, states moved by its reports). Only schemes
 * with a file writer wired can use the file bank; the others stay simulated (docs/live-banking.md).
 */
export type BankKind = 'simulated' | 'file';

export const FILE_BANK_SCHEMES = ['bacs', 'sepa_core', 'ach', 'becs'] as const;
export type FileBankScheme = (typeof FILE_BANK_SCHEMES)[number];
export const isFileBankScheme = (scheme: string): scheme is FileBankScheme =>
  (FILE_BANK_SCHEMES as readonly string[]).includes(scheme);

/**
 * Schemes whose file bank pays refunds back in the cut-off's file: Bacs `99` credits, SEPA a
 * pain.001 (decision 0091), ACH 22/32 credits, BECS `50` credits (decision 0096) — every file-bank scheme.
 */
export const REFUND_SCHEMES: readonly FileBankScheme[] = ['bacs', 'sepa_core', 'ach', 'becs'];

/** A bank's usual cut-off for the day's file, in the scheme calendar's zone, until the merchant sets its own. */
const DEFAULT_CUTOFF: Record<FileBankScheme, string> = {
  bacs: '20:00',
  sepa_core: '15:00',
  ach: '16:00',
  becs: '16:00',
};

/** What each scheme's file needs of the originator's own account. */
const ORIGINATOR_FIELDS: Record<FileBankScheme, (keyof BankOriginator)[]> = {
  bacs: ['sort_code', 'account_number'],
  sepa_core: ['iban'],
  ach: ['routing_number'],
  becs: ['bsb', 'account_number', 'bank_abbreviation'],
};

export interface BankConnection {
  scheme: string;
  kind: BankKind;
  cutoffTime: string;
  originator: BankOriginator | null;
  /** Host-to-host delivery (decision 0082); the private key is never part of it. */
  sftp: BankSftpSettings | null;
  /** False when no row was set: the mode's default (live → file, sandbox → simulated). */
  configured: boolean;
}

/** The mode's default when the creditor set nothing: live has no simulated bank. */
const defaultKind = (environment: Environment, scheme: string): BankKind =>
  environment === 'live' && isFileBankScheme(scheme) ? 'file' : 'simulated';

const toConnection = (scheme: string, row: BankConnectionRow | undefined, environment: Environment): BankConnection =>
  row
    ? {
        scheme,
        kind: row.kind,
        cutoffTime: row.cutoff_time,
        originator: row.originator,
        sftp: row.sftp_private_key_sealed ? row.sftp : null,
        configured: true,
      }
    : {
        scheme,
        kind: defaultKind(environment, scheme),
        cutoffTime: isFileBankScheme(scheme) ? DEFAULT_CUTOFF[scheme] : '00:00',
        originator: null,
        sftp: null,
        configured: false,
      };

export async function findBankConnection(
  db: Queryable,
  environment: Environment,
  creditorId: string,
  scheme: string,
): Promise<BankConnection> {
  const { rows } = await db.query<BankConnectionRow>(
    'SELECT * FROM bank_connections WHERE creditor_id = $1 AND scheme = $2',
    [creditorId, scheme],
  );
  return toConnection(scheme, rows[0], environment);
}

/** The bank a scheme clock move goes to: one primary-key read, skipped where no file bank exists. */
export async function bankKindFor(
  db: Queryable,
  environment: Environment,
  creditorId: string,
  scheme: string,
): Promise<BankKind> {
  if (!isFileBankScheme(scheme)) return 'simulated';
  return (await findBankConnection(db, environment, creditorId, scheme)).kind;
}

/** Every file-bank scheme's connection of a creditor, set or default. */
export async function listBankConnections(
  db: Queryable,
  environment: Environment,
  organisationId: string,
  creditorId: string,
): Promise<BankConnection[]> {
  const { rows } = await db.query<BankConnectionRow>(
    'SELECT * FROM bank_connections WHERE organisation_id = $1 AND creditor_id = $2',
    [organisationId, creditorId],
  );
  return FILE_BANK_SCHEMES.map((scheme) =>
    toConnection(
      scheme,
      rows.find((r) => r.scheme === scheme),
      environment,
    ),
  );
}

export interface BankConnectionInput {
  scheme: string;
  kind: BankKind;
  /** Omitted or null: kept as stored (the scheme's default cut-off at first). */
  cutoff_time?: string | null;
  /** Omitted: kept as stored; null: removed. */
  originator?: BankOriginator | null;
  /** Omitted: kept as stored (its key is write-only); null: removed. */
  sftp?: BankSftpInput | null;
}

const refused = (messageKey: string, params?: Record<string, string>) =>
  new DomainError('bank_connection_not_available', { messageKey, params });

/**
 * Sets one scheme's bank, changing what the body names and keeping the rest as stored (issue 37:
 * an update changes what it names and nothing else). Live never pretends: the simulated bank is
 * refused there. A file bank needs what its scheme's file names of the originator's account.
 */
export async function setBankConnection(
  tx: Queryable,
  sealingSecret: string,
  environment: Environment,
  now: Date,
  organisationId: string,
  creditorId: string,
  input: BankConnectionInput,
): Promise<BankConnection> {
  if (!isFileBankScheme(input.scheme)) throw refused('bank.no_file_bank', { scheme: input.scheme });
  if (input.kind === 'simulated' && environment === 'live') throw refused('bank.simulated_not_in_live');
  const { rows: stored } = await tx.query<BankConnectionRow>(
    `SELECT cutoff_time, originator, sftp, sftp_private_key_sealed FROM bank_connections
      WHERE creditor_id = $1 AND scheme = $2 FOR UPDATE`,
    [creditorId, input.scheme],
  );
  const originator =
    input.originator === undefined ? ((stored[0]?.originator as BankOriginator | null) ?? null) : input.originator;
  if (input.kind === 'file') {
    const missing = ORIGINATOR_FIELDS[input.scheme].filter((field) => !originator?.[field]);
    if (missing.length)
      throw refused('bank.originator_needed', {
        scheme: input.scheme,
        fields: missing.map((f) => `originator.${f}`).join(', '),
      });
  }
  const transport = await sftpColumns(sealingSecret, input.kind, input.sftp, stored[0]);
  const { rows } = await tx.query<BankConnectionRow>(
    `INSERT INTO bank_connections (organisation_id, creditor_id, scheme, kind, cutoff_time, originator, sftp,
       sftp_private_key_sealed, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $8, $9, $7, $7)
     ON CONFLICT (creditor_id, scheme) DO UPDATE
       SET kind = EXCLUDED.kind, cutoff_time = EXCLUDED.cutoff_time, originator = EXCLUDED.originator,
           sftp = EXCLUDED.sftp, sftp_private_key_sealed = EXCLUDED.sftp_private_key_sealed,
           updated_at = EXCLUDED.updated_at
     RETURNING *`,
    [
      organisationId,
      creditorId,
      input.scheme,
      input.kind,
      input.cutoff_time ?? stored[0]?.cutoff_time ?? DEFAULT_CUTOFF[input.scheme],
      originator && json(originator),
      now,
      transport.sftp && json(transport.sftp),
      transport.sftp_private_key_sealed,
    ],
  );
  return toConnection(input.scheme, rows[0], environment);
}
