import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { rows } from '../client.js';
import { cities, states } from '../schema/index.js';

/** The geography files copied from shared/data (sources and licences: reference-data/README.md). */
export const REFERENCE_DIR = path.resolve(import.meta.dirname, '../../../reference-data');

/** What a wilaya and a commune both carry: French and Arabic names and their aliases. */
interface TPlaceNamesFile {
  name: string;
  name_ar: string;
  aliases?: string[];
  aliases_ar?: string[];
}
export interface TWilayaFile extends TPlaceNamesFile {
  code: string;
  name_ascii: string;
}
export interface TCommuneFile extends TPlaceNamesFile {
  id: number;
  code: string;
  code_ons_48: string | null;
  wilaya_code: string;
  daira_name: string | null;
  daira_name_ar: string | null;
  postal_code: string | null;
}

async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await fs.readFile(path.join(REFERENCE_DIR, file), 'utf8')) as T;
}

/** The wilayas and communes of the reference files, as they are written there. */
export async function readReferenceFiles() {
  const [wilayas, communes] = await Promise.all([
    readJson<TWilayaFile[]>('wilayas.json'),
    readJson<TCommuneFile[]>('communes.json'),
  ]);
  return { wilayas, communes };
}

const placeNames = (place: TPlaceNamesFile) => ({
  name: place.name,
  nameAr: place.name_ar,
  aliases: place.aliases ?? [],
  aliasesAr: place.aliases_ar ?? [],
});

/** A wilaya of the file as a row of `states` (its id is its code). */
export const stateRow = (wilaya: TWilayaFile) => ({
  id: Number(wilaya.code),
  code: wilaya.code,
  nameAscii: wilaya.name_ascii,
  ...placeNames(wilaya),
});

/** A commune of the file as a row of `cities`. */
export const cityRow = (commune: TCommuneFile) => ({
  id: commune.id,
  code: commune.code,
  codeOns48: commune.code_ons_48,
  stateId: Number(commune.wilaya_code),
  dairaName: commune.daira_name,
  dairaNameAr: commune.daira_name_ar,
  postalCode: commune.postal_code,
  ...placeNames(commune),
});

/**
 * Loads the 58 wilayas and 1541 communes when the tables are not complete. Idempotent, and run
 * after migrations on every start, so a fresh database gets real geography with no hand-typing.
 */
export async function syncReferenceData(db: Db): Promise<boolean> {
  const { wilayas, communes } = await readReferenceFiles();
  const [count] = await rows<{ states: number; cities: number }>(
    db,
    sql`select (select count(*)::int from states) as states, (select count(*)::int from cities) as cities`,
  );
  if (count && count.states === wilayas.length && count.cities === communes.length) return false;

  await db.transaction(async (tx) => {
    await tx.insert(states).values(wilayas.map(stateRow)).onConflictDoNothing();
    for (let i = 0; i < communes.length; i += 500) {
      await tx
        .insert(cities)
        .values(communes.slice(i, i + 500).map(cityRow))
        .onConflictDoNothing();
    }
  });
  return true;
}
