import fs from 'node:fs/promises';
import path from 'node:path';
import { REFERENCE_DIR } from '../../db/seed/reference-data.js';
import { withTenant } from '../../db/tenant-context.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import * as repo from './reference.repository.js';

/** SPEC 3: the 58 wilayas. */
export async function listStates(deps: TAppDeps, tenantId: number) {
  const data = await withTenant(deps.db, tenantId, (tx) => repo.listStates(tx));
  return { data, total: data.length };
}

/** The communes of one wilaya; an unknown wilaya is a 404. */
export async function listCitiesOfState(deps: TAppDeps, tenantId: number, stateId: number) {
  const data = await withTenant(deps.db, tenantId, (tx) => repo.listCitiesOfState(tx, stateId));
  if (data.length === 0) throw AppError.notFound('State');
  return { data, total: data.length };
}

let centres: Buffer | undefined;

/** SPEC 7: the static file of stop-desk centres (center_id, name, wilaya_name, ...), read once. */
export async function yalidineCentres(): Promise<Buffer> {
  centres ??= await fs.readFile(path.join(REFERENCE_DIR, 'yalidine_centers.json'));
  return centres;
}
