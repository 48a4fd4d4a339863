import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/client.js';
import { withSystem } from '../../db/tenant-context.js';
import * as repo from './imports.repository.js';

// An upload is checked within a minute; older, and named by no processing batch, nobody will use it.
const ORPHAN_AFTER_MS = 60 * 60 * 1000;

/**
 * Removes the uploads no processing batch needs: files left by a process that died while checking
 * them (before a batch existed) or while ending a batch. Another instance's upload in progress is
 * younger than an hour and stays. Answers how many were removed.
 */
export async function removeOrphanUploads(db: Db, directory: string, now = Date.now()): Promise<number> {
  const names = await fs.readdir(directory).catch(() => [] as string[]);
  if (!names.length) return 0;
  // Compared by name: the data directory may be spelled differently from one start to the next.
  const needed = new Set((await withSystem(db, (tx) => repo.processingFiles(tx))).map((file) => path.basename(file)));
  let removed = 0;
  for (const name of names) {
    if (needed.has(name)) continue;
    const file = path.join(directory, name);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile() || now - stat.mtimeMs < ORPHAN_AFTER_MS) continue;
    await fs.rm(file, { force: true });
    removed++;
  }
  return removed;
}
