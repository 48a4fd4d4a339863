import path from 'node:path';
import { z } from 'zod';

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
  // Shipment status poll period in seconds (docs/decisions/0030); 0 turns the poll off.
  SHIPPING_POLL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  // Issue 6: the largest order import accepted, in MB (docs/decisions/0020, 0032).
  IMPORT_MAX_UPLOAD_MB: z.coerce.number().positive().max(200).default(20),
});

export type TConfig = z.infer<typeof ZConfig> & { dataDir: string; webDistDir: string; appUrl: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const parsed = ZConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    webDistDir: path.resolve(c.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    appUrl: c.APP_URL ?? `http://localhost:${c.PORT}`,
  };
}

/** A start-up problem the operator can fix: printed as one clear message, never a stack trace. */
export class ConfigError extends Error {}
