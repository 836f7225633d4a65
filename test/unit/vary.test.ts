import { describe, expect, it } from 'vitest';
import { varyOnAcceptEncoding } from '../../server/http/vary';

/** The rule hono/compress applies before compressing, now set in place (h-perf, decision 0045). */
const headersOf = (init: Record<string, string>) => new Headers(init);

describe('Vary: Accept-Encoding set in place', () => {
  it('is added to a compressible answer of 1 KB or more, kept beside another Vary', () => {
    const json = headersOf({ 'content-type': 'application/json; charset=utf-8', 'content-length': '4096' });
    varyOnAcceptEncoding('GET', 200, json);
    expect(json.get('vary')).toBe('Accept-Encoding');
    const other = headersOf({ 'content-type': 'text/html', vary: 'Cookie' });
    varyOnAcceptEncoding('GET', 200, other);
    expect(other.get('vary')).toBe('Cookie, Accept-Encoding');
  });

  it('is not added where compress() would not compress: small, binary, no-transform, HEAD, 206, or already named', () => {
    const cases: [string, number, Record<string, string>][] = [
      ['GET', 200, { 'content-type': 'application/json', 'content-length': '300' }],
      ['GET', 200, { 'content-type': 'image/png', 'content-length': '4096' }],
      ['GET', 200, { 'content-type': 'application/json', 'cache-control': 'no-transform' }],
      ['HEAD', 200, { 'content-type': 'application/json' }],
      ['GET', 206, { 'content-type': 'application/json' }],
      ['GET', 200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }],
    ];
    for (const [method, status, init] of cases) {
      const headers = headersOf(init);
      varyOnAcceptEncoding(method, status, headers);
      expect(headers.get('vary'), JSON.stringify(init)).toBeNull();
    }
    const named = headersOf({ 'content-type': 'application/json', vary: 'accept-encoding' });
    varyOnAcceptEncoding('GET', 200, named);
    expect(named.get('vary')).toBe('accept-encoding');
  });
});
