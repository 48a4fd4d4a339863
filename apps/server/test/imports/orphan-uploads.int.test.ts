import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../../src/db/tenant-context.js';
import * as repo from '../../src/modules/imports/imports.repository.js';
import { removeOrphanUploads } from '../../src/modules/imports/orphan-uploads.js';
import { tempDir } from '../files/support/fixtures.js';
import { createTestTenant, openTestDatabase } from '../support/test-db.js';

// The hardening issue, part 1: an upload that crashed the server stayed in the data folder for
// good. At start, uploads no processing batch needs are removed once they are an hour old.
const database = await openTestDatabase();
const dir = tempDir();

describe('removeOrphanUploads', () => {
  it('removes old files no processing batch names, and keeps the rest', async () => {
    const tenant = await createTestTenant(database);
    const file = async (name: string, hoursAgo: number) => {
      const at = path.join(dir, name);
      await fs.writeFile(at, 'name,phone\r\n');
      const when = new Date(Date.now() - hoursAgo * 3600_000);
      await fs.utimes(at, when, when);
      return at;
    };
    const needed = await file(`${tenant.id}-needed`, 5);
    await file(`${tenant.id}-left-by-a-crash`, 2);
    await file(`${tenant.id}-being-checked`, 0);
    await withTenant(database.db, tenant.id, (tx) =>
      repo.insertBatch(tx, tenant.id, {
        userId: tenant.ownerId,
        fileName: 'a.csv',
        fileKind: 'csv',
        filePath: needed,
        totalRows: 1,
      }),
    );
    expect(await removeOrphanUploads(database.db, dir)).toBe(1);
    expect((await fs.readdir(dir)).sort()).toEqual([`${tenant.id}-being-checked`, `${tenant.id}-needed`]);
  });
});
