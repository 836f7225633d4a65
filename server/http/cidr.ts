import net from 'node:net';

/** `10.0.0.0/8`, `::1/128`: an address and a prefix length that fits its family. */
export function isCidr(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  if (rest.length || prefix === undefined || !/^\d{1,3}$/.test(prefix)) return false;
  const family = net.isIP(address);
  if (!family) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** A matcher for client addresses; IPv4 clients seen as `::ffff:a.b.c.d` match their IPv4 ranges. */
export function addressMatcher(cidrs: readonly string[]): (address: string) => boolean {
  const list = new net.BlockList();
  for (const cidr of cidrs) {
    const [address = '', prefix = ''] = cidr.split('/');
    const family = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    list.addSubnet(address, Number(prefix), family);
  }
  return (raw) => {
    const address = raw.startsWith('::ffff:') && net.isIPv4(raw.slice(7)) ? raw.slice(7) : raw;
    const family = net.isIP(address);
    if (!family) return false;
    return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}
