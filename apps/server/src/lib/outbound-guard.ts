import net from 'node:net';
import { englishOf, m, type TMessageToken } from '@cod/shared';

/**
 * What the server may call (docs/decisions/0037): the rules behind every outgoing request, so a
 * URL a tenant types (a carrier's base URL, later a call-centre webhook) can never make the server
 * read its own network (server-side request forgery). Pure: outbound-fetch.ts applies them when
 * it connects, the services when a URL is saved.
 */
export interface TOutboundPolicy {
  /**
   * Loopback, private and link-local destinations, plain http and any port: local fake servers in
   * tests and development only (OUTBOUND_ALLOW_PRIVATE). Never in production.
   */
  allowPrivate: boolean;
}

export const STRICT_POLICY: TOutboundPolicy = Object.freeze({ allowPrivate: false });

let processPolicy: TOutboundPolicy = STRICT_POLICY;

/** Set once from the configuration when the app is built (http/app.ts); strict until then. */
export function configureOutbound(policy: TOutboundPolicy): void {
  processPolicy = Object.freeze({ allowPrivate: policy.allowPrivate });
}

export function outboundPolicy(): TOutboundPolicy {
  return processPolicy;
}

/** Why a destination is refused; the code stays in logs, people see one generic message. */
export type TRefusalReason =
  'scheme' | 'userinfo' | 'query_or_fragment' | 'malformed' | 'port' | 'host' | 'not_public' | 'not_allowed_host';

export class OutboundRefusedError extends Error {
  /** Read by the carriers' HTTP layer like a connection error code (never sent, never retried). */
  readonly code = 'OUTBOUND_REFUSED';
  constructor(readonly reason: TRefusalReason) {
    super(`outbound request refused (${reason})`);
    this.name = 'OutboundRefusedError';
  }
}

// ---------------------------------------------------------------------------------------------
// Addresses

type TRange = readonly [base: string, bits: number, category: string];

/**
 * IPv4 ranges that are not the public internet (RFC 6890 and the IANA special-purpose registry),
 * plus cloud metadata addresses that are public-looking (Azure's wire server).
 */
const IPV4_REFUSED: readonly TRange[] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared'], // carrier-grade NAT; Alibaba's metadata 100.100.100.200
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'], // 169.254.169.254: AWS, GCP, Azure, OpenStack metadata
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'], // IETF assignments; Oracle's metadata 192.0.0.192
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, 'reserved'], // 6to4 relay anycast
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'], // benchmarking
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'], // includes 255.255.255.255
  ['168.63.129.16', 32, 'metadata'], // Azure wire server
];

/**
 * IPv6: only global unicast (2000::/3) can be public; inside it, these are not. IPv4-mapped,
 * NAT64 and 6to4 addresses are judged by the IPv4 address they carry.
 */
const IPV6_REFUSED_IN_GLOBAL: readonly TRange[] = [
  ['2001::', 23, 'reserved'], // Teredo, benchmarking, ORCHID
  ['2001:db8::', 32, 'documentation'],
  ['3fff::', 20, 'documentation'],
];

function ipv4Number(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function inIpv4Range(value: number, [base, bits]: TRange): boolean {
  if (bits === 0) return true;
  const size = 2 ** (32 - bits);
  return Math.floor(value / size) === Math.floor(ipv4Number(base) / size);
}

/** Eight 16-bit groups; `address` is known valid (net.isIP === 6), without a zone. */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = ipv4Number(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const middle = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...middle, ...right];
}

function inIpv6Range(groups: readonly number[], [base, bits]: TRange): boolean {
  const baseGroups = ipv6Groups(base);
  for (let i = 0; i < 8 && bits > 0; i++, bits -= 16) {
    const mask = bits >= 16 ? 0xffff : (0xffff << (16 - bits)) & 0xffff;
    if ((groups[i]! & mask) !== (baseGroups[i]! & mask)) return false;
  }
  return true;
}

const embeddedIpv4 = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * Why an IP address is not a public internet destination (loopback, private, link-local, metadata,
 * multicast, reserved...), or null when it is one. Anything that is not an IP address is refused.
 */
