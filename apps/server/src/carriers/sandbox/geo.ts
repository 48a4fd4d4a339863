import fs from 'node:fs';
import { foldStatusText } from '../status-mapping.js';

/**
 * The sandbox checks wilayas, communes and stop desks against the repository's reference data
 * (apps/server/reference-data), loaded on first use so start-up stays well under a second.
 */
const DATA_DIR = new URL('../../../reference-data/', import.meta.url);

interface TWilaya {
  code: number;
  name: string;
}
interface TCommune {
  id: number;
  wilayaCode: number;
  name: string;
  aliases: string[];
}
export interface TSandboxCentre {
  center_id: number;
  name: string;
  network?: string;
  wilaya_id: number;
  wilaya_name: string;
  commune_id: number;
  commune_name: string;
  address: string;
  gps?: string;
}

let cache: { wilayas: TWilaya[]; communes: TCommune[]; centres: TSandboxCentre[] } | undefined;

function load() {
  if (cache) return cache;
  const read = (file: string) => JSON.parse(fs.readFileSync(new URL(file, DATA_DIR), 'utf8')) as unknown[];
  const wilayas = (read('wilayas.json') as Array<{ code: string; name: string }>).map((w) => ({
    code: Number(w.code),
    name: w.name,
  }));
  const communes = (
    read('communes.json') as Array<{ id: number; wilaya_code: string; name: string; aliases?: string[] }>
  ).map((c) => ({ id: c.id, wilayaCode: Number(c.wilaya_code), name: c.name, aliases: c.aliases ?? [] }));
  const centres = read('yalidine_centers.json') as TSandboxCentre[];
  cache = { wilayas, communes, centres };
  return cache;
}

const fold = (text: string) => foldStatusText(text).replace(/[()]/g, '');

/** Algiers is "Alger" at Yalidine: match on folded names and a few common spellings. */
export function findWilaya(nameOrCode: string | number): TWilaya | undefined {
  const { wilayas } = load();
  if (typeof nameOrCode === 'number' || /^\d+$/.test(String(nameOrCode))) {
    return wilayas.find((w) => w.code === Number(nameOrCode));
  }
  const key = fold(String(nameOrCode));
  return wilayas.find((w) => fold(w.name) === key);
}

export function findCommune(wilayaCode: number, name: string): TCommune | undefined {
  const key = fold(name);
  return load().communes.find(
    (c) => c.wilayaCode === wilayaCode && (fold(c.name) === key || c.aliases.some((a) => fold(a) === key)),
  );
}

export function communesOf(wilayaCode: number): TCommune[] {
  return load().communes.filter((c) => c.wilayaCode === wilayaCode);
}

export function allWilayas(): TWilaya[] {
  return load().wilayas;
}

export function yalidineCentres(): TSandboxCentre[] {
  return load().centres;
}

/** Deterministic fees: a base by distance zone from Algiers, desk 150 DA cheaper. */
export function sandboxFee(toWilayaCode: number): { home: number; desk: number | null; zone: number } {
  const south = [1, 3, 8, 11, 30, 32, 33, 37, 39, 45, 47, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58];
  const centre = [9, 10, 15, 16, 35, 42, 44, 26, 2, 6];
  const zone = centre.includes(toWilayaCode) ? 1 : south.includes(toWilayaCode) ? 4 : 2;
  const home = zone === 1 ? 450 : zone === 2 ? 650 : 1100;
  return { home, desk: toWilayaCode === 33 ? null : home - 150, zone };
}
