import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { cities, states } from '../../db/schema/index.js';

export function listStates(tx: Tx) {
  return tx
    .select({ id: states.id, code: states.code, name: states.name, name_ar: states.nameAr })
    .from(states)
    .orderBy(asc(states.id));
}

export function listCitiesOfState(tx: Tx, stateId: number) {
  return tx
    .select({
      id: cities.id,
      code: cities.code,
      name: cities.name,
      name_ar: cities.nameAr,
      state_id: cities.stateId,
      postal_code: cities.postalCode,
    })
    .from(cities)
    .where(eq(cities.stateId, stateId))
    .orderBy(asc(cities.name));
}
