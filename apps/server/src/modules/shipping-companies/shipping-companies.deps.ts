import type { TCarrierLogger } from '../../carriers/carrier.js';
import type { TConfig } from '../../config.js';
import type { TAppDeps } from '../../http/app-deps.js';

/** What the shipping-company use cases are given besides the actor: the database (opaque to the routes), the config, a logger. */
export interface TShippingCompaniesDeps extends TAppDeps {
  config: TConfig;
  log: TCarrierLogger;
}
