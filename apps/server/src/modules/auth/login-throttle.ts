import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import * as repo from './login-throttle.repository.js';

/** ARCHITECTURE 3.3: sign-in is limited per account and per IP (429 with Retry-After). */
export const LOGIN_LIMITS = {
  account: { max: 5, windowSeconds: 15 * 60 },
  ip: { max: 30, windowSeconds: 15 * 60 },
} as const;

const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

export async function assertLoginAllowed(tx: Tx, email: string, ip: string): Promise<void> {
  const checks = [
    { key: accountKey(email), limit: LOGIN_LIMITS.account },
    { key: ipKey(ip), limit: LOGIN_LIMITS.ip },
  ];
  for (const { key, limit } of checks) {
    const { count, oldest } = await repo.failuresSince(tx, key, limit.windowSeconds);
    if (count < limit.max || !oldest) continue;
    const retryAfter = Math.max(1, Math.ceil((oldest.getTime() + limit.windowSeconds * 1000 - Date.now()) / 1000));
    throw new AppError('too_many_requests', `Too many login attempts. Please try again in ${retryAfter} seconds.`, {
      headers: { 'Retry-After': String(retryAfter) },
      errors: { email: [`Too many login attempts. Please try again in ${retryAfter} seconds.`] },
    });
  }
}

export async function recordLoginFailure(tx: Tx, email: string, ip: string): Promise<void> {
  await repo.recordFailure(tx, [accountKey(email), ipKey(ip)], LOGIN_LIMITS.account.windowSeconds);
}

export async function recordLoginSuccess(tx: Tx, email: string): Promise<void> {
  await repo.clearFailures(tx, accountKey(email));
}
