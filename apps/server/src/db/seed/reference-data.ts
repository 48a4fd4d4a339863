import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { rows } from '../client.js';
import { cities, states } from '../schema/index.js';

/** The geography files copied from shared/data (sources and licences: reference-data/README.md). */
export const REFERENCE_DIR = path.resolve(import.meta.dirname, '../../../reference-data');

interface TWilayaFile {
  code: string;
  name: string;
  name_ar: string;
  name_ascii: string;
  aliases?: string[];
  aliases_ar?: string[];
}
interface TCommuneFile {
  id: number;
  code: string;
  code_ons_48: string | null;
  wilaya_code: string;
  name: string;
  name_ar: string;
  daira_name: string | null;
  daira_name_ar: string | null;
  postal_code: string | null;
  aliases?: string[];
  aliases_ar?: string[];
}

async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await fs.readFile(path.join(REFERENCE_DIR, file), 'utf8')) as T;
}

/**
 * Loads the 58 wilayas and 1541 communes when the tables are not complete. Idempotent, and run
 * after migrations on every start, so a fresh database gets real geography with no hand-typing.
 */
export async function syncReferenceData(db: Db): Promise<boolean> {
  const wilayas = await readJson<TWilayaFile[]>('wilayas.json');
  const communes = await readJson<TCommuneFile[]>('communes.json');
  const [count] = await rows<{ states: number; cities: number }>(
    db,
    sql`select (select count(*)::int from states) as states, (select count(*)::int from cities) as cities`,
  );
  if (count && count.states === wilayas.length && count.cities === communes.length) return false;

  await db.transaction(async (tx) => {
    await tx
      .insert(states)
      .values(
        wilayas.map((w) => ({
          id: Number(w.code),
          code: w.code,
          name: w.name,
          nameAr: w.name_ar,
          nameAscii: w.name_ascii,
          aliases: w.aliases ?? [],
          aliasesAr: w.aliases_ar ?? [],
        })),
      )
      .onConflictDoNothing();
    for (let i = 0; i < communes.length; i += 500) {
      await tx
        .insert(cities)
        .values(
          communes.slice(i, i + 500).map((c) => ({
            id: c.id,
            code: c.code,
            codeOns48: c.code_ons_48,
            stateId: Number(c.wilaya_code),
            name: c.name,
            nameAr: c.name_ar,
            dairaName: c.daira_name,
            dairaNameAr: c.daira_name_ar,
            postalCode: c.postal_code,
            aliases: c.aliases ?? [],
            aliasesAr: c.aliases_ar ?? [],
          })),
        )
        .onConflictDoNothing();
    }
  });
  return true;
}
