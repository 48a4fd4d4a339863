import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

// proxy-addr's names for address ranges, accepted like addresses.
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Whose X-Forwarded-For is believed (docs/decisions/0038): the proxies' addresses/CIDRs. Unset
 * trusts nobody, so a client cannot choose the address the sign-in limits count. No hop count:
 * it cannot tell a proxy from a client that wrote the header itself (Fastify 5.12.1 dropped it).
 */
const ZTrustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, context): false | string[] => {
    if (!value) return false;
    if (/^\d+$/.test(value)) {
      context.addIssue({
        code: 'custom',
        message:
          "a hop count is not accepted (it trusts any client that writes X-Forwarded-For); list the proxies' addresses or CIDRs",
      });
      return z.NEVER;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isProxyAddress(entry));
    if (wrong.length) {
      context.addIssue({ code: 'custom', message: `not a proxy address or CIDR: ${wrong.join(', ')}` });
      return z.NEVER;
    }
    return entries;
  });

/** ARCHITECTURE 2: configuration is environment variables, validated at start (.env.example). */
const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  APP_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z
    .enum(['auto', 'never', 'always'])
    .default('auto')
    .describe('auto: seed the demo tenant on first start only'),
  TOKEN_IDLE_DAYS: z.coerce.number().positive().default(14),
  TOKEN_MAX_DAYS: z.coerce.number().positive().default(60),
  // Reverse proxies whose X-Forwarded-For is believed (addresses/CIDRs, comma-separated); unset: none.
  TRUST_PROXY: ZTrustProxy,
  WEB_DIST_DIR: z.string().optional(),
  // ARCHITECTURE 3.6: Socket.IO adapter (docs/decisions/0023). Unset: redis when REDIS_URL is set, else memory.
  REDIS_URL: z.string().url().optional(),
  REALTIME_ADAPTER: z.enum(['memory', 'postgres', 'redis']).optional(),
  // Carrier credentials at rest (docs/decisions/0019): base64 of 32 bytes; older keys during a rotation.
  CARRIER_SECRET_KEY: z.string().optional(),
  CARRIER_SECRET_KEY_PREVIOUS: z.string().optional(),
  // The local carrier sandbox (docs/decisions/0018, 0031): auto = started when the demo tenant exists.
  CARRIER_SANDBOX: z.enum(['auto', 'on', 'off']).default('auto'),
  CARRIER_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  // Chargily Pay online payment (docs/decisions/0098, 0140): off unless configured; sandbox = the
  // local stand-in that pays without money (never with NODE_ENV=production); test/live call the
  // real gateway with CHARGILY_SECRET_KEY. `auto`, the former default, now means off: the sandbox
  // is never chosen because of what the database holds.
  CHARGILY_MODE: z
    .enum(['auto', 'sandbox', 'test', 'live', 'off'])
    .default('off')
    .transform((mode) => (mode === 'auto' ? 'off' : mode)),
  CHARGILY_SECRET_KEY: z.string().optional(),
  // Shipment status poll period in seconds (docs/decisions/0030); 0 turns the poll off.
  SHIPPING_POLL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  // Issue 6: the largest order import accepted, in MB (docs/decisions/0020, 0032).
  IMPORT_MAX_UPLOAD_MB: z.coerce.number().positive().max(200).default(20),
  // Outgoing requests to loopback/private addresses over http (docs/decisions/0037): local fake
  // carriers in tests and development only; refused with NODE_ENV=production.
  OUTBOUND_ALLOW_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  // A shop's fair share (docs/decisions/0144): its requests in progress at once (unset: a fifth of
  // the database pool, at least 2), how many more wait their turn (unset: 8 x that, at least 32)
  // and how long.
  SHOP_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(1000).optional(),
  SHOP_MAX_QUEUED: z.coerce.number().int().min(0).max(10_000).optional(),
  SHOP_QUEUE_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  // Load shedding (0144): 503 past this mean event-loop delay (ms; 0: off), or past this many
  // transactions waiting for a database connection (unset: twice the pool; 0: off).
  SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  SHED_POOL_WAITING: z.coerce.number().int().min(0).max(100_000).optional(),
});

/** The repository's root folder (apps/server/src/ is two levels below it). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * The one place relative paths in the configuration (DATA_DIR, WEB_DIST_DIR) are resolved: from
 * the repository root, whatever folder a script runs in. `npm run tenant` runs inside apps/server
 * and `npm start` at the root; both must open the same ./data (docs/decisions/0073).
 */
export function fromRepoRoot(target: string): string {
  return path.resolve(REPO_ROOT, target);
}

/**
 * Entry points (main.ts, the tenant CLI; scripts/start.mjs and dev.mjs do the same) read the
 * repository's .env when there is one. Variables already in the environment win.
 */
export function loadDotEnv(): void {
  const file = fromRepoRoot('.env');
  if (fs.existsSync(file)) process.loadEnvFile(file);
}

export type TConfig = z.infer<typeof ZConfig> & { dataDir: string; webDistDir: string; appUrl: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const parsed = ZConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.OUTBOUND_ALLOW_PRIVATE && c.NODE_ENV === 'production') {
    throw new ConfigError('OUTBOUND_ALLOW_PRIVATE=true is for tests and local fake servers, never production.');
  }
  if (c.CHARGILY_MODE === 'sandbox' && c.NODE_ENV === 'production') {
    // Decision 0140: the sandbox records a subscription payment without any money moving.
    throw new ConfigError(
      'CHARGILY_MODE=sandbox records payments without money: it is for tests and development, never production.',
    );
  }
  return {
    ...c,
    dataDir: fromRepoRoot(c.DATA_DIR),
    webDistDir: fromRepoRoot(c.WEB_DIST_DIR ?? 'apps/web/dist'),
    appUrl: c.APP_URL ?? `http://localhost:${c.PORT}`,
  };
}

/** A start-up problem the operator can fix: printed as one clear message, never a stack trace. */
export class ConfigError extends Error {}
