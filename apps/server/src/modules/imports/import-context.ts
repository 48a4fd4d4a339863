import { sql } from 'drizzle-orm';
import type { TCustomField, TStopdeskCentre, TStatusType } from '@cod/shared';
import { rows, type Tx } from '../../db/client.js';
import { allCentres } from '../orders/centres.js';
import { centresOfState } from '@cod/shared';
import { allowedProductIds } from '../product-permissions/product-permissions.repository.js';
import { foldHeader, mapHeaders } from './import-columns.js';
import { productKey, type TImportContext, type TImportProduct } from './import-row.js';
import { placeMatcher, type TPlaceCity, type TPlaceState } from './place-matcher.js';

export interface TImportActor {
  tenantId: number;
  userId: number;
  /** 'view all orders'; without it the importer is the agent of what it imports (SPEC 6 scoping). */
  seesAll: boolean;
}

export interface TImportSetup {
  context: TImportContext;
  status: { id: number; name: string; display_name: string; type: TStatusType };
  actor: TImportActor;
}

interface TProductRecord {
  id: number;
  name: string;
  sku: string;
  price: number;
  has_variants: boolean;
  custom_fields: TCustomField[];
  variants: Array<{ id: number; name: string; sku: string; price: number }>;
}

let places: Promise<ReturnType<typeof placeMatcher> & { states: TPlaceState[] }> | undefined;

/** Wilayas and communes are reference data (no tenant): matched the same for every import, loaded once. */
function loadPlaces(tx: Tx) {
  places ??= (async () => {
    const states = await rows<TPlaceState>(
      tx,
      sql`select id, code, name, name_ar as "nameAr", name_ascii as "nameAscii", aliases, aliases_ar as "aliasesAr"
          from states order by id`,
    );
    const cities = await rows<TPlaceCity>(
      tx,
      sql`select id, code, state_id as "stateId", name, name_ar as "nameAr", aliases, aliases_ar as "aliasesAr"
          from cities order by id`,
    );
    return { ...placeMatcher(states, cities), states };
  })().catch((error: unknown) => {
    places = undefined;
    throw error;
  });
  return places;
}

/**
 * Everything an import's rows are checked against, read once per job run inside the tenant's
 * transaction: the products the importer may sell (live, active, its product permissions), their
 * variants, the shop's first 'new' status, the wilayas and communes and the stop-desk centres.
 */
export async function loadImportSetup(tx: Tx, tenantId: number, userId: number, headers: string[]) {
  const [user] = await rows<{ sees_all: boolean }>(
    tx,
    sql`select exists (select 1 from users u join role_permissions rp on rp.tenant_id = u.tenant_id and rp.role_id = u.role_id
          join permissions p on p.tenant_id = rp.tenant_id and p.id = rp.permission_id
          where u.tenant_id = ${tenantId} and u.id = ${userId} and p.name = 'view all orders') as sees_all`,
  );
  const allowed = await allowedProductIds(tx, tenantId, userId);
  const records = await rows<TProductRecord>(
    tx,
    sql`select p.id, p.name, p.sku, p.price::float8 as price, p.has_variants, p.custom_fields,
          (select coalesce(json_agg(json_build_object('id', v.id, 'name', v.name, 'sku', v.sku, 'price', v.price::float8)
             order by v.position, v.id), '[]') from product_variants v
           where v.tenant_id = p.tenant_id and v.product_id = p.id and v.archived_at is null) as variants
        from products p where p.tenant_id = ${tenantId} and p.active and p.archived_at is null order by p.id`,
  );
  const products = new Map<number, TImportProduct>();
  const productKeys = new Map<string, { productId: number; variantId: number | null }>();
  for (const p of records) {
    if (allowed !== 'all' && !allowed.includes(p.id)) continue;
    products.set(p.id, { ...p, price: Number(p.price) });
    // A SKU names exactly one thing; a name may be shared, and then the first product keeps it.
    productKeys.set(productKey.sku(p.sku), { productId: p.id, variantId: null });
    for (const v of p.variants) productKeys.set(productKey.sku(v.sku), { productId: p.id, variantId: v.id });
    if (!productKeys.has(productKey.name(p.name)))
      productKeys.set(productKey.name(p.name), { productId: p.id, variantId: null });
  }
  const [status] = await rows<TImportSetup['status']>(
    tx,
    sql`select id, name, display_name, type from statuses where tenant_id = ${tenantId} and type = 'new'
        order by position, id limit 1`,
  );
  if (!status) throw new Error(`Shop ${tenantId} has no status of type new.`);
  const matcher = await loadPlaces(tx);
  const centres = await allCentres();
  const centresByState = new Map<number, readonly TStopdeskCentre[]>(
    matcher.states.map((s) => [s.id, centresOfState(centres, [s.name])]),
  );
  const context: TImportContext = {
    headers: mapHeaders(headers),
    headerByFolded: new Map(headers.map((h) => [foldHeader(h), h])),
    products,
    productKeys,
    places: matcher,
    centresByState,
  };
  return { context, status, actor: { tenantId, userId, seesAll: user?.sees_all ?? false } } satisfies TImportSetup;
}
