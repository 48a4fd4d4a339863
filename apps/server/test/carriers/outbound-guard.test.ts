import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { CARRIER_API_HOSTS } from '../../src/carriers/catalogue.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { guardedLookup, type TResolve } from '../../src/lib/outbound-fetch.js';
import {
  addressRefusal,
  isPublicAddress,
  refusalText,
  STRICT_POLICY,
  urlRefusal,
  type TRefusalReason,
} from '../../src/lib/outbound-guard.js';

/** Decision 0037, the pure half: which addresses and URLs the server may call. */
const LOCAL = { allowPrivate: true } as const;
const strict = (url: string, extra: { base?: boolean; hosts?: readonly string[] } = {}) =>
  urlRefusal(url, { policy: STRICT_POLICY, ...extra });

describe('addresses', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'], // AWS / GCP / Azure metadata
    ['100.100.100.200', 'shared'], // Alibaba metadata
    ['168.63.129.16', 'metadata'], // Azure wire server
    ['192.0.0.192', 'reserved'], // Oracle metadata
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'private'],
    ['fd00:ec2::254', 'private'], // AWS metadata over IPv6
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'], // IPv4-mapped
    ['::ffff:7f00:1', 'loopback'],
    ['[::ffff:a9fe:a9fe]', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
    ['64:ff9b::7f00:1', 'loopback'], // NAT64
    ['2002:7f00:1::1', 'loopback'], // 6to4 of 127.0.0.1
    ['::127.0.0.1', 'reserved'], // IPv4-compatible (deprecated)
    ['2001:db8::1', 'documentation'],
    ['2001::1', 'reserved'], // Teredo
    ['localhost', 'not an address'],
    ['2130706433', 'not an address'],
  ])('%s is refused (%s)', (address, category) => {
    expect(addressRefusal(address)).toBe(category);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '41.111.1.1', '2606:4700:4700::1111', '2a00:1450:4007:80f::200e', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(addressRefusal(address)).toBeNull();
    },
  );
});

