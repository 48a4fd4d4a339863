import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from '../config.js';

/** What opened the embedded database: named in the refusal a second opener reads. */
export type TLockHolderKind = 'server' | 'tenant-command' | 'script';

/** The content of DATA_DIR/pglite.lock (decision 0145). */
export interface TLockHolder {
  pid: number;
  kind: TLockHolderKind;
  /** ISO time the lock was taken. */
  since: string;
  host: string;
  command: string;
  /** Linux: the kernel's boot id and the process's start tick, so a reused pid is not taken for the holder. */
  bootId?: string;
  processStart?: string;
  /** Tells this lock from another one of the same pid (release removes only its own). */
  nonce: string;
}

export interface TDataDirLock {
  file: string;
  holder: TLockHolder;
  release(): void;
}

export const LOCK_FILE_NAME = 'pglite.lock';

const KIND_NAMES: Record<TLockHolderKind, string> = {
  server: 'the server (npm start)',
  'tenant-command': 'the tenant command (npm run tenant)',
  script: 'another process',
};

/** When and by whom, for a person: "the server (npm start), pid 123, since 2026-11-29 10:02:11 UTC". */
export function describeHolder(holder: TLockHolder): string {
  const since = Number.isNaN(Date.parse(holder.since))
    ? 'an unknown time'
    : `${new Date(holder.since).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
  const where = holder.host === os.hostname() ? '' : ` on host ${holder.host}`;
  const what = holder.kind === 'script' && holder.command ? ` (${holder.command})` : '';
  return `${KIND_NAMES[holder.kind] ?? KIND_NAMES.script}${what}, pid ${holder.pid}${where}, since ${since}`;
}

/**
 * A second process opening an embedded database that one already has open: PGlite keeps its
 * pages in the opener's memory, so two openers overwrite each other's writes without a word.
 * A ConfigError, so entry points print it as one message, without a stack trace.
 */
export class DataDirLockedError extends ConfigError {
  constructor(
    readonly dataDir: string,
    readonly holder: TLockHolder,
    readonly lockFile: string,
  ) {
    super(
      `The data folder ${dataDir} is in use by ${describeHolder(holder)}. ` +
        'Only one process at a time may open the embedded database. ' +
        whatToDo(holder, lockFile),
    );
  }
}

function whatToDo(holder: TLockHolder, lockFile: string): string {
  if (holder.host !== os.hostname()) {
    return `Stop it on ${holder.host}; if nothing runs there any more, delete ${lockFile}.`;
  }
  if (holder.kind === 'server') {
    return (
      `Stop the server first (Ctrl-C where it runs, or kill ${holder.pid}), then run this again. ` +
      'To add a shop while it runs, use `npm run tenant -- create ...` (it goes through the running server) ' +
      'or the central area.'
    );
  }
  return `Wait for it to finish or stop it (kill ${holder.pid}), then run this again.`;
}

// Locks this process holds, by file: released at exit if their database was never closed.
const held = new Map<string, string>();
process.on('exit', () => {
  for (const [file, nonce] of held) removeIfOurs(file, nonce);
});

/**
 * Takes DATA_DIR/pglite.lock with O_EXCL, or throws DataDirLockedError naming the live holder.
 * A lock whose process is gone (killed, crashed, the machine restarted) is taken over.
 */
export async function lockDataDir(dataDir: string, kind: TLockHolderKind): Promise<TDataDirLock> {
  const file = path.join(dataDir, LOCK_FILE_NAME);
  const holder: TLockHolder = {
    pid: process.pid,
    kind,
    since: new Date().toISOString(),
    host: os.hostname(),
    command: commandLine(),
    bootId: bootId(),
    processStart: processStart(process.pid),
    nonce: crypto.randomBytes(12).toString('hex'),
  };
  // Each round either creates the file, refuses, or moves a stale lock aside; a few rounds
  // cover openers racing for the same stale lock.
  for (let round = 0; round < 5; round++) {
    if (tryCreate(file, holder)) {
      held.set(file, holder.nonce);
      return {
        file,
        holder,
        release() {
          held.delete(file);
          removeIfOurs(file, holder.nonce);
        },
      };
    }
    const current = await readHolder(file);
    if (current === 'gone') continue;
    if (current !== 'unreadable' && !isStale(current)) throw new DataDirLockedError(dataDir, current, file);
    moveStaleAside(file, current);
  }
  throw new ConfigError(`Cannot take the lock ${file}: other processes keep taking it. Try again.`);
}

function tryCreate(file: string, holder: TLockHolder): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL, 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new ConfigError(
      `Cannot create the lock ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). ` +
        'Set DATA_DIR to a writable folder or fix its permissions.',
    );
  }
  try {
    fs.writeSync(fd, `${JSON.stringify(holder, null, 2)}\n`);
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

/** The lock's holder; 'unreadable' when it stays empty or garbled (its writer died before writing). */
async function readHolder(file: string): Promise<TLockHolder | 'gone' | 'unreadable'> {
  // A lock created a moment ago may not hold its content yet: give its writer a second.
  for (let attempt = 0; attempt < 10; attempt++) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return 'gone';
      throw new ConfigError(`Cannot read the lock ${file} (${code ?? (error as Error).message}). Fix its permissions.`);
    }
    const parsed = parseHolder(text);
    if (parsed) return parsed;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return 'unreadable';
}

function parseHolder(text: string): TLockHolder | null {
  try {
    const value = JSON.parse(text) as Partial<TLockHolder>;
    if (!Number.isInteger(value.pid) || typeof value.nonce !== 'string' || typeof value.host !== 'string') return null;
    return value as TLockHolder;
  } catch {
    return null;
  }
}

/**
 * Whether the holder is certainly gone: its pid is dead (or a zombie), the machine rebooted since,
 * or the pid now belongs to a process started at another time. A lock taken on another host
 * (a shared volume) cannot be judged from here and is never stale.
 */
function isStale(holder: TLockHolder): boolean {
  if (holder.host !== os.hostname()) return false;
  if ([...held.values()].includes(holder.nonce)) return false;
  const boot = bootId();
  if (holder.bootId && boot && holder.bootId !== boot) return true;
  if (!pidAlive(holder.pid)) return true;
  const start = processStart(holder.pid);
  return Boolean(holder.processStart && start && holder.processStart !== start);
}

/** Renames the stale lock aside (one racing opener wins the rename), then checks it was that one. */
function moveStaleAside(file: string, stale: TLockHolder | 'unreadable'): void {
  const aside = `${file}.stale-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  try {
    fs.renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = parseHolder(safeRead(aside));
  const sameAsJudged = stale !== 'unreadable' && moved?.nonce === stale.nonce;
  if (moved && !sameAsJudged && !isStale(moved)) {
    // Another opener took the stale lock over between our read and our rename: give it back
    // (link fails if yet another lock appeared; that one then stands).
    try {
      fs.linkSync(aside, file);
    } catch {
      // a newer lock stands
    }
  }
  fs.rmSync(aside, { force: true });
}

function removeIfOurs(file: string, nonce: string): void {
  const current = parseHolder(safeRead(file));
  if (current?.nonce === nonce) fs.rmSync(file, { force: true });
}

function safeRead(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive, another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A zombie (exited, not yet reaped by its parent) holds nothing any more.
  return procStat(pid)?.state !== 'Z';
}

function processStart(pid: number): string | undefined {
  return procStat(pid)?.start;
}

/** Linux's /proc/<pid>/stat: the state and the start time in clock ticks after boot. */
function procStat(pid: number): { state: string; start: string } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) state ppid ...: comm may hold spaces and parentheses, so split after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', start: fields[19] ?? '' };
  } catch {
    return undefined;
  }
}

function bootId(): string | undefined {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
}

function commandLine(): string {
  const script = process.argv[1] ? path.basename(process.argv[1]) : '';
  return [path.basename(process.argv0), script].filter(Boolean).join(' ');
}
