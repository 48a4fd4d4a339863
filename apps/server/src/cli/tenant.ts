import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, loadDotEnv } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { syncReferenceData } from '../db/seed/reference-data.js';
import { AppError } from '../lib/app-error.js';
import { createTenant } from '../modules/tenants/tenants.service.js';
import { runAnalyticsRebuild } from './analytics-rebuild.js';

const USAGE = `Usage: npm run tenant -- create <cq_name> --owner <email> --password <password> [--name "Shop name"] [--owner-name "Full name"] [--time-zone Africa/Algiers]
       npm run tenant -- analytics:rebuild <cq_name>`;

/** Issue 14.6: recomputes a shop's analytics rollups and checks them against a direct count. */
async function analyticsRebuild(env: NodeJS.ProcessEnv, cqName: string) {
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await migrate(database);
    return await runAnalyticsRebuild(database, cqName);
  } finally {
    await database.close();
  }
}

/**
 * Operator CLI: creates a tenant with its owner without the UI, on the embedded database or on
 * DATABASE_URL, through the same service (and so the same rules) as the API.
 */
export async function runTenantCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number; out: string }> {
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
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await migrate(database);
    await syncReferenceData(database.db);
    const { tenant, ownerId } = await createTenant(database.db, {
      cq_name: cqName,
      name: parsed.values.name,
      owner_email: parsed.values.owner,
      owner_name: parsed.values['owner-name'],
      owner_password: parsed.values.password,
      time_zone: parsed.values['time-zone'],
    });
    return {
      code: 0,
      out: `Created tenant "${tenant.cqName}" (id ${tenant.id}) with owner ${parsed.values.owner} (user id ${ownerId}).`,
    };
  } catch (error) {
    if (error instanceof AppError) {
      const details = Object.entries(error.errors ?? {}).map(
        ([field, messages]) => `  ${field}: ${messages.join(' ')}`,
      );
      return { code: 1, out: ['Cannot create the tenant:', ...details].join('\n') };
    }
    throw error;
  } finally {
    await database.close();
  }
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
