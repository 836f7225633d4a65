import https from 'node:https';

export interface PageResponse {
  status: number;
  location?: string;
  html: string;
  headers: Record<string, string | string[] | undefined>;
}

const agent = new https.Agent({ keepAlive: true, rejectUnauthorized: false });

/**
 * A minimal browser for the hosted pages over real HTTPS: it keeps the cookies it is given (by
 * name; the session cookie's Path is the flow's pages, which is all it visits), posts forms the
 * way a browser without JavaScript does, and does not follow redirects, so tests can see them.
 */
export class PageClient {
  private cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  private request(
    method: string,
    path: string,
    body?: string,
    extra: Record<string, string> = {},
  ): Promise<PageResponse> {
    const headers: Record<string, string> = { accept: 'text/html', 'accept-language': 'en', ...extra };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined) {
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    return new Promise((resolve, reject) => {
      const req = https.request(new URL(path, this.baseUrl), { method, headers, agent }, (res) => {
        let html = '';
        res.on('data', (d) => (html += d));
        res.on('end', () => {
          for (const line of [res.headers['set-cookie'] ?? []].flat()) {
            const [pair] = line.split(';');
            const [name, ...value] = pair!.split('=');
            this.cookies.set(name!.trim(), value.join('='));
          }
          resolve({ status: res.statusCode ?? 0, location: res.headers.location, html, headers: res.headers });
        });
      });
      req.on('error', reject);
      if (body !== undefined) req.write(body);
      req.end();
    });
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, undefined, headers);
  }

  post(path: string, fields: Record<string, string>, headers?: Record<string, string>) {
    return this.request('POST', path, new URLSearchParams(fields).toString(), headers);
  }

  /**
   * POSTs a body as it is, in another format or none at all (`undefined`), as a client other than
   * a browser might: the pages must answer with the step again, never the error page.
   */
  postRaw(path: string, body: string | undefined, contentType?: string, headers: Record<string, string> = {}) {
    return this.request('POST', path, body, { ...(contentType ? { 'content-type': contentType } : {}), ...headers });
  }

  /** GETs and follows redirects within this site, as a browser would; returns the final page. */
  async open(path: string): Promise<PageResponse & { path: string }> {
    let current = path;
    for (let i = 0; i < 10; i++) {
      const res = await this.get(current);
      if (res.status < 300 || res.status >= 400 || !res.location || !res.location.startsWith('/'))
        return { ...res, path: current };
      current = res.location;
    }
    throw new Error('too many redirects');
  }

  csrfOf(html: string): string {
    const match = /name="csrf" value="([^"]+)"/.exec(html);
    if (!match) throw new Error('no CSRF token on the page');
    return match[1]!;
  }

  /** The same browser (sharing its cookies) sent to another server, as a load balancer might. */
  at(baseUrl: string): PageClient {
    const other = new PageClient(baseUrl);
    other.cookies = this.cookies;
    return other;
  }

  forget(): void {
    this.cookies.clear();
  }

  cookie(name: string) {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }
}
