import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Decision 0037: every request the server makes to another machine goes through
 * lib/outbound-fetch.ts, where the destination rules are applied when it connects. This fails when
 * a module reaches the network another way (the global fetch, node:http(s) clients, sockets).
 */
const SRC = path.resolve(import.meta.dirname, '../../src');
const OUTBOUND_MODULE = 'lib/outbound-fetch.ts';
/** Servers, not clients: the carrier sandbox is an HTTP server on loopback. */
const HTTP_SERVERS = new Set(['carriers/sandbox/index.ts']);
/**
 * Clients of this server's own loopback listener, never of an address a user gives: the tenant
 * command asks the running server that owns the embedded database (decision 0145).
 */
const OWN_LOOPBACK_CLIENTS = new Set(['cli/tenant-through-server.ts']);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const RULES: Array<[string, RegExp]> = [
  ['the global fetch', /(^|[^\w$.])fetch\s*\(|globalThis\.fetch|\bwindow\.fetch/],
  ['an HTTP client library', /from\s+['"](undici|node-fetch|axios|got|ky|superagent|request)['"]/],
  ['node:https', /from\s+['"](node:)?https['"]/],
  ['raw sockets', /\b(net|tls)\.(connect|createConnection)\s*\(|from\s+['"](node:)?(tls|dgram|http2)['"]/],
  ['an http client call', /\bhttp\.(get|request)\s*\(/],
];

describe('outgoing requests', () => {
  it('leave the server through lib/outbound-fetch.ts only', () => {
    const offences: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const relative = path.relative(SRC, file).split(path.sep).join('/');
      if (relative === OUTBOUND_MODULE || OWN_LOOPBACK_CLIENTS.has(relative)) continue;
      const text = fs.readFileSync(file, 'utf8');
      for (const [what, pattern] of RULES) {
        // Carrier adapters name their HTTP layer `http` (`http.request<T>({...})`): only a module
        // importing node:http itself can make a raw client call.
        if (what === 'an http client call' && !/from\s+['"](node:)?http['"]/.test(text)) continue;
        if (pattern.test(text)) offences.push(`${relative}: ${what}`);
      }
      const valueImportsHttp = /^import\s+(?!type\b)[^;]*from\s+['"](node:)?http['"]/m.test(text);
      if (valueImportsHttp && !HTTP_SERVERS.has(relative)) offences.push(`${relative}: imports node:http`);
    }
    expect(offences).toEqual([]);
  });

  it('would see a raw call', () => {
    const [, fetchRule] = RULES[0]!;
    expect(fetchRule.test('const r = await fetch(url);')).toBe(true);
    expect(fetchRule.test('await doFetch(url)')).toBe(false);
    expect(fetchRule.test('refetch()')).toBe(false);
  });
});
