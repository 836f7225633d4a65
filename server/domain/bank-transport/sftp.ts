import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import ssh2, { type SFTPWrapper, type Stats } from 'ssh2';

// ssh2 is CommonJS: its named exports are read off the default export in node's ESM.
const { Client, utils } = ssh2;

/**
 * The SFTP side of host-to-host delivery (decision 0082): one short session per job round, the
 * bank's host key pinned by its SHA-256 fingerprint, the client's key the only way in, and the
 * whole session on one held timer so a silent server never holds the job loop.
 */
export interface SftpTarget {
  host: string;
  port: number;
  username: string;
  /** The pinned host key, as OpenSSH prints it: `SHA256:` and unpadded base64. */
  hostKeySha256: string;
  privateKey: string;
  timeoutMs: number;
}

export type SftpErrorCode = 'host_key_mismatch' | 'auth_failed' | 'timeout' | 'connection_failed' | 'remote_error';

export class SftpError extends Error {
  constructor(
    readonly code: SftpErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SftpError';
  }
}

/** A key's fingerprint as `ssh-keygen -l` prints it, so a merchant compares it with the bank's. */
export const sshFingerprint = (publicKeyBlob: Buffer) =>
  `SHA256:${createHash('sha256').update(publicKeyBlob).digest('base64').replace(/=+$/, '')}`;

/** A client private key's public half, or undefined when it is not an unencrypted key ssh2 reads. */
export function publicKeyOf(privateKey: string): { fingerprint: string; openssh: string } | undefined {
  const parsed = utils.parseKey(privateKey);
  const key = Array.isArray(parsed) ? parsed[0] : parsed;
  if (!key || key instanceof Error || !key.isPrivateKey()) return undefined;
  const blob = key.getPublicSSH();
  return { fingerprint: sshFingerprint(blob), openssh: `${key.type} ${blob.toString('base64')}` };
}

/** Runs `work` in one SFTP session; the connection always ends, and the timer is always cleared. */
export async function withSftp<T>(target: SftpTarget, work: (sftp: SFTPWrapper) => Promise<T>): Promise<T> {
  const client = new Client();
  let offered: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  // A held timer (not AbortSignal.timeout, issue 40.2): cleared in `finally`, so nothing outlives the round.
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new SftpError('timeout', `no answer from ${target.host}:${target.port} within ${target.timeoutMs} ms`)),
      target.timeoutMs,
    );
  });
  const session = new Promise<T>((resolve, reject) => {
    client.on('ready', () => {
      client.sftp((error, sftp) => {
        if (error) return reject(new SftpError('remote_error', `sftp subsystem refused: ${error.message}`));
        work(sftp).then(resolve, reject);
      });
    });
    client.on('error', (error: Error & { level?: string }) => {
      if (offered !== undefined && offered !== target.hostKeySha256)
        return reject(
          new SftpError('host_key_mismatch', `host key ${offered} is not the pinned ${target.hostKeySha256}`),
        );
      if (error.level === 'client-authentication')
        return reject(new SftpError('auth_failed', 'the server refused the client key'));
      reject(new SftpError('connection_failed', error.message));
    });
    client.on('close', () => reject(new SftpError('connection_failed', 'connection closed')));
    client.connect({
      host: target.host,
      port: target.port,
      username: target.username,
      privateKey: target.privateKey,
      authHandler: ['publickey'],
      hostVerifier: (key: Buffer) => {
        offered = sshFingerprint(key);
        return offered === target.hostKeySha256;
      },
      // ssh2's own handshake timer stays behind ours, which decides.
      readyTimeout: target.timeoutMs + 1_000,
    });
  });
  session.catch(() => {});
  try {
    return await Promise.race([session, timeout]);
  } finally {
    clearTimeout(timer);
    client.destroy();
  }
}

const call = <T>(what: string, run: (cb: (error: Error | null | undefined, value: T) => void) => void) =>
  new Promise<T>((resolve, reject) =>
    run((error, value) =>
      error ? reject(new SftpError('remote_error', `${what}: ${error.message}`)) : resolve(value),
    ),
  );

const statOf = (sftp: SFTPWrapper, path: string) =>
  new Promise<Stats | undefined>((resolve) => sftp.stat(path, (error, stats) => resolve(error ? undefined : stats)));

/**
 * Puts a file under its name so the bank never reads half of it: the bytes go to a dot-named
 * temporary file, renamed into place once whole. A file already there with the same size is the
 * same upload done before (its name holds the submission id): nothing is written again.
 */
export async function uploadWhole(
  sftp: SFTPWrapper,
  dir: string,
  name: string,
  bytes: Buffer,
): Promise<'uploaded' | 'present'> {
  const final = posix.join(dir, name);
  const existing = await statOf(sftp, final);
  if (existing) {
    if (existing.size === bytes.length) return 'present';
    throw new SftpError('remote_error', `${final} exists with another size`);
  }
  const temporary = posix.join(dir, `.${name}.part`);
  await call<void>('write', (cb) => sftp.writeFile(temporary, bytes, (error) => cb(error, undefined)));
  await call<void>('rename', (cb) => sftp.rename(temporary, final, (error) => cb(error, undefined)));
  return 'uploaded';
}

/** The regular files of a directory, skipping dot-files (a bank's own files being written). */
export async function listFiles(sftp: SFTPWrapper, dir: string): Promise<string[]> {
  const entries = await call<{ filename: string; attrs: Stats }[]>('readdir', (cb) => sftp.readdir(dir, cb));
  return entries
    .filter((e) => !e.filename.startsWith('.') && e.attrs.isFile())
    .map((e) => e.filename)
    .sort();
}

export const downloadFile = (sftp: SFTPWrapper, dir: string, name: string) =>
  call<Buffer>('read', (cb) => sftp.readFile(posix.join(dir, name), cb));
