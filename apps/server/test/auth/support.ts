import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import { rows } from '../../src/db/client.js';
import { centralAdmins } from '../../src/db/schema/index.js';
import type { TApp } from '../../src/http/app.js';
import { hashPassword } from '../../src/lib/secrets.js';
import { TEST_PASSWORD, unique } from '../support/test-db.js';

/** A private address no other test is likely to use (counters are shared on PostgreSQL). */
export const randomIp = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

export interface TAttempt {
  email: string;
  password: string;
  ip: string;
  url?: '/login' | '/central/login';
  headers?: Record<string, string>;
}

/** One sign-in through the real route; answers the status. */
export async function attempt(app: TApp['app'], options: TAttempt): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: options.url ?? '/login',
    payload: { email: options.email, password: options.password },
    remoteAddress: options.ip,
    headers: options.headers,
  });
  return response.statusCode;
}

/** How many of the answers were each status, e.g. {422: 5, 429: 15}. */
export function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** A central administrator of this test alone (the demo's is shared by every test file). */
export async function createCentralAdmin(database: Database): Promise<{ email: string }> {
  const email = `${unique('central')}@central.test.dz`;
  await database.db
    .insert(centralAdmins)
    .values({ name: 'Central Test', email, passwordHash: await hashPassword(TEST_PASSWORD) });
  return { email };
}

/** Reset mails in the outbox for this address. */
export async function mailsTo(database: Database, email: string): Promise<number> {
  const [row] = await rows<{ count: number }>(
    database.db,
    sql`select count(*)::int as count from mail_outbox where lower(to_email) = lower(${email})`,
  );
  return row?.count ?? 0;
}
