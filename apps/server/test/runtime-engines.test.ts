import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Decision 0075: the product runs on Node 20.19+, 22.13+ and 24+; `npm install` on any of them must
// print no engine warning. Every installed package's `engines.node` (npm records it in the lock
// file) must accept the lowest version of each line the root's `engines` allows.
const root = path.resolve(import.meta.dirname, '../../..');
// semver is npm's own range checker (installed with fastify); only its `satisfies` is used.
const semver = createRequire(import.meta.url)('semver') as { satisfies(version: string, range: string): boolean };

interface TLock {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; optional?: boolean }>;
}

describe('the Node versions the product supports', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as TLock;
  const lowest = ['20.19.0', '22.13.0', '24.0.0'];

  it("the root's engines allow exactly these lines", () => {
    for (const version of lowest) expect(semver.satisfies(version, pkg.engines.node)).toBe(true);
    expect(semver.satisfies('20.18.0', pkg.engines.node)).toBe(false);
  });

  it('accepts every installed package', () => {
    const refused: string[] = [];
    for (const [where, entry] of Object.entries(lock.packages)) {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!where || !range) continue;
      for (const version of lowest) {
        if (!semver.satisfies(version, range))
          refused.push(`${where}@${entry.version} wants node ${range} (${version})`);
      }
    }
    expect(refused).toEqual([]);
  });
});
