import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, loadDotEnv } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataDirLockedError, describeHolder } from '../db/data-dir-lock.js';
import { migrate } from '../db/migrate.js';
import { syncReferenceData } from '../db/seed/reference-data.js';
import { AppError } from '../lib/app-error.js';
import { createTenant } from '../modules/tenants/tenants.service.js';
import { runAnalyticsRebuild } from './analytics-rebuild.js';
import { createTenantThroughServer } from './tenant-through-server.js';

type TCliResult = { code: number; out: string };

const USAGE = `Usage: npm run tenant -- create <cq_name> --owner <email> --password <password> [--name "Shop name"] [--owner-name "Full name"] [--time-zone Africa/Algiers]
       npm run tenant -- analytics:rebuild <cq_name>`;

/** Issue 14.6: recomputes a shop's analytics rollups and checks them against a direct count. */
async function analyticsRebuild(env: NodeJS.ProcessEnv, cqName: string) {
  const config = loadConfig(env);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    openedBy: 'tenant-command',
  }).catch(refusal);
  if ('out' in database) return database;
  try {
    await migrate(database);
    return await runAnalyticsRebuild(database, cqName);
  } finally {
    await database.close();
  }
}

/**
 * Operator CLI: creates a tenant with its owner without the UI, on the embedded database or on
 * DATABASE_URL, through the same service (and so the same rules) as the API. When a running server
 * holds the embedded database, that server creates it (decision 0145).
 */
export async function runTenantCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<TCliResult> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        owner: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        'owner-name': { type: 'string' },
        'time-zone': { type: 'string' },
      },
    });
  } catch (error) {
    return { code: 2, out: `${(error as Error).message}\n${USAGE}` };
  }
  const [command, cqName] = parsed.positionals;
  if (command === 'analytics:rebuild' && cqName) return analyticsRebuild(env, cqName);
  if (command !== 'create' || !cqName || !parsed.values.owner || !parsed.values.password) {
    return { code: 2, out: USAGE };
  }
  const request = {
    cq_name: cqName,
    name: parsed.values.name,
    owner_email: parsed.values.owner,
    owner_name: parsed.values['owner-name'],
    owner_password: parsed.values.password,
    time_zone: parsed.values['time-zone'],
  };
  const config = loadConfig(env);
  let database;
  try {
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.dataDir,
      openedBy: 'tenant-command',
    });
  } catch (error) {
    // Decision 0145: the running server owns the embedded database, so it creates the shop.
    if (!(error instanceof DataDirLockedError) || error.holder.kind !== 'server') return refusal(error);
    const answer = await createTenantThroughServer(config.dataDir, error.holder, request);
    if (answer.ok) return created(answer.created, request.owner_email);
    if (answer.errors) return invalid(answer.errors);
    return {
      code: 1,
      out:
        `Cannot create the tenant: the data folder ${config.dataDir} is in use by ${describeHolder(error.holder)}, ` +
        `and the shop could not be created through it (${answer.reason}). ` +
        `Stop the server (Ctrl-C where it runs, or kill ${error.holder.pid}) and run this again.`,
    };
  }
  try {
    await migrate(database);
    await syncReferenceData(database.db);
    return created(await createTenant(database.db, request), request.owner_email);
  } catch (error) {
    if (error instanceof AppError) return invalid(error.errors ?? {});
    throw error;
  } finally {
    await database.close();
  }
}

function created(result: { tenant: { id: number; cqName: string }; ownerId: number }, owner: string): TCliResult {
  const { tenant, ownerId } = result;
  return {
    code: 0,
    out: `Created tenant "${tenant.cqName}" (id ${tenant.id}) with owner ${owner} (user id ${ownerId}).`,
  };
}

function invalid(errors: Record<string, string[]>): TCliResult {
  const details = Object.entries(errors).map(([field, messages]) => `  ${field}: ${messages.join(' ')}`);
  return { code: 1, out: ['Cannot create the tenant:', ...details].join('\n') };
}

/** Another process has the embedded database open: its one message, exit 1 (no stack trace). */
function refusal(error: unknown): TCliResult {
  if (error instanceof DataDirLockedError) return { code: 1, out: `Cannot start: ${error.message}` };
  throw error;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  loadDotEnv();
  runTenantCli(process.argv.slice(2))
    .then(({ code, out }) => {
      (code === 0 ? console.log : console.error)(out);
      process.exit(code);
    })
    .catch((error: unknown) => {
      console.error(error instanceof ConfigError ? `Cannot start: ${error.message}` : error);
      process.exit(1);
    });
}
