import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { AppError } from '../lib/app-error.js';
import { createTenant } from '../modules/tenants/tenants.service.js';
import { registerErrorHandler } from './error-handler.js';

/** Where the server that owns an embedded database says how to reach it (decision 0145). */
export const LOCAL_ADMIN_FILE = 'local-admin.json';

export interface TLocalAdminAddress {
  pid: number;
  url: string;
  token: string;
}

/**
 * The operator's way into a running server that owns the embedded database: `npm run tenant --
 * create` cannot open the database beside it (decision 0145), so it asks the server to create the
 * shop. A listener of its own on 127.0.0.1 (a reverse proxy in front of PORT never reaches it),
 * and a random token in DATA_DIR/local-admin.json that only this user can read (0600).
 */
export async function startLocalAdmin(options: {
  database: Database;
  dataDir: string;
  log: FastifyBaseLogger;
}): Promise<() => Promise<void>> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expected = digest(token);
  const admin = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  registerErrorHandler(admin);
  admin.addHook('onRequest', async (request) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    if (!given || !crypto.timingSafeEqual(digest(given), expected)) {
      throw new AppError('unauthenticated', 'Unauthenticated.');
    }
  });
  // The same use case, and so the same rules, as the CLI on a database it opens itself.
  admin.post('/tenants', async (request, reply) => {
    const { tenant, ownerId } = await createTenant(options.database.db, request.body);
    options.log.info({ tenantId: tenant.id, cqName: tenant.cqName }, 'tenant created by npm run tenant');
    return reply.status(201).send({ tenant: { id: tenant.id, cqName: tenant.cqName }, ownerId });
  });
  await admin.listen({ port: 0, host: '127.0.0.1' });
  const { port } = admin.server.address() as { port: number };
  const file = path.join(options.dataDir, LOCAL_ADMIN_FILE);
  writePrivately(file, { pid: process.pid, url: `http://127.0.0.1:${port}`, token });
  return async () => {
    if (readLocalAdmin(options.dataDir)?.token === token) fs.rmSync(file, { force: true });
    await admin.close();
  };
}

/** The running server's address, when it left one in the data folder; null otherwise. */
export function readLocalAdmin(dataDir: string): TLocalAdminAddress | null {
  try {
    const value = JSON.parse(fs.readFileSync(path.join(dataDir, LOCAL_ADMIN_FILE), 'utf8')) as TLocalAdminAddress;
    return Number.isInteger(value.pid) && typeof value.url === 'string' && typeof value.token === 'string'
      ? value
      : null;
  } catch {
    return null;
  }
}

function digest(value: string): Buffer {
  return crypto.createHash('sha256').update(value).digest();
}

/** Created 0600 before the token is in it, then renamed into place: never readable by others. */
function writePrivately(file: string, content: TLocalAdminAddress): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.rmSync(temporary, { force: true });
  fs.writeFileSync(temporary, `${JSON.stringify(content)}\n`, { mode: 0o600, flag: 'wx' });
  fs.chmodSync(temporary, 0o600);
  fs.renameSync(temporary, file);
}
