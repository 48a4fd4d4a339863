import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** The repository's root, where `npm start` and `npm run tenant` are typed (README). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Every live process under `pid` (Linux /proc), with its command line. */
export function descendants(pid: number): Array<{ pid: number; command: string }> {
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces and parentheses, so split after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: Array<{ pid: number; command: string }> = [];
  const visit = (parent: number) => {
    for (const child of parents.get(parent) ?? []) {
      found.push({ pid: child, command: commandOf(child) });
      visit(child);
    }
  };
  visit(pid);
  return found;
}

function commandOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

export function alive(pid: number): boolean {
  try {
    // A zombie (exited, not yet reaped) holds no resources: count it as gone.
    return !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Runs a command at the repository root the way a person types it; collects its output. */
export function runAtRoot(
  command: string,
  args: string[],
  env: Record<string, string>,
): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    // Its own process group, so that `stopGroup` can clean up after a failed test.
    detached: true,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...env },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Kills whatever is left of a process group started by `runAtRoot` (a failed test's leftovers). */
export function stopGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

export async function waitFor<T>(
  what: string | (() => string),
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 60_000,
) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${typeof what === 'function' ? what() : what}`);
}

export async function healthy(baseURL: string): Promise<true | undefined> {
  try {
    return (await fetch(`${baseURL}/health`)).status === 200 ? true : undefined;
  } catch {
    return undefined;
  }
}
