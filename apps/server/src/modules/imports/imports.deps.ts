import type { TConfig } from '../../config.js';
import type { TAppDeps } from '../../http/app-deps.js';

/** What the import routes hand to their use cases: the database (opaque to the routes) and the config. */
export interface TImportDeps extends TAppDeps {
  config: TConfig;
}
