import type { Db } from '../db/client.js';

/**
 * What a route hands to its use cases (docs/decisions/0044). Routes take and pass this on; they
 * never open a transaction or name the database type themselves: the use case (the service) does.
 */
export interface TAppDeps {
  db: Db;
}
