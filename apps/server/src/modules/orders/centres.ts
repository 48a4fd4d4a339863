import fs from 'node:fs/promises';
import path from 'node:path';
import { centresOfState, type TStopdeskCentre } from '@cod/shared';
import { REFERENCE_DIR } from '../../db/seed/reference-data.js';

let centres: Promise<TStopdeskCentre[]> | undefined;

/** The static centres file the dialog also reads (SPEC 7 GET /yalidine_centers.json), read once. */
export function allCentres(): Promise<TStopdeskCentre[]> {
  centres ??= fs
    .readFile(path.join(REFERENCE_DIR, 'yalidine_centers.json'), 'utf8')
    .then((text) => JSON.parse(text) as TStopdeskCentre[]);
  return centres;
}

/** SPEC 5: a state's centres, matched by the state's name exactly as the dialog matches them. */
export async function centresForState(stateNames: readonly string[]): Promise<TStopdeskCentre[]> {
  return centresOfState(await allCentres(), stateNames);
}
