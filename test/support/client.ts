import https from 'node:https';
import http from 'node:http';
import { checkWire } from './wire-check';

export interface ApiResponse<T = any> {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  body: T;
}

export interface RequestOptions {
  /** Extra or replacement headers; `null` removes a default header. */
  headers?: Record<string, string | null>;
  /** Bearer token; `null` sends no Authorization header. Defaults to the client's token. */
  token?: string | null;
  /** Sends the body with Transfer-Encoding: chunked and no Content-Length. */
  chunked?: boolean;
}

const agent = new https.Agent({ keepAlive: true, rejectUnauthorized: false, maxSockets: 32 });

/**
 * A small HTTPS client shaped like the public API's client libraries: JSON bodies, Bearer token,
 * version header, Accept. Every header can be changed or removed, so each pipeline check can be
 * hit with exactly one wrong thing. Every answer is checked against the route's strict wire
 * schema (`./wire-check`), so every API test also proves `/openapi.json`.
 */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly token?: string,
    readonly versionHeader = 'Service-Version',
  ) {}

  withToken(token: string | undefined) {
    return new ApiClient(this.baseUrl, token, this.versionHeader);
  }

  request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const url = new URL(path, this.baseUrl);
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const token = options.token === undefined ? this.token : options.token;
    const defaults: Record<string, string | null> = {
      accept: 'application/json',
      [this.versionHeader.toLowerCase()]: '2015-07-06',
      authorization: token ? `Bearer ${token}` : null,
      'content-type': payload !== undefined ? 'application/json' : null,
      'content-length': payload !== undefined && !options.chunked ? String(Buffer.byteLength(payload)) : null,
      'transfer-encoding': options.chunked ? 'chunked' : null,
    };
    const merged: Record<string, string | null> = { ...defaults };
    for (const [k, v] of Object.entries(options.headers ?? {})) merged[k.toLowerCase()] = v;
    const headers = Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== null)) as Record<string, string>;

    const transport = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = transport.request(
        url,
        { method, headers, agent: url.protocol === 'https:' ? agent : undefined },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = undefined;
            try {
              parsed = text ? JSON.parse(text) : undefined;
            } catch {
              parsed = undefined;
            }
            const status = res.statusCode ?? 0;
            // Every API answer must be what /openapi.json documents, or the test fails here.
            try {
              checkWire(method, url.pathname, status, parsed, res.headers['content-type']);
            } catch (mismatch) {
              reject(mismatch);
              return;
            }
            resolve({ status, headers: res.headers, text, body: parsed as T });
          });
        },
      );
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, undefined, options);
  }
  post<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, body ?? {}, options);
  }
  put<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, body, options);
  }
  delete<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, undefined, options);
  }
}
