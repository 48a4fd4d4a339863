import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { cities, states } from '../db/schema/index.js';

export interface TTemplateCommune {
  stateCode: string;
  stateName: string;
  stateNameAr: string;
  cityName: string;
  cityNameAr: string;
  postalCode: string | null;
}

/** The 1,541 communes with their wilaya, in wilaya order then commune name (reference data, no tenant). */
export function listTemplateCommunes(db: Db | Tx): Promise<TTemplateCommune[]> {
  return db
    .select({
      stateCode: states.code,
      stateName: states.name,
      stateNameAr: states.nameAr,
      cityName: cities.name,
      cityNameAr: cities.nameAr,
      postalCode: cities.postalCode,
    })
    .from(cities)
    .innerJoin(states, eq(states.id, cities.stateId))
    .orderBy(asc(states.id), asc(cities.name));
}
