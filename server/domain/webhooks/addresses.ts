import net from 'node:net';

/**
 * Which addresses a webhook may go to (issue 40.3, decision 0063): public unicast only. Checked at
 * registration on the URL's host (WHATWG URL parsing has already turned `2130706433`, `0177.0.0.1`,
 * `0x7f.1`, `127.1` and `0` into dotted quads, and IPv6 into its short form) and again at
 * connection time on every address the name resolves to. Node's BlockList does the matching.
 */
export type AddressRefusal =
  'loopback' | 'unspecified' | 'mapped' | 'link_local' | 'private' | 'unique_local' | 'multicast' | 'reserved';

export interface AddressPolicy {
  /** Sandbox only, by the operator's WEBHOOK_ALLOW_LOOPBACK: 127.0.0.0/8, ::1 and `localhost`. */
  allowLoopback: boolean;
}

type Range = [address: string, prefix: number, family: 'ipv4' | 'ipv6'];

// In this order: the first list an address falls in names the refusal.
const RANGES: [AddressRefusal, Range[]][] = [
  [
    'unspecified',
    [
      ['0.0.0.0', 8, 'ipv4'],
      ['::', 128, 'ipv6'],
    ],
  ],
  [
    // IPv6 spellings of IPv4 addresses (mapped, compatible, SIIT-translated, NAT64, 6to4, Teredo): refused whatever
    // they embed, even with loopback allowed, so no IPv4 rule can be stepped around through them.
    'mapped',
    [
      ['::ffff:0:0', 96, 'ipv6'],
      ['::ffff:0:0:0', 96, 'ipv6'],
      ['::', 96, 'ipv6'],
      ['64:ff9b::', 96, 'ipv6'],
      ['64:ff9b:1::', 48, 'ipv6'],
      ['2002::', 16, 'ipv6'],
      ['2001::', 32, 'ipv6'],
    ],
  ],
  [
    'loopback',
    [
      ['127.0.0.0', 8, 'ipv4'],
      ['::1', 128, 'ipv6'],
    ],
  ],
  [
    'link_local',
    [
      ['169.254.0.0', 16, 'ipv4'],
      ['fe80::', 10, 'ipv6'],
    ],
  ],
  [
    'private',
    [
      ['10.0.0.0', 8, 'ipv4'],
      ['172.16.0.0', 12, 'ipv4'],
      ['192.168.0.0', 16, 'ipv4'],
      ['100.64.0.0', 10, 'ipv4'],
      ['fec0::', 10, 'ipv6'],
    ],
  ],
  ['unique_local', [['fc00::', 7, 'ipv6']]],
  [
    'multicast',
    [
      ['224.0.0.0', 4, 'ipv4'],
      ['ff00::', 8, 'ipv6'],
    ],
  ],
  [
    // Protocol assignments, the 6to4 relay anycast, documentation, benchmarking, future use and
    // broadcast: never a receiver.
    'reserved',
    [
      ['192.0.0.0', 24, 'ipv4'],
      ['192.88.99.0', 24, 'ipv4'],
      ['192.0.2.0', 24, 'ipv4'],
      ['198.18.0.0', 15, 'ipv4'],
      ['198.51.100.0', 24, 'ipv4'],
      ['203.0.113.0', 24, 'ipv4'],
      ['240.0.0.0', 4, 'ipv4'],
      ['100::', 64, 'ipv6'],
      ['2001:db8::', 32, 'ipv6'],
    ],
  ],
];

const LISTS = RANGES.map(([refusal, ranges]) => {
  const list = new net.BlockList();
  for (const [address, prefix, family] of ranges) list.addSubnet(address, prefix, family);
  return [refusal, list] as const;
});

const IPV6_LOOPBACK = new net.BlockList();
IPV6_LOOPBACK.addAddress('::1', 'ipv6');

/** What kind of non-public address `ip` (a literal, without brackets) is; undefined when public. */
export function classifyAddress(ip: string): AddressRefusal | undefined {
  const family = net.isIP(ip);
  if (!family) return 'reserved';
  const type = family === 6 ? 'ipv6' : 'ipv4';
  for (const [refusal, list] of LISTS) {
    // BlockList also matches an IPv4 address against ::ffff:0:0/96 and ::/96, so the mapped list
    // is asked only about IPv6 addresses, and not about ::1 (inside ::/96, but loopback).
    if (refusal === 'mapped' && (type === 'ipv4' || IPV6_LOOPBACK.check(ip, 'ipv6'))) continue;
    if (list.check(ip, type)) return refusal;
  }
  return undefined;
}

/** Why a webhook may not connect to `ip`, or undefined when it may. */
export function refuseAddress(ip: string, policy: AddressPolicy): AddressRefusal | undefined {
  const refusal = classifyAddress(ip);
  return refusal === 'loopback' && policy.allowLoopback ? undefined : refusal;
}

const LOCALHOST = /(^|\.)localhost\.?$/i;

/**
 * The registration check, on a WHATWG URL's `hostname`: a literal address is checked as it is,
 * `localhost` and its subdomains (RFC 6761) count as loopback, and any other name is checked
 * when it is resolved, at each connection.
 */
export function refuseHost(hostname: string, policy: AddressPolicy): AddressRefusal | undefined {
  const literal = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  if (net.isIP(literal)) return refuseAddress(literal, policy);
  if (LOCALHOST.test(hostname)) return policy.allowLoopback ? undefined : 'loopback';
  return undefined;
}
