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
  }
}