describe('URLs (strict: production)', () => {
  it.each<[string, TRefusalReason]>([
    ['https://127.0.0.1/', 'not_public'],
    ['https://2130706433/', 'not_public'], // decimal 127.0.0.1
    ['https://0x7f000001/', 'not_public'], // hex
    ['https://0177.0.0.1/', 'not_public'], // octal
    ['https://127.1/', 'not_public'], // short form
    ['https://0/', 'not_public'],
    ['https://%31%32%37.0.0.1/', 'not_public'],
    ['https://[::1]/', 'not_public'],
    ['https://[fc00::1]/', 'not_public'],
    ['https://[fe80::1]/', 'not_public'],
    ['https://[::ffff:127.0.0.1]/', 'not_public'],
    ['https://169.254.169.254/latest/meta-data/', 'not_public'],
    ['https://10.0.0.5/', 'not_public'],
    ['https://localhost/', 'not_public'],
    ['https://LOCALHOST./', 'not_public'],
    ['https://api.localhost/', 'not_public'],
    ['https://metadata.google.internal/', 'not_public'],
    ['https://printer/', 'not_public'], // single-label names go through DNS search domains
    ['http://api.yalidine.app/v1', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['gopher://carrier.example/', 'scheme'],
    ['https://carrier.example:8443/', 'port'],
    ['https://carrier.example:22/', 'port'],
    ['https://user:pw@carrier.example/', 'userinfo'],
    ['https://carrier.example@127.0.0.1/', 'userinfo'],
    ['https://carrier.example\\@127.0.0.1/', 'malformed'],
    ['https://carrier.example/ x', 'malformed'],
    ['not a url', 'malformed'],
  ])('%s is refused (%s)', (url, reason) => {
    expect(strict(url)).toBe(reason);
  });

  it('keeps a base URL free of query and fragment: "#" would cut the carrier path off', () => {
    expect(strict('https://carrier.example/api#', { base: true })).toBe('query_or_fragment');
    expect(strict('https://carrier.example/api#x', { base: true })).toBe('query_or_fragment');
    expect(strict('https://carrier.example/api?x=', { base: true })).toBe('query_or_fragment');
    // A request URL (not a base) carries its query: EcoTrack sends the token there.
    expect(strict('https://carrier.example/api/v1/get/orders?api_token=x')).toBeNull();
  });

  it('accepts public https hosts, and only the fixed API hosts of carriers that have them', () => {
    const yalidine = { base: true, hosts: CARRIER_API_HOSTS.yalidine };
    expect(strict('https://api.yalidine.app/v1', yalidine)).toBeNull();
    expect(strict('https://API.Yalidine.app./v1/', yalidine)).toBeNull();
    expect(strict('https://api.guepex.app/v1', yalidine)).toBeNull();
    expect(strict('https://api.yalidine.app:443/v1', yalidine)).toBeNull();
    expect(strict('https://api.yalidine.app.evil.example/v1', yalidine)).toBe('not_allowed_host');
    expect(strict('https://evil.example/v1', yalidine)).toBe('not_allowed_host');
    expect(strict('https://127.0.0.1/v1', yalidine)).toBe('not_allowed_host');
    expect(strict('https://app.noest-dz.com', { base: true, hosts: CARRIER_API_HOSTS.noest })).toBeNull();
    // EcoTrack: one host per carrier.
    expect(CARRIER_API_HOSTS.ecotrack).toBeUndefined();
    expect(strict('https://dhd.ecotrack.dz', { base: true })).toBeNull();
    expect(strict('https://platform.dhd-dz.com', { base: true })).toBeNull();
  });

  it('with the private allowance (tests, local fakes): loopback over http, but no other host nor trick', () => {
    const local = (url: string, extra: { base?: boolean; hosts?: readonly string[] } = {}) =>
      urlRefusal(url, { policy: LOCAL, ...extra });
    expect(local('http://127.0.0.1:4010/yalidine/v1', { base: true, hosts: CARRIER_API_HOSTS.yalidine })).toBeNull();
    expect(local('http://localhost:4010/x', { base: true })).toBeNull();
    expect(local('https://evil.example/v1', { base: true, hosts: CARRIER_API_HOSTS.yalidine })).toBe(
      'not_allowed_host',
    );
    expect(local('http://127.0.0.1:4010/x#', { base: true })).toBe('query_or_fragment');
    expect(local('http://u@127.0.0.1:4010/x', { base: true })).toBe('userinfo');
    expect(local('ftp://127.0.0.1/x')).toBe('scheme');
  });

  it('has a sentence for every reason, with no network detail in it', () => {
    const reasons: TRefusalReason[] = [
      'scheme',
      'userinfo',
      'query_or_fragment',
      'malformed',
      'port',
      'host',
      'not_public',
      'not_allowed_host',
    ];
    for (const reason of reasons) expect(refusalText(reason, ['api.yalidine.app'])).toMatch(/^The address /);
  });
});

describe('connect-time check (the lookup every outbound connection uses)', () => {
  const lookup = (resolve: TResolve, policy = STRICT_POLICY) =>
    new Promise<{ error: NodeJS.ErrnoException | null; addresses: unknown }>((done) =>
      guardedLookup(policy, resolve)('carrier.example', { all: true }, (error, addresses) =>
        done({ error, addresses }),
      ),
    );
  const answering =
    (...addresses: string[]): TResolve =>
    (_host, callback) =>
      callback(
        null,
        addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })),
      );

  it('refuses a name that resolves to loopback, private, link-local or mapped addresses', async () => {
    for (const address of ['127.0.0.1', '10.0.0.7', '169.254.169.254', '::1', '::ffff:127.0.0.1', 'fd00::1']) {
      const { error } = await lookup(answering(address));
      expect(error, address).toMatchObject({ code: 'OUTBOUND_REFUSED' });
    }
    // One private answer among public ones refuses the name.
    expect((await lookup(answering('8.8.8.8', '127.0.0.1'))).error).toMatchObject({ code: 'OUTBOUND_REFUSED' });
  });

  it('resolves again at every connection: a name rebound to loopback after a public answer is refused', async () => {
    let calls = 0;
    const rebinding: TResolve = (host, callback) =>
      (++calls === 1 ? answering('8.8.8.8') : answering('127.0.0.1'))(host, callback);
    expect((await lookup(rebinding)).error).toBeNull();
    expect((await lookup(rebinding)).error).toMatchObject({ code: 'OUTBOUND_REFUSED' });
  });

  it('passes public answers through, and private ones only with the allowance', async () => {
    expect(await lookup(answering('8.8.8.8'))).toEqual({ error: null, addresses: [{ address: '8.8.8.8', family: 4 }] });
    expect((await lookup(answering('127.0.0.1'), LOCAL)).error).toBeNull();
  });
});

describe('configuration', () => {
  it('is strict unless OUTBOUND_ALLOW_PRIVATE=true, which production refuses', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).OUTBOUND_ALLOW_PRIVATE).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', OUTBOUND_ALLOW_PRIVATE: 'true' }).OUTBOUND_ALLOW_PRIVATE).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', OUTBOUND_ALLOW_PRIVATE: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ OUTBOUND_ALLOW_PRIVATE: 'yes' })).toThrow(ConfigError);
  });
});
