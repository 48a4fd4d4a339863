import type { TAdapterConfig } from './adapter-config.js';
import { CarrierError, type TCarrierAdapter, type TCarrierKind } from './carrier.js';
import { findPreset } from './catalogue.js';
import { createEcotrackAdapter } from './ecotrack/adapter.js';
import { createManualAdapter } from './manual/adapter.js';
import { createMaystroAdapter } from './maystro/adapter.js';
import { createNoestAdapter } from './noest/adapter.js';
import { createYalidineAdapter } from './yalidine/adapter.js';
import { createZrExpressAdapter } from './zr-express/adapter.js';

/**
 * The one entry point the shipping flows use: a shipping company row (kind, code, base URL,
 * decrypted credentials) in, an adapter out. Cheap to build: make one per request or job.
 */
export interface TCarrierConnection {
  kind: TCarrierKind;
  /** Company code ('yalidine', 'guepex', 'dhd', ...): names it in messages and logs. */
  code: string;
  /** Overrides the preset URL (an EcoTrack tenant, the sandbox in demo mode). */
  baseUrl?: string | null;
  credentials: Readonly<Record<string, string>>;
}

export function createCarrierAdapter(
  connection: TCarrierConnection,
  options: Omit<TAdapterConfig, 'baseUrl' | 'credentials' | 'label'> = {},
): TCarrierAdapter {
  if (connection.kind === 'manual') return createManualAdapter();
  return showingOnlyPublicErrors(createHttpAdapter(connection, options));
}

function createHttpAdapter(
  connection: TCarrierConnection,
  options: Omit<TAdapterConfig, 'baseUrl' | 'credentials' | 'label'>,
): TCarrierAdapter {
  const baseUrl = connection.baseUrl ?? findPreset(connection.code)?.baseUrl;
  if (!baseUrl) {
    throw new CarrierError({
      code: 'rejected',
      carrier: connection.code,
      message: `${connection.code}: a base URL is required`,
    });
  }
  const config: TAdapterConfig = { ...options, baseUrl, credentials: connection.credentials, label: connection.code };
  switch (connection.kind) {
    case 'yalidine':
      return createYalidineAdapter(config);
    case 'ecotrack':
      return createEcotrackAdapter(config);
    case 'zr_express':
      return createZrExpressAdapter(config);
    case 'maystro':
      return createMaystroAdapter(config);
    case 'noest':
      return createNoestAdapter(config);
    case 'manual':
      return createManualAdapter();
  }
}

/**
 * Above the carrier layer a failure reads as its public message (decision 0037): the low-level
 * cause (ECONNREFUSED or a timeout, a status, a refused address) stays in the carrier logs, so
 * no screen answers differently by port state.
 */
function showingOnlyPublicErrors(adapter: TCarrierAdapter): TCarrierAdapter {
  const wrapped: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(adapter)) {
    wrapped[key] =
      typeof value === 'function'
        ? async (...args: unknown[]) => {
            try {
              return await (value as (...a: unknown[]) => Promise<unknown>).apply(adapter, args);
            } catch (error) {
              throw error instanceof CarrierError ? error.toPublic() : error;
            }
          }
        : value;
  }
  return wrapped as unknown as TCarrierAdapter;
}
