import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { TCarrierSandbox, TSandboxSnapshot } from './index.js';

/**
 * The demo's sandbox state on disk (docs/decisions/0051): the demo seed creates real parcels in a
 * sandbox, and `npm start` later restarts the sandbox from this file, so the demo shop's tracking
 * numbers are still known to the fake carriers (validation, labels, tracking) after a restart.
 */
export const sandboxStateFile = (dataDir: string) => path.join(dataDir, 'carrier-sandbox.json');

/** The saved state, or undefined when there is none or it cannot be read (a fresh sandbox then). */
export async function readSandboxSnapshot(file: string): Promise<TSandboxSnapshot | undefined> {
  try {
    const saved = JSON.parse(await fs.readFile(file, 'utf8')) as TSandboxSnapshot;
    return saved.version === 1 && Array.isArray(saved.store?.parcels) ? saved : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the state atomically (a temporary file renamed over the old one). */
export async function writeSandboxSnapshot(file: string, sandbox: Pick<TCarrierSandbox, 'snapshot'>): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temporary, JSON.stringify(sandbox.snapshot()));
  await fs.rename(temporary, file);
}
