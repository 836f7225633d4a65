import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';

/** The API version the CLI speaks (the newest the server releases). */
const API_VERSION = '2015-07-06';

/** What the CLI needs to reach the API: flags first, then the environment (docs/sandbox.md "The CLI"). */
export interface ConnectionFlags {
  url?: string;
  token?: string;
  cacert?: string;
}

/** A command that cannot reach the API, or that the API refused: one line for the terminal. */
export class ApiCommandError extends Error {}

/** An answer other than 2xx: the API's error, as its body gives it. */
export class ApiRefusal extends ApiCommandError {
  constructor(
    readonly status: number,
    readonly error: { type?: string; message?: string; errors?: { field?: string; reason?: string }[] },
  ) {
    const reasons = (error.errors ?? []).map((e) => [e.field, e.reason].filter(Boolean).join(': ')).filter(Boolean);
    super(
      `Refused: ${status} ${error.type ?? 'error'}: ${error.message ?? ''}${reasons.length ? ` (${reasons.join(', ')})` : ''}`,
    );
  }
}

/**
 * The server's certificate to trust: `--cacert`, else the one a server on this machine made in its
 * data directory (DATA_DIR/tls/cert.pem). Neither: the system's authorities and NODE_EXTRA_CA_CERTS.
 */
function trustedCertificate(cacert: string | undefined): Buffer | undefined {
  if (cacert) {
    try {
      return fs.readFileSync(cacert);
    } catch {
      throw new ApiCommandError(`--cacert ${cacert}: no such file`);
    }
  }
  if (process.env.NODE_EXTRA_CA_CERTS) return undefined;
  const own = path.join(process.env.DATA_DIR ?? 'data', 'tls', 'cert.pem');
  return fs.existsSync(own) ? fs.readFileSync(own) : undefined;
}

export interface ApiConnection {
  readonly url: string;
  request<T = Record<string, unknown>>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T>;
  close(): void;
}

/**
 * One keep-alive connection to the server (at most one socket), with the token and version header
 * every request needs. Answers are JSON; a non-2xx is an ApiRefusal.
 */
export function connect(flags: ConnectionFlags): ApiConnection {
  const url = flags.url ?? process.env.BANKFLOW_URL;
  const token = flags.token ?? process.env.BANKFLOW_ACCESS_TOKEN;
  if (!url) throw new ApiCommandError('No server: pass --url or set BANKFLOW_URL (e.g. https://localhost:3000).');
  if (!token) throw new ApiCommandError('No access token: pass --token or set BANKFLOW_ACCESS_TOKEN.');
  let base: URL;
  try {
    base = new URL(url);
  } catch {
    throw new ApiCommandError(`--url ${url} is not a URL (e.g. https://localhost:3000)`);
  }
  const secure = base.protocol === 'https:';
  const ca = secure ? trustedCertificate(flags.cacert) : undefined;
  const agent = secure
    ? new https.Agent({ keepAlive: true, maxSockets: 1, ...(ca ? { ca } : {}) })
    : new http.Agent({ keepAlive: true, maxSockets: 1 });
  const versionHeader = process.env.VERSION_HEADER ?? 'Service-Version';

  const request = <T>(method: 'GET' | 'POST', pathAndQuery: string, body?: unknown) =>
    new Promise<T>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const target = new URL(pathAndQuery, base);
      const req = (secure ? https : http).request(
        target,
        {
          method,
          agent,
          headers: {
            accept: 'application/json',
            authorization: `Bearer ${token}`,
            [versionHeader]: API_VERSION,
            'user-agent': 'bankflow-cli/1',
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            let parsed: Record<string, unknown>;
            try {
              parsed = JSON.parse(text) as Record<string, unknown>;
            } catch {
              return reject(
                new ApiCommandError(`${target.origin} answered ${res.statusCode} with no JSON: is it bankflow?`),
              );
            }
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) resolve(parsed as T);
            else reject(new ApiRefusal(status, (parsed.error ?? {}) as ApiRefusal['error']));
          });
          res.on('error', reject);
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) => reject(connectionError(error, base)));
      req.end(payload);
    });

  return { url: base.origin, request, close: () => agent.destroy() };
}

/** Why the server could not be reached, and what to do about it, in one line. */
function connectionError(error: NodeJS.ErrnoException, base: URL): Error {
  const code = error.code ?? '';
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new ApiCommandError(`No server answers at ${base.origin} (${code}): is it running? (--url, BANKFLOW_URL)`);
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code))
    return new ApiCommandError(
      `The certificate of ${base.origin} is not trusted (${code}): pass --cacert with the server's DATA_DIR/tls/cert.pem, or set NODE_EXTRA_CA_CERTS.`,
    );
  return new ApiCommandError(`${base.origin}: ${error.message}`);
}
