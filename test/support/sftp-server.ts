import { generateKeyPairSync } from 'node:crypto';
import { constants } from 'node:fs';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { posix } from 'node:path';
import ssh2, { type Connection, type ParsedKey, type SFTPWrapper } from 'ssh2';
import { sshFingerprint } from '../../server/domain/bank-transport/sftp';

const { Server, utils } = ssh2;
const { STATUS_CODE, OPEN_MODE } = utils.sftp;

/**
 * A fresh ECDSA P-256 key (PEM), made by node:crypto: ssh2's own `generateKeyPairSync('ed25519')`
 * writes about one key in 300 that its parser then refuses (a public key of 31 bytes).
 */
export function sshKeyPair(): { privateKey: string; fingerprint: string } {
  const { privateKey } = generateKeyPairSync('ec', {
    namedCurve: 'prime256v1',
    privateKeyEncoding: { type: 'sec1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const parsed = utils.parseKey(privateKey) as ParsedKey;
  return { privateKey, fingerprint: sshFingerprint(parsed.getPublicSSH()) };
}

export interface TestSftpServer {
  port: number;
  /** The pinned fingerprint a connection names: `SHA256:…`. */
  hostKeySha256: string;
  /** The bank's disk: absolute path → bytes. */
  files: Map<string, Buffer>;
  /** Every write-side operation, in order (`open <path>`, `rename <from> <to>`), to show how files land. */
  operations: string[];
  /** Stops listening and drops every session: the bank's server is down. */
  down(): Promise<void>;
  /** Listens again on the same port with the same host key. */
  up(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A bank's SFTP server for tests (decision 0082): ssh2's own server over an in-memory disk with
 * the given directories, accepting only the given client public key (publickey auth, nothing else).
 */
export async function startSftpServer(options: {
  clientPrivateKey: string;
  username?: string;
  dirs?: string[];
}): Promise<TestSftpServer> {
  const host = sshKeyPair();
  const hostKeySha256 = host.fingerprint;
  const allowed = utils.parseKey(options.clientPrivateKey) as ParsedKey;
  const allowedBlob = allowed.getPublicSSH();
  const username = options.username ?? 'bankflow';
  const files = new Map<string, Buffer>();
  const dirs = new Set(['/', ...(options.dirs ?? [])]);
  const operations: string[] = [];
  const clients = new Set<Connection>();

  const server = new Server({ hostKeys: [host.privateKey] }, (client) => {
    clients.add(client);
    client.on('close', () => clients.delete(client));
    client.on('error', () => {});
    client.on('authentication', (ctx) => {
      if (ctx.method !== 'publickey' || ctx.username !== username) return ctx.reject(['publickey']);
      if (ctx.key.algo !== allowed.type || !ctx.key.data.equals(allowedBlob)) return ctx.reject(['publickey']);
      if (!ctx.signature) return ctx.accept();
      if (ctx.blob && allowed.verify(ctx.blob, ctx.signature, ctx.hashAlgo) === true) return ctx.accept();
      ctx.reject(['publickey']);
    });
    client.on('ready', () => {
      client.on('session', (acceptSession) => {
        acceptSession().on('sftp', (acceptSftp) => serveDisk(acceptSftp(), files, dirs, operations));
      });
    });
  });

  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) =>
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as { port: number }).port;
        resolve();
      }),
    );
  const down = async () => {
    for (const client of clients) client.end();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  await listen();
  return {
    get port() {
      return port;
    },
    hostKeySha256,
    files,
    operations,
    down,
    up: listen,
    close: () => (server.listening ? down() : Promise.resolve()),
  };
}

/** A TCP server that accepts and never says a word: an SSH client waits for its banner forever. */
export async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: TcpServer = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.address() as { port: number }).port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The SFTP requests a client's upload, rename, listing and download use, over the in-memory disk. */
function serveDisk(sftp: SFTPWrapper, files: Map<string, Buffer>, dirs: Set<string>, operations: string[]) {
  type Handle = { path: string; write: boolean } | { dir: string; listed: boolean };
  const handles = new Map<string, Handle>();
  let next = 0;
  const open = (handle: Handle) => {
    const key = Buffer.from(String(++next));
    handles.set(key.toString(), handle);
    return key;
  };
  const now = Math.floor(Date.now() / 1000);
  const attrsOf = (path: string) =>
    dirs.has(path)
      ? { mode: constants.S_IFDIR | 0o755, uid: 0, gid: 0, size: 0, atime: now, mtime: now }
      : files.has(path)
        ? { mode: constants.S_IFREG | 0o644, uid: 0, gid: 0, size: files.get(path)!.length, atime: now, mtime: now }
        : undefined;

  sftp.on('OPEN', (id: number, filename: string, flags: number) => {
    const path = posix.normalize(filename);
    if (!dirs.has(posix.dirname(path))) return sftp.status(id, STATUS_CODE.NO_SUCH_FILE);
    if (flags & OPEN_MODE.WRITE) {
      operations.push(`open ${path}`);
      if (flags & OPEN_MODE.TRUNC || !files.has(path)) files.set(path, Buffer.alloc(0));
      return sftp.handle(id, open({ path, write: true }));
    }
    if (!files.has(path)) return sftp.status(id, STATUS_CODE.NO_SUCH_FILE);
    sftp.handle(id, open({ path, write: false }));
  });
  sftp.on('WRITE', (id: number, handle: Buffer, offset: number, data: Buffer) => {
    const h = handles.get(handle.toString());
    if (!h || !('path' in h) || !h.write) return sftp.status(id, STATUS_CODE.FAILURE);
    const current = files.get(h.path)!;
    const grown = Buffer.alloc(Math.max(current.length, offset + data.length));
    current.copy(grown);
    data.copy(grown, offset);
    files.set(h.path, grown);
    sftp.status(id, STATUS_CODE.OK);
  });
  sftp.on('READ', (id: number, handle: Buffer, offset: number, length: number) => {
    const h = handles.get(handle.toString());
    if (!h || !('path' in h)) return sftp.status(id, STATUS_CODE.FAILURE);
    const bytes = files.get(h.path) ?? Buffer.alloc(0);
    if (offset >= bytes.length) return sftp.status(id, STATUS_CODE.EOF);
    sftp.data(id, bytes.subarray(offset, offset + length));
  });
  sftp.on('FSTAT', (id: number, handle: Buffer) => {
    const h = handles.get(handle.toString());
    const attrs = h && ('path' in h ? attrsOf(h.path) : attrsOf(h.dir));
    if (!attrs) return sftp.status(id, STATUS_CODE.FAILURE);
    sftp.attrs(id, attrs);
  });
  const stat = (id: number, path: string) => {
    const attrs = attrsOf(posix.normalize(path));
    if (!attrs) return sftp.status(id, STATUS_CODE.NO_SUCH_FILE);
    sftp.attrs(id, attrs);
  };
  sftp.on('STAT', stat);
  sftp.on('LSTAT', stat);
  sftp.on('CLOSE', (id: number, handle: Buffer) => {
    handles.delete(handle.toString());
    sftp.status(id, STATUS_CODE.OK);
  });
  sftp.on('RENAME', (id: number, from: string, to: string) => {
    const source = posix.normalize(from);
    const target = posix.normalize(to);
    operations.push(`rename ${source} ${target}`);
    if (!files.has(source)) return sftp.status(id, STATUS_CODE.NO_SUCH_FILE);
    // SFTP v3 rename never overwrites.
    if (files.has(target)) return sftp.status(id, STATUS_CODE.FAILURE);
    files.set(target, files.get(source)!);
    files.delete(source);
    sftp.status(id, STATUS_CODE.OK);
  });
  sftp.on('REMOVE', (id: number, path: string) => {
    operations.push(`remove ${path}`);
    sftp.status(id, files.delete(posix.normalize(path)) ? STATUS_CODE.OK : STATUS_CODE.NO_SUCH_FILE);
  });
  sftp.on('OPENDIR', (id: number, path: string) => {
    const dir = posix.normalize(path);
    if (!dirs.has(dir)) return sftp.status(id, STATUS_CODE.NO_SUCH_FILE);
    sftp.handle(id, open({ dir, listed: false }));
  });
  sftp.on('READDIR', (id: number, handle: Buffer) => {
    const h = handles.get(handle.toString());
    if (!h || !('dir' in h)) return sftp.status(id, STATUS_CODE.FAILURE);
    if (h.listed) return sftp.status(id, STATUS_CODE.EOF);
    h.listed = true;
    const names = [...files.keys()]
      .filter((path) => posix.dirname(path) === h.dir)
      .map((path) => {
        const filename = posix.basename(path);
        return {
          filename,
          longname: `-rw-r--r-- 1 bank bank ${files.get(path)!.length} ${filename}`,
          attrs: attrsOf(path)!,
        };
      });
    if (names.length === 0) return sftp.status(id, STATUS_CODE.EOF);
    sftp.name(id, names);
  });
  sftp.on('REALPATH', (id: number, path: string) => {
    const resolved = posix.resolve('/', path);
    sftp.name(id, [{ filename: resolved, longname: resolved, attrs: attrsOf(resolved) ?? attrsOf('/')! }]);
  });
}
