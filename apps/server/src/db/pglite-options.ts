import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * How the embedded database is opened so that an idle server stays small (docs/operations/memory.md,
 * docs/decisions/0076).
 *
 * - shared_buffers 32 MB instead of PGlite's 128 MB: PostgreSQL's page cache lives inside the
 *   WebAssembly memory, which never shrinks. The files stay in the operating system's cache, so a
 *   page that falls out of the 32 MB is a read from memory, not from disk.
 * - The first start (an empty data directory) runs initdb in a child process: PGlite's initdb is a
 *   second WebAssembly instance that kept about 300 MB in the server for the rest of its life.
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

export function pgliteStartParams(defaults: readonly string[]): string[] {
  return [...defaults, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
}

const run = promisify(execFile);

/** Creates the cluster in `dir` from a short-lived process, when there is none yet. */
export async function initialisePgliteDirectory(dir: string): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const script = [
    `const { PGlite } = await import(${JSON.stringify(pglite)});`,
    `const db = await PGlite.create(${JSON.stringify(dir)});`,
    'await db.close();',
  ].join('\n');
  await run(process.execPath, ['--input-type=module', '-e', script], { maxBuffer: 16 * 1024 * 1024 });
}
