import http from 'node:http';
import https from 'node:https';

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
}

/**
 * The default sender: node:https (node:http for sandbox http:// endpoints) with keep-alive, TLS
 * verified, reading at most `maxBodyBytes` of the answer so a receiver cannot make us buffer an
 * endless body. Trusting a self-signed receiver takes an explicit `ca`; verification is never off.
 */
export function createHttpsSender(options: HttpsSenderOptions = {}): WebhookSender {
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024;
  const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 16, ...(options.ca ? { ca: options.ca } : {}) });
  const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 16 });

  return (url, init) =>
    new Promise<SenderResponse>((resolve, reject) => {
      const target = new URL(url);
      const transport = target.protocol === 'https:' ? https : http;
      const req = transport.request(
        target,
        {
          method: init.method,
          headers: { ...init.headers, 'content-length': String(Buffer.byteLength(init.body)) },
          agent: target.protocol === 'https:' ? httpsAgent : httpAgent,
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
