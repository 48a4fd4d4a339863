import net from 'node:net';

/**
 * The address an attempt limit counts (docs/decisions/0038). IPv4 as is, also when written
 * IPv4-mapped (`::ffff:1.2.3.4`). IPv6 by its /64: one subscriber is usually given a whole /64
 * and could otherwise take a fresh address for every attempt.
 */
export function addressKey(ip: string): string {
  const address = ip.split('%')[0] ?? ip; // a zone (fe80::1%eth0) is not part of the address
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1] && net.isIPv4(mapped[1])) return mapped[1];
  if (!net.isIPv6(address)) return address;
  return `${hextets(address).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, lower-case hex without leading zeros. */
function hextets(address: string): string[] {
  // A trailing IPv4 part (::1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const text = address.replace(/(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/, (_all, a, b, c, d) =>
    [((Number(a) << 8) | Number(b)).toString(16), ((Number(c) << 8) | Number(d)).toString(16)].join(':'),
  );
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16).toString(16));
}
