import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { refuseAddress, type AddressPolicy, type AddressRefusal } from '../domain/webhooks/addresses';

/** The part of a `fetch` Response the worker reads, so the global `fetch` is itself a sender. */
export interface SenderResponse {
  status: number;
  headers: { forEach(callback: (value: string, key: string) => void): void };
  text(): Promise<string>;
}

export interface SendInit {
  method: 'POST';
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
  /** Redirects are answers, not places to send the events (and their signature) to. */
  redirect: 'manual';
}

/** `fetch`-shaped, so tests inject their own and deployments can wrap one (a proxy, say). */
export type WebhookSender = (url: string, init: SendInit) => Promise<SenderResponse>;

export interface HttpsSenderOptions {
  /**
   * Extra certificate authorities to trust (PEM), e.g. a test receiver's self-signed certificate.
   * Unset, certificates are verified against the system's authorities (and NODE_EXTRA_CA_CERTS).
   */
  ca?: string | Buffer;
  /** Bytes of the response body kept; the rest is not read. */
  maxBodyBytes?: number;
  /** Sandbox only (WEBHOOK_ALLOW_LOOPBACK): connecting to loopback addresses is allowed. */
  allowLoopback?: boolean;
  /** How names are resolved (dns.lookup); tests give their own to make a name resolve anywhere. */
  lookup?: typeof dns.lookup;
}

/** A connection refused before it was made: the address it would go to is internal. */
export class AddressRefusedError extends Error {
  readonly code = 'EADDRREFUSED';
  constructor(
    readonly address: string,
    readonly refusal: AddressRefusal,
  ) {
    super(`refused: ${address} is a ${refusal} address`);
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for net.connect that resolves every address of the name, refuses the connection if
 * any of them is internal, and hands net.connect the addresses it checked: the socket goes to
 * exactly what was checked, so a name that answers differently the next time (DNS rebinding)
 * cannot move it.
 */
export function guardedLookup(policy: AddressPolicy, resolve: typeof dns.lookup = dns.lookup) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as dns.LookupAddress[];
      for (const { address } of list) {
        const refusal = refuseAddress(address, policy);
        if (refusal) return callback(new AddressRefusedError(address, refusal), []);
      }
      if (!list.length)
        return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
      if (options.all) callback(null, list);
      else callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/**
 * The default sender: node:https (node:http for sandbox http:// endpoints) with keep-alive, TLS
 * verified, reading at most `maxBodyBytes` of the answer so a receiver cannot make us buffer an
 * endless body. Trusting a self-signed receiver takes an explicit `ca`; verification is never off.
 * Internal addresses are refused before any connection (issue 40.3): loopback only with
 * `allowLoopback`, link-local and private never.
 */
export function createHttpsSender(options: HttpsSenderOptions = {}): WebhookSender {
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024;
  const policy: AddressPolicy = { allowLoopback: Boolean(options.allowLoopback) };
  const lookup = guardedLookup(policy, options.lookup);
  const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 16, ...(options.ca ? { ca: options.ca } : {}) });
  const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 16 });

  return (url, init) =>
    new Promise<SenderResponse>((resolve, reject) => {
      const target = new URL(url);
      const transport = target.protocol === 'https:' ? https : http;
      // A literal address is never looked up, so it is checked here; names are checked by `lookup`.
      const literal = target.hostname.replace(/^\[(.*)\]$/, '$1');
      const refusal = net.isIP(literal) ? refuseAddress(literal, policy) : undefined;
      if (refusal) return reject(new AddressRefusedError(literal, refusal));
      const req = transport.request(
        target,
        {
          method: init.method,
          headers: { ...init.headers, 'content-length': String(Buffer.byteLength(init.body)) },
          agent: target.protocol === 'https:' ? httpsAgent : httpAgent,
          lookup: lookup as unknown as http.RequestOptions['lookup'],
          signal: init.signal,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          const finish = () => {
            const raw = res.rawHeaders;
            resolve({
              status: res.statusCode ?? 0,
              headers: {
                forEach(callback) {
                  for (let i = 0; i + 1 < raw.length; i += 2) callback(raw[i + 1]!, raw[i]!.toLowerCase());
                },
              },
              text: async () => Buffer.concat(chunks).toString('utf8'),
            });
          };
          res.on('data', (chunk: Buffer) => {
            if (size > maxBodyBytes) return;
            chunks.push(chunk);
            size += chunk.length;
            // Enough kept: stop reading and drop the connection rather than drain the rest.
            if (size > maxBodyBytes) {
              finish();
              res.destroy();
            }
          });
          res.on('end', finish);
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(init.body);
    });
}
