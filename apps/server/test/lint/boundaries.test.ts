import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * docs/decisions/0044: the layer and module boundaries are checked by `npm run lint`
 * (no-restricted-imports in eslint.config.js). Planted files, linted as if they sat in the tree,
 * show each boundary is enforced and that a file keeping to its layer passes.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: repoRoot });
const RULE = 'no-restricted-imports';

/** The boundary messages for a file of these lines, planted at `relativePath`. */
async function restrictedImports(relativePath: string, lines: string[]) {
  const code = [...lines, ''].join('\n');
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, relativePath) });
  return result!.messages.filter((message) => message.ruleId === RULE).map((message) => message.message);
}

const providers = 'apps/server/src/modules/providers';

describe('layer boundaries (eslint no-restricted-imports)', () => {
  it('refuses the database in a route: db/, drizzle-orm, drivers, repositories', async () => {
    const found = await restrictedImports(`${providers}/planted.routes.ts`, [
      "import { withTenant } from '../../db/tenant-context.js';",
      "import type { Db } from '../../db/client.js';",
      "import { sql } from 'drizzle-orm';",
      "import postgres from 'postgres';",
      "import { PGlite } from '@electric-sql/pglite';",
      "import * as repo from './providers.repository.js';",
      'export const planted = [withTenant, sql, postgres, PGlite, repo] as unknown as Db;',
    ]);
    expect(found).toHaveLength(6);
    expect(found[0]).toMatch(/Routes do not touch the database/);
    expect(found[5]).toMatch(/Routes do not call repositories/);
  });

  it('refuses a service, a route or a use case in a repository', async () => {
    const found = await restrictedImports(`${providers}/planted.repository.ts`, [
      "import * as service from './providers.service.js';",
      "import { registerProviderRoutes } from './providers.routes.js';",
      "import { createOrder } from '../orders/create-order.js';",
      'export const planted = [service, registerProviderRoutes, createOrder];',
    ]);
    expect(found).toHaveLength(3);
    for (const message of found) expect(message).toMatch(/A repository is the bottom layer/);
  });

  it('refuses drizzle-orm outside repositories and db/', async () => {
    const found = await restrictedImports(`${providers}/planted.service.ts`, [
      "import { sql } from 'drizzle-orm';",
      'export const planted = sql;',
    ]);
    expect(found).toEqual([expect.stringMatching(/SQL lives in repositories and db\//)]);
    expect(
      await restrictedImports('apps/server/src/lib/planted.ts', [
        "import { sql } from 'drizzle-orm';",
        'export const p = sql;',
      ]),
    ).toHaveLength(1);
  });

  it("refuses another module's repository or routes, from any file of a module", async () => {
    const code = [
      "import { listMovements } from '../stock/stock.repository.js';",
      "import { registerStockRoutes } from '../stock/stock.routes.js';",
      'export const planted = [listMovements, registerStockRoutes];',
    ];
    const inModule = await restrictedImports(`${providers}/planted.ts`, code);
    expect(inModule).toEqual([
      expect.stringMatching(/Another module's repository/),
      expect.stringMatching(/Another module's routes/),
    ]);
    // A repository may use its own module's repositories, never another module's.
    const inRepository = await restrictedImports(`${providers}/planted.repository.ts`, code);
    expect(inRepository).toHaveLength(2);
  });

  it('lets files that keep to their layer pass', async () => {
    const keepToTheirLayer: Record<string, string[]> = {
      'planted.routes.ts': [
        "import type { FastifyInstance } from 'fastify';",
        "import { actorOf } from '../../http/actor.js';",
        "import type { TAppDeps } from '../../http/app-deps.js';",
        "import * as service from './providers.service.js';",
        'export const planted = [actorOf, service] as unknown as [FastifyInstance, TAppDeps];',
      ],
      'planted.repository.ts': [
        "import { sql } from 'drizzle-orm';",
        "import { inList } from '../../db/sql-lists.js';",
        "import * as contacts from './provider-contacts.repository.js';",
        'export const planted = [sql, inList, contacts];',
      ],
      'planted.service.ts': [
        "import { withTenant } from '../../db/tenant-context.js';",
        "import { listMovementsIn } from '../stock/stock-entries.service.js';",
        "import * as repo from './providers.repository.js';",
        'export const planted = [withTenant, listMovementsIn, repo];',
      ],
    };
    for (const [file, lines] of Object.entries(keepToTheirLayer)) {
      expect(await restrictedImports(`${providers}/${file}`, lines), file).toEqual([]);
    }
  });
});
