import type { TStopdeskCentre } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { allCentres } from '../orders/centres.js';
import { centresOfState } from '@cod/shared';
import { allowedProductIds } from '../product-permissions/product-permissions.service.js';
import { foldHeader, mapHeaders } from './import-columns.js';
import {
  firstNewStatus,
  importableProducts,
  importerSeesAll,
  placesOf,
  type TImportStatus,
} from './import-context.repository.js';
import { productKey, type TImportContext, type TImportProduct } from './import-row.js';
import { placeMatcher, type TPlaceState } from './place-matcher.js';

export interface TImportActor {
  tenantId: number;
  userId: number;
  /** 'view all orders'; without it the importer is the agent of what it imports (SPEC 6 scoping). */
  seesAll: boolean;
}

export interface TImportSetup {
  context: TImportContext;
  status: TImportStatus;
  actor: TImportActor;
}

let places: Promise<ReturnType<typeof placeMatcher> & { states: TPlaceState[] }> | undefined;

/** Wilayas and communes are reference data (no tenant): matched the same for every import, loaded once. */
function loadPlaces(tx: Tx) {
  places ??= (async () => {
    const { states, cities } = await placesOf(tx);
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
  const seesAll = await importerSeesAll(tx, tenantId, userId);
  const allowed = await allowedProductIds(tx, tenantId, userId);
  const records = await importableProducts(tx, tenantId);
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
  const status = await firstNewStatus(tx, tenantId);
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
  return { context, status, actor: { tenantId, userId, seesAll } } satisfies TImportSetup;
}
