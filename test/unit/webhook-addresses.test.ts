import { describe, expect, it } from 'vitest';
import { classifyAddress, refuseHost } from '../../server/domain/webhooks/addresses';

/**
 * Issue 40.3: the two ranges the first cut missed, in every spelling a URL or a resolver can give:
 * SIIT's IPv4-translated ::ffff:0:0:0/96 and the 6to4 relay anycast 192.88.99.0/24. Each URL goes
 * through WHATWG URL parsing first, as registration does; the resolved form through classifyAddress,
 * as the connection-time check does. Loopback being allowed changes none of them.
 */
const host = (url: string) => new URL(url).hostname;

describe('webhook addresses: ::ffff:0:0:0/96 and 192.88.99.0/24', () => {
  it.each([
    'http://[::ffff:0:7f00:1]/',
    'http://[0:0:0:0:ffff:0:7f00:1]/',
    'http://[::ffff:0:127.0.0.1]/',
    'http://[::FFFF:0:A9FE:A9FE]/',
    'http://[0000:0000:0000:0000:ffff:0000:0a00:0001]/',
    'http://[::ffff:0:0:0]/',
    'http://[::ffff:0:ffff:ffff]/',
  ])('refuses %s as mapped, loopback allowed or not', (url) => {
    expect(refuseHost(host(url), { allowLoopback: false })).toBe('mapped');
    expect(refuseHost(host(url), { allowLoopback: true })).toBe('mapped');
  });

  it.each([
    'http://192.88.99.1/',
    'http://192.88.99.0/',
    'http://192.88.99.255/',
    'http://3227017985/',
    'http://0300.0130.0143.01/',
    'http://0xc0.0x58.0x63.0x1/',
    'http://0xc0586301/',
    'http://192.88.25345/',
  ])('refuses %s as reserved', (url) => {
    expect(refuseHost(host(url), { allowLoopback: true })).toBe('reserved');
  });

  it('classifies the resolved forms a lookup hands back, and leaves their neighbours public', () => {
    expect(classifyAddress('::ffff:0:7f00:1')).toBe('mapped');
    expect(classifyAddress('0:0:0:0:ffff:0:a9fe:a9fe')).toBe('mapped');
    expect(classifyAddress('::ffff:192.88.99.1')).toBe('mapped');
    expect(classifyAddress('192.88.99.7')).toBe('reserved');
    expect(classifyAddress('192.88.98.255')).toBeUndefined();
    expect(classifyAddress('192.88.100.0')).toBeUndefined();
    expect(classifyAddress('::1:0:0:0')).toBeUndefined();
  });
});
