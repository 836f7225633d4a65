import { seal } from '../bank-account-details/seal';
import type { BankReportFormat } from '../bank-port/port';
import { DomainError, validationFailed } from '../shared/errors';

/**
 * A file bank's host-to-host settings (decision 0082), as `bank_connections.sftp` keeps them. The
 * client's private key is not here: it is sealed beside them and never leaves the server; what is
 * shown is its public half, for the merchant to give the bank.
 */
export interface BankSftpSettings {
  host: string;
  port: number;
  username: string;
  host_key_sha256: string;
  submissions_dir: string;
  reports_dir: string | null;
  report_format: BankReportFormat | null;
  client_key_sha256: string;
  client_public_key: string;
}

export interface BankSftpInput {
  host: string;
  port?: number | null;
  username: string;
  host_key_sha256: string;
  /** Write-only: given once (or to replace it), kept sealed. */
  private_key?: string | null;
  submissions_dir: string;
  reports_dir?: string | null;
  report_format?: BankReportFormat | null;
}

/**
 * The columns a connection's SFTP input sets. `undefined` keeps what is stored (a write-only key
 * cannot be sent back, so a PUT changing the cut-off must not drop it); `null` removes SFTP.
 */
export async function sftpColumns(
  sealingSecret: string,
  kind: string,
  input: BankSftpInput | null | undefined,
  stored: { sftp: BankSftpSettings | null; sftp_private_key_sealed: string | null } | undefined,
): Promise<{ sftp: BankSftpSettings | null; sftp_private_key_sealed: string | null }> {
  if (input === undefined)
    return { sftp: stored?.sftp ?? null, sftp_private_key_sealed: stored?.sftp_private_key_sealed ?? null };
  if (input === null) return { sftp: null, sftp_private_key_sealed: null };
  if (kind !== 'file')
    throw new DomainError('bank_connection_not_available', { messageKey: 'bank.sftp_needs_file_bank' });
  let sealed = stored?.sftp_private_key_sealed ?? null;
  let publicKey =
    stored?.sftp && sealed
      ? { fingerprint: stored.sftp.client_key_sha256, openssh: stored.sftp.client_public_key }
      : undefined;
  if (input.private_key) {
    // ssh2 loads only when a key is set (see service.ts).
    const { publicKeyOf } = await import('./sftp');
    publicKey = publicKeyOf(input.private_key);
    if (!publicKey) throw validationFailed([{ field: 'sftp.private_key', code: 'invalid_ssh_private_key' }]);
    sealed = seal(sealingSecret, input.private_key);
  }
  if (!publicKey || !sealed) throw validationFailed([{ field: 'sftp.private_key', code: 'required' }]);
  return {
    sftp: {
      host: input.host,
      port: input.port ?? 22,
      username: input.username,
      host_key_sha256: input.host_key_sha256,
      submissions_dir: input.submissions_dir,
      reports_dir: input.reports_dir ?? null,
      report_format: input.report_format ?? null,
      client_key_sha256: publicKey.fingerprint,
      client_public_key: publicKey.openssh,
    },
    sftp_private_key_sealed: sealed,
  };
}
