import type { Db } from '../../db/client.js';
import { withSystem } from '../../db/tenant-context.js';
import { AppError } from '../../lib/app-error.js';
import { addressKey } from './client-address.js';
import * as repo from './login-throttle.repository.js';

interface TLimit {
  max: number;
  windowSeconds: number;
}

/** The three counters of one kind of attempt (docs/decisions/0038). */
interface TLimits {
  /** One account from one address: what a person mistyping their password hits. */
  pair: TLimit;
  /** One account from every address; over it only the account's known addresses get through. */
  account: TLimit;
  /** One address across accounts (password spraying); the account's known addresses pass. */
  ip: TLimit;
}

/**
 * ARCHITECTURE 3.3: sign-in is limited per account and per address (429 with Retry-After), in a
 * way a stranger cannot turn against the owner: only the (account, address) pair is locked after
 * 5 failures, and the account-wide ceiling, far above anyone's typing, never stops the addresses
 * the account signed in from before.
 */
export const LOGIN_LIMITS = {
  pair: { max: 5, windowSeconds: 15 * 60 },
  account: { max: 50, windowSeconds: 15 * 60 },
  ip: { max: 30, windowSeconds: 15 * 60 },
} as const satisfies TLimits;

/** Password reset mails: an inbox gets a few an hour at most, an address cannot mail everyone. */
export const RESET_MAIL_LIMITS = {
  pair: { max: 3, windowSeconds: 60 * 60 },
  account: { max: 5, windowSeconds: 60 * 60 },
  ip: { max: 10, windowSeconds: 60 * 60 },
} as const satisfies TLimits;

/** How long an address the account signed in from stays known. */
const KNOWN_ADDRESS_DAYS = 30;

/** Who an attempt is for; the realms never share an account's counters (ARCHITECTURE 3.3). */
export const accountOf = (realm: 'shop' | 'central', email: string) => `${realm}:${email.trim().toLowerCase()}`;

type TKind = 'login' | 'reset';

function keysOf(kind: TKind, account: string, address: string) {
  return {
    pair: `${kind}:pair:${account}|${address}`,
    account: `${kind}:account:${account}`,
    ip: `${kind}:address:${address}`,
  };
}

/**
 * Counts one attempt, atomically: the counters are locked, checked and raised in one transaction
 * that commits before the password is verified, so of N parallel attempts exactly the ones under
 * the limit go on. A refused attempt counts nothing and answers how long to wait.
 */
async function reserve(
  db: Db,
  options: { kind: TKind; limits: TLimits; account: string; ip: string },
): Promise<{ retryAfter: number } | null> {
  const address = addressKey(options.ip);
  const keys = keysOf(options.kind, options.account, address);
  await repo.sweepStaleCounters(db);
  return withSystem(db, async (tx) => {
    const known = await repo.isKnownAddress(tx, options.account, address, KNOWN_ADDRESS_DAYS);
    const checks = (['pair', 'account', 'ip'] as const)
      .map((name) => ({ key: keys[name], limit: options.limits[name], enforced: name === 'pair' || !known }))
      .sort((a, b) => (a.key < b.key ? -1 : 1));
    const rows = await repo.lockCounters(
      tx,
      checks.map((check) => check.key),
    );
    const locked = new Map(rows.map((row) => [row.key, row]));
    const counters = checks.map((check) => {
      const row = locked.get(check.key)!;
      const now = row.now.getTime();
      const endsAt = row.window_started_at.getTime() + check.limit.windowSeconds * 1000;
      const expired = endsAt <= now;
      return { ...check, expired, hits: expired ? 0 : row.hits, secondsLeft: Math.ceil((endsAt - now) / 1000) };
    });
    const full = counters.filter((c) => c.enforced && c.hits >= c.limit.max);
    if (full.length) return { retryAfter: Math.max(1, ...full.map((c) => c.secondsLeft)) };
    for (const counter of counters) {
      const hits = counter.hits + 1;
      // The window restarts when a counter fills, so a lock lasts a whole window after the last attempt.
      await repo.saveCounter(tx, counter.key, hits, counter.expired || hits >= counter.limit.max);
    }
    return null;
  });
}

/** Before a password is verified: counts the attempt, or refuses it with 429 and Retry-After. */
export async function reserveLoginAttempt(db: Db, account: string, ip: string): Promise<void> {
  const refused = await reserve(db, { kind: 'login', limits: LOGIN_LIMITS, account, ip });
  if (!refused) return;
  const message = `Too many login attempts. Please try again in ${refused.retryAfter} seconds.`;
  throw new AppError('too_many_requests', message, {
    headers: { 'Retry-After': String(refused.retryAfter) },
    errors: { email: [message] },
  });
}

/**
 * The password was right: the attempt was no failure. The pair starts over, the account and
 * address counters get the attempt back, and the address becomes one the account is known at.
 */
export async function recordLoginSuccess(db: Db, account: string, ip: string): Promise<void> {
  const address = addressKey(ip);
  const keys = keysOf('login', account, address);
  await withSystem(db, async (tx) => {
    // In the reservation's lock order (sorted keys), so the two never deadlock.
    for (const key of [keys.pair, keys.account, keys.ip].sort()) {
      if (key === keys.pair) await repo.deleteCounter(tx, key);
      else await repo.refundCounter(tx, key);
    }
    await repo.rememberAddress(tx, account, address, KNOWN_ADDRESS_DAYS);
  });
}

/**
 * Whether a reset mail may go out for this request. Counted whether or not the account exists,
 * so the limits say nothing about which e-mails have accounts.
 */
export async function reserveResetMail(db: Db, account: string, ip: string): Promise<boolean> {
  return (await reserve(db, { kind: 'reset', limits: RESET_MAIL_LIMITS, account, ip })) === null;
}