export function addressRefusal(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const version = net.isIP(bare);
  if (version === 4) {
    const value = ipv4Number(bare);
    return IPV4_REFUSED.find((range) => inIpv4Range(value, range))?.[2] ?? null;
  }
  if (version !== 6) return 'not an address';
  const g = ipv6Groups(bare);
  const zerosUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  // ::ffff:a.b.c.d (IPv4-mapped) and 64:ff9b::a.b.c.d (NAT64) reach the IPv4 address inside.
  if (zerosUpTo(5) && g[5] === 0xffff) return addressRefusal(embeddedIpv4(g[6]!, g[7]!));
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) {
    return addressRefusal(embeddedIpv4(g[6]!, g[7]!));
  }
  // 2002:abcd:efgh::/48 is 6to4 for the IPv4 address ab.cd.ef.gh.
  if (g[0] === 0x2002) return addressRefusal(embeddedIpv4(g[1]!, g[2]!)) ?? 'reserved';
  if (zerosUpTo(7) && g[7] === 1) return 'loopback';
  if (zerosUpTo(8)) return 'unspecified';
  if ((g[0]! & 0xfe00) === 0xfc00) return 'private'; // fc00::/7 unique local; AWS metadata fd00:ec2::254
  if ((g[0]! & 0xffc0) === 0xfe80) return 'link-local';
  if ((g[0]! & 0xff00) === 0xff00) return 'multicast';
  if ((g[0]! & 0xe000) !== 0x2000) return 'reserved'; // outside global unicast: ::/8, fec0::/10...
  return IPV6_REFUSED_IN_GLOBAL.find((range) => inIpv6Range(g, range))?.[2] ?? null;
}

export function isPublicAddress(address: string): boolean {
  return addressRefusal(address) === null;
}

// ---------------------------------------------------------------------------------------------
// URLs

/** Names that never leave the machine or the local network, whatever DNS answers for them. */
const LOCAL_NAME = /(^|\.)(localhost|local|localdomain|internal|intranet|lan|home\.arpa|corp)$/;

/** The host as a bare name or address: no brackets, lower case, no trailing dot. */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
}

export interface TUrlRules {
  policy: TOutboundPolicy;
  /** A base URL (stored by a tenant): no query, no fragment; paths are appended to it. */
  base?: boolean;
  /**
   * The only public hosts allowed (a carrier's fixed API hosts). With allowPrivate, local fakes
   * (loopback and private addresses, localhost) stay allowed besides them.
   */
  hosts?: readonly string[];
}

/**
 * The static half of the guard, for a URL about to be saved or called: https only, no user info,
 * no query or fragment tricks in a base URL, the default port, and a host that is not an address
 * outside the public internet nor a local name. Names are checked again by outbound-fetch.ts once
 * resolved, at connect time. Returns the reason or null.
 */
export function urlRefusal(raw: string | URL, rules: TUrlRules): TRefusalReason | null {
  const text = String(raw);
  // Whitespace, backslashes and control characters are how parsers are made to disagree.
  if (/[\s\\]/.test(text) || [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) {
    return 'malformed';
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'malformed';
  }
  const { allowPrivate } = rules.policy;
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return 'scheme';
  if (url.username || url.password || /^[a-z]+:\/\/[^/?#]*@/i.test(text)) return 'userinfo';
  if (rules.base && (text.includes('?') || text.includes('#'))) return 'query_or_fragment';
  if (!allowPrivate && url.port !== '' && url.port !== '443') return 'port';
  const host = bareHost(url);
  if (!host) return 'host';
  const literal = net.isIP(host) !== 0;
  const local = literal ? !isPublicAddress(host) : LOCAL_NAME.test(host) || !host.includes('.');
  if (rules.hosts && !rules.hosts.includes(host) && !(allowPrivate && local)) return 'not_allowed_host';
  if (local && !allowPrivate) return 'not_public';
  return null;
}

/** Throws OutboundRefusedError; answers the parsed URL. */
export function assertOutboundUrl(raw: string | URL, rules: TUrlRules): URL {
  const reason = urlRefusal(raw, rules);
  if (reason) throw new OutboundRefusedError(reason);
  return new URL(String(raw));
}

/** Text for a person fixing a URL on a form (save time: no DNS, so no oracle). */
export function refusalText(reason: TRefusalReason, hosts?: readonly string[]): string {
  return englishOf(refusalToken(reason, hosts));
}

/** The same as a catalogue token (docs/decisions/0041), so the form shows it in the user's language. */
export function refusalToken(reason: TRefusalReason, hosts?: readonly string[]): TMessageToken {
  switch (reason) {
    case 'scheme':
      return m('base_url.scheme');
    case 'userinfo':
      return m('base_url.userinfo');
    case 'query_or_fragment':
      return m('base_url.query_or_fragment');
    case 'port':
      return m('base_url.port');
    case 'not_allowed_host':
      return m('base_url.not_allowed_host', { hosts: (hosts ?? []).join(' or ') });
    case 'host':
    case 'not_public':
      return m('base_url.not_public');
    case 'malformed':
      return m('base_url.malformed');
  }
}
