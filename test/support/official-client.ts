import https from 'node:https';
import zlib from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { checkWire } from './wire-check';

/**
 * Requests shaped exactly as the public API's official Node client (gocardless-nodejs 10.1.2)
 * sends them, per api-surface.md § 8: its headers (version header under its own name, client
 * headers, compressed responses accepted), creates under the resource key, actions under `data`,
 * an Idempotency-Key on every POST, arrays comma-joined and nested objects bracketed in queries.
 */
export class OfficialClientShape {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  private headers(method: string, body?: string): Record<string, string> {
    return {
      authorization: `Bearer ${this.token}`,
      accept: 'application/json',
      'gocardless-version': '2015-07-06',
      'gocardless-client-version': '10.1.2',
      'gocardless-client-library': 'gocardless-nodejs',
      'user-agent': `gocardless-nodejs/10.1.2 node/${process.version} linux/6.1`,
      'accept-encoding': 'gzip, deflate, br',
      ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}),
      ...(body !== undefined
        ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }
        : {}),
    };
  }

  /** qs with arrayFormat comma, then URLSearchParams, as the client does. */
  static query(params: Record<string, unknown>): string {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) {
        if (value.length) search.append(key, value.join(','));
      } else if (value !== null && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) search.append(`${key}[${k}]`, String(v));
      } else {
        search.append(key, value === null ? '' : String(value));
      }
    }
    const s = search.toString();
    return s ? `?${s}` : '';
  }

  request(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<{ status: number; headers: Record<string, unknown>; body: any }> {
    const text = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = https.request(
        new URL(path, this.baseUrl),
        { method, headers: { ...this.headers(method, text), ...extraHeaders }, rejectUnauthorized: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            const encoding = res.headers['content-encoding'];
            const decoded =
              encoding === 'gzip'
                ? zlib.gunzipSync(raw)
                : encoding === 'deflate'
                  ? zlib.inflateSync(raw)
                  : encoding === 'br'
                    ? zlib.brotliDecompressSync(raw)
                    : raw;
            const status = res.statusCode ?? 0;
            const parsed = decoded.length ? JSON.parse(decoded.toString('utf8')) : undefined;
            // The journey the official client takes must match /openapi.json too.
            try {
              checkWire(method, new URL(path, this.baseUrl).pathname, status, parsed, res.headers['content-type']);
            } catch (mismatch) {
              reject(mismatch);
              return;
            }
            resolve({ status, headers: res.headers, body: parsed });
          });
        },
      );
      req.on('error', reject);
      if (text !== undefined) req.write(text);
      req.end();
    });
  }

  create(resource: string, params: unknown, headers?: Record<string, string>) {
    return this.request('POST', `/${resource}`, { [resource]: params }, headers);
  }
  action(resource: string, id: string, action: string, params: unknown = {}) {
    return this.request('POST', `/${resource}/${id}/actions/${action}`, { data: params });
  }
  find(resource: string, id: string) {
    return this.request('GET', `/${resource}/${id}`);
  }
  list(resource: string, params: Record<string, unknown> = {}) {
    return this.request('GET', `/${resource}${OfficialClientShape.query(params)}`);
  }
  update(resource: string, id: string, params: unknown) {
    return this.request('PUT', `/${resource}/${id}`, { [resource]: params });
  }
}
