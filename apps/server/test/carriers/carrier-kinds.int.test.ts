import { CARRIER_KINDS } from '@cod/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TCarrierKind } from '../../src/carriers/carrier.js';
import { CARRIER_PRESETS } from '../../src/carriers/catalogue.js';
import { createCarrierAdapter } from '../../src/carriers/registry.js';
import { SANDBOX_CREDENTIALS } from '../../src/carriers/sandbox/index.js';
import { rows } from '../../src/db/client.js';
import { openTestDatabase } from '../support/test-db.js';
import { allowLocalFakes, sandboxAdapter, useCarrierSandbox } from './support.js';

// The carrier families are listed once, CARRIER_KINDS in packages/shared; the server's TCarrierKind
// is derived from it. What cannot import TypeScript (the SQL CHECK) or is only checked at run time
// (the registry's switch, the sandbox's routes) is held to that list here, so a carrier added to
// one place and not the others fails (docs/design/RECIPES.md, "Add a carrier").
allowLocalFakes();
const database = await openTestDatabase();
const sandbox = useCarrierSandbox();

/** Own drivers: the one kind with no carrier API, so nothing for the sandbox to speak. */
const WITHOUT_CARRIER_API: readonly string[] = ['manual'];

const sorted = (list: Iterable<string>) => [...list].sort();
const kinds = sorted(CARRIER_KINDS);
const kindsWithApi = kinds.filter((kind) => !WITHOUT_CARRIER_API.includes(kind));

/** The kinds the live CHECK on shipping_companies.kind accepts, read after every migration ran. */
async function kindsTheDatabaseAccepts(): Promise<string[]> {
  const checks = await rows<{ definition: string }>(
    database.db,
    sql`select pg_get_constraintdef(c.oid) as definition
        from pg_constraint c
        join pg_class t on t.oid = c.conrelid
        join pg_namespace n on n.oid = t.relnamespace
        join pg_attribute a on a.attrelid = t.oid and a.attname = 'kind'
        where n.nspname = 'public' and t.relname = 'shipping_companies'
          and c.contype = 'c' and c.conkey = array[a.attnum]`,
  );
  expect(checks).toHaveLength(1);
  // CHECK ((kind = ANY (ARRAY['yalidine'::text, 'ecotrack'::text, ...])))
  return sorted([...checks[0]!.definition.matchAll(/'([^']*)'/g)].map((match) => match[1]!));
}

/** The kind of the adapter the registry builds for `kind`, or what went wrong. */
function kindTheRegistryBuilds(kind: string): string {
  try {
    const adapter = createCarrierAdapter({
      kind: kind as TCarrierKind,
      code: kind,
      baseUrl: WITHOUT_CARRIER_API.includes(kind) ? null : sandbox.baseUrlFor(kind, kind as TCarrierKind),
      credentials: (SANDBOX_CREDENTIALS as Record<string, Record<string, string>>)[kind] ?? {},
    });
    return adapter.kind;
  } catch (error) {
    return `no adapter (${String(error)})`;
  }
}

describe('one list of carrier kinds', () => {
  it('the SQL CHECK on shipping_companies.kind accepts exactly the shared list', async () => {
    expect(await kindsTheDatabaseAccepts()).toEqual(kinds);
  });

  it('the registry builds an adapter of its own kind for every kind', () => {
    const built = Object.fromEntries(kinds.map((kind) => [kind, kindTheRegistryBuilds(kind)]));
    expect(built).toEqual(Object.fromEntries(kinds.map((kind) => [kind, kind])));
  });

  it('the screen offers every kind: each has at least one preset, and no preset has another kind', () => {
    expect(sorted(new Set(CARRIER_PRESETS.map((preset) => preset.kind)))).toEqual(kinds);
  });

  it('the sandbox has credentials for, and answers, exactly the kinds that have a carrier API', async () => {
    expect(sorted(Object.keys(SANDBOX_CREDENTIALS))).toEqual(kindsWithApi);
    const answers: Record<string, unknown> = {};
    for (const kind of kindsWithApi) {
      try {
        answers[kind] = await sandboxAdapter(sandbox, kind as Exclude<TCarrierKind, 'manual'>).testConnection();
      } catch (error) {
        answers[kind] = String(error);
      }
    }
    expect(answers).toEqual(Object.fromEntries(kindsWithApi.map((kind) => [kind, { ok: true }])));
  });
});
