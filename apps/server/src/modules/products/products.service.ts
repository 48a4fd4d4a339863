import {
  m,
  CATALOGUE_MESSAGES as M,
  type TListQuery,
  type TProduct,
  type TProductInput,
  type TProductListQuery,
  type TVariantInput,
} from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { auditBy, recordAudit } from '../audit/audit.service.js';
import { allowedProductIds } from '../product-permissions/product-permissions.service.js';
import { applyStockMovement } from '../stock/stock.service.js';
import type { TActor } from '../../http/actor.js';
import { isUniqueViolation } from './db-errors.js';
import { deleteOrArchive, removeCatalogueRow, type TDeleteOutcome } from './delete-or-archive.js';
import * as variantsRepo from './product-variants.repository.js';
import { storeProductImage, type TImageStore } from './product-images.js';
import * as repo from './products.repository.js';

const INITIAL_STOCK_REASON = 'Initial stock';

export async function createProduct(tx: Tx, actor: TActor, input: TProductInput): Promise<TProduct> {
  await assertSkusFree(tx, actor.tenantId, input);
  const { id } = await saving(() => repo.insertProduct(tx, actor.tenantId, productValues(input)));
  await syncVariants(tx, actor, id, input.has_variants ? input.variants : []);
  if (!input.has_variants && input.initial_stock) {
    await initialStock(tx, actor, { productId: id, variantId: null, quantity: input.initial_stock });
  }
  await recordAudit(tx, { ...auditBy(actor, 'product', id), action: 'create', changes: input });
  return (await repo.findProduct(tx, actor.tenantId, id))!;
}

async function updateProductInTx(tx: Tx, actor: TActor, id: number, input: TProductInput): Promise<TProduct> {
  const current = await repo.findProductRow(tx, actor.tenantId, id, { lock: true });
  if (!current) throw AppError.notFound('Product');
  if (current.archivedAt) throw new AppError('conflict', m('product.restore_before_edit'));
  // Stock held at product level cannot move to variants (or back) by itself: it must be zero first.
  if (current.hasVariants !== input.has_variants && (current.onHand !== 0 || current.reserved !== 0)) {
    throw AppError.validation({ has_variants: [M.hasVariantsLocked] });
  }
  await assertSkusFree(tx, actor.tenantId, input, id);
  await saving(() => repo.updateProductRow(tx, actor.tenantId, id, productValues(input)));
  await syncVariants(tx, actor, id, input.has_variants ? input.variants : []);
  await recordAudit(tx, { ...auditBy(actor, 'product', id), action: 'update', changes: input });
  return (await repo.findProduct(tx, actor.tenantId, id))!;
}

/** Issue 3.1: deleted when nothing references it, archived otherwise (docs/decisions/0011). */
async function removeProductInTx(
  tx: Tx,
  actor: TActor,
  id: number,
): Promise<{ result: TDeleteOutcome; imageKeys: Array<string | null> }> {
  const current = await repo.findProductRow(tx, actor.tenantId, id, { lock: true });
  if (!current) throw AppError.notFound('Product');
  const result = await removeCatalogueRow(tx, current, 'Product', {
    remove: (savepoint) => repo.deleteProductRow(savepoint, actor.tenantId, id),
    archive: () => repo.setProductArchived(tx, actor.tenantId, id, true),
    audit: (action) => recordAudit(tx, { ...auditBy(actor, 'product', id), action }),
  });
  // An archived product keeps its picture: orders still show it.
  return { result, imageKeys: result === 'deleted' ? [current.imageKey, current.thumbnailKey] : [] };
}

async function restoreProductInTx(tx: Tx, actor: TActor, id: number): Promise<TProduct> {
  const current = await repo.findProduct(tx, actor.tenantId, id);
  if (!current) throw AppError.notFound('Product');
  if (current.archived_at) {
    // Its SKUs may have been given to another product meanwhile.
    await repo.lockTenantSkus(tx, actor.tenantId);
    const taken = await repo.takenSkus(tx, actor.tenantId, [current.sku, ...current.variants.map((v) => v.sku)], id);
    if (taken.size) throw AppError.validation({ sku: [M.skuTaken] });
    await saving(() => repo.setProductArchived(tx, actor.tenantId, id, false));
    await recordAudit(tx, { ...auditBy(actor, 'product', id), action: 'restore' });
  }
  return (await repo.findProduct(tx, actor.tenantId, id))!;
}

async function replaceProductImageInTx(
  tx: Tx,
  actor: TActor,
  id: number,
  keys: { imageKey: string | null; thumbnailKey: string | null },
): Promise<{ product: TProduct; oldKeys: Array<string | null> }> {
  const current = await repo.findProductRow(tx, actor.tenantId, id, { lock: true });
  if (!current) throw AppError.notFound('Product');
  await repo.setProductImage(tx, actor.tenantId, id, keys);
  await recordAudit(tx, {
    ...auditBy(actor, 'product', id),
    action: keys.imageKey ? 'update_image' : 'remove_image',
    changes: { image_key: keys.imageKey },
  });
  const product = (await repo.findProduct(tx, actor.tenantId, id))!;
  return { product, oldKeys: [current.imageKey, current.thumbnailKey] };
}

/** What the product use cases need: the database and the picture store (docs/decisions/0012). */
export interface TProductDeps extends TAppDeps {
  store: TImageStore;
}

/** The product list of the catalogue and of the stock screen (levels), one page. */
export function listProductPage(deps: TAppDeps, tenantId: number, query: TProductListQuery) {
  return withTenant(deps.db, tenantId, (tx) =>
    repo.listProducts(tx, tenantId, { ...query, page: query.page, perPage: query.per_page }),
  );
}

/** The order form's product picker: active products the actor may sell (issue 3.2). */
export function listProductOptions(deps: TAppDeps, actor: TActor, query: TListQuery) {
  return withTenant(deps.db, actor.tenantId, async (tx) =>
    repo.listProducts(tx, actor.tenantId, {
      search: query.search,
      active: true,
      productIds: await allowedProductIds(tx, actor.tenantId, actor.userId),
      page: query.page,
      perPage: query.per_page,
    }),
  );
}

export async function getProduct(deps: TAppDeps, tenantId: number, id: number): Promise<TProduct> {
  const product = await withTenant(deps.db, tenantId, (tx) => repo.findProduct(tx, tenantId, id));
  if (!product) throw AppError.notFound('Product');
  return product;
}

/** Issue 3.1: a new product, the use case of the form (createProduct runs in a caller's transaction). */
export function addProduct(deps: TAppDeps, actor: TActor, input: TProductInput): Promise<TProduct> {
  return withTenant(deps.db, actor.tenantId, (tx) => createProduct(tx, actor, input));
}

export function updateProduct(deps: TAppDeps, actor: TActor, id: number, input: TProductInput): Promise<TProduct> {
  return withTenant(deps.db, actor.tenantId, (tx) => updateProductInTx(tx, actor, id, input));
}

/** Deleted or archived; a deleted product's picture leaves the store once the transaction committed. */
export async function removeProduct(deps: TProductDeps, actor: TActor, id: number): Promise<TDeleteOutcome> {
  const { result, imageKeys } = await withTenant(deps.db, actor.tenantId, (tx) => removeProductInTx(tx, actor, id));
  await deps.store.remove(actor.tenantId, imageKeys);
  return result;
}

export function restoreProduct(deps: TAppDeps, actor: TActor, id: number): Promise<TProduct> {
  return withTenant(deps.db, actor.tenantId, (tx) => restoreProductInTx(tx, actor, id));
}

/**
 * A new picture (docs/decisions/0012): the product must exist before the upload is read; the files
 * are stored outside the transaction and removed again if it fails; the old ones go after it.
 */
export async function setProductImage(
  deps: TProductDeps,
  actor: TActor,
  id: number,
  readUpload: () => Promise<Buffer>,
): Promise<TProduct> {
  const exists = await withTenant(deps.db, actor.tenantId, (tx) => repo.findProductRow(tx, actor.tenantId, id));
  if (!exists) throw AppError.notFound('Product');
  const stored = await storeProductImage(deps.store, actor.tenantId, await readUpload());
  const outcome = await withTenant(deps.db, actor.tenantId, (tx) =>
    replaceProductImageInTx(tx, actor, id, stored),
  ).catch(async (error: unknown) => {
    await deps.store.remove(actor.tenantId, [stored.imageKey, stored.thumbnailKey]);
    throw error;
  });
  await deps.store.remove(actor.tenantId, outcome.oldKeys);
  return outcome.product;
}

export async function removeProductImage(deps: TProductDeps, actor: TActor, id: number): Promise<TProduct> {
  const outcome = await withTenant(deps.db, actor.tenantId, (tx) =>
    replaceProductImageInTx(tx, actor, id, { imageKey: null, thumbnailKey: null }),
  );
  await deps.store.remove(actor.tenantId, outcome.oldKeys);
  return outcome.product;
}

/** Live product ids among `ids`, inside the caller's transaction (other modules validate ids with it). */
export function existingProductIds(tx: Tx, tenantId: number, ids: number[]): Promise<Set<number>> {
  return repo.existingProductIds(tx, tenantId, ids);
}

/** A stored picture, for the public /uploads route: null when there is none. */
export function readProductImage(deps: TProductDeps, tenantId: number, file: string): Promise<Buffer | null> {
  return deps.store.read(tenantId, file);
}

function productValues(input: TProductInput): repo.TProductValues {
  return {
    name: input.name,
    sku: input.sku,
    price: input.price,
    costPrice: input.cost_price,
    active: input.active,
    hasVariants: input.has_variants,
    customFields: input.custom_fields,
    lowStockThreshold: input.low_stock_threshold,
  };
}

/** SKU unique per tenant across products and variants; 422 on the field that repeats one. */
async function assertSkusFree(tx: Tx, tenantId: number, input: TProductInput, productId?: number) {
  await repo.lockTenantSkus(tx, tenantId);
  const variants = input.has_variants ? input.variants : [];
  const taken = await repo.takenSkus(tx, tenantId, [input.sku, ...variants.map((v) => v.sku)], productId);
  if (!taken.size) return;
  const errors: Record<string, string[]> = {};
  if (taken.has(input.sku.toLowerCase())) errors.sku = [M.skuTaken];
  variants.forEach((v, i) => {
    if (taken.has(v.sku.toLowerCase())) errors[`variants.${i}.sku`] = [M.skuTaken];
  });
  throw AppError.validation(errors);
}

/**
 * Makes the product's live variants the given list: listed ids are updated, new ones inserted (with
 * their initial stock), the others removed. A removed variant must hold no stock; one with stock
 * history is archived rather than deleted.
 */
async function syncVariants(tx: Tx, actor: TActor, productId: number, wanted: TVariantInput[]) {
  const existing = new Map((await variantsRepo.liveVariantRows(tx, actor.tenantId, productId)).map((v) => [v.id, v]));
  const errors: Record<string, string[]> = {};
  wanted.forEach((v, i) => {
    if (v.id !== undefined && !existing.has(v.id)) errors[`variants.${i}.id`] = [M.selectedInvalid('variant')];
  });
  const keep = new Set(wanted.map((v) => v.id).filter((id) => id !== undefined));
  const removed = [...existing.values()].filter((v) => !keep.has(v.id));
  if (removed.some((v) => v.onHand !== 0 || v.reserved !== 0)) errors.variants = [M.variantHasStock];
  if (Object.keys(errors).length) throw AppError.validation(errors);

  for (const variant of removed) {
    await deleteOrArchive(tx, {
      remove: (savepoint) => variantsRepo.deleteVariant(savepoint, actor.tenantId, variant.id),
      archive: () => variantsRepo.archiveVariant(tx, actor.tenantId, variant.id),
    });
  }
  for (const [position, variant] of wanted.entries()) {
    const values = {
      name: variant.name,
      sku: variant.sku,
      price: variant.price,
      costPrice: variant.cost_price,
      attributes: variant.attributes,
      position,
    };
    if (variant.id !== undefined) {
      await saving(() => variantsRepo.updateVariant(tx, actor.tenantId, variant.id!, values));
      continue;
    }
    const { id } = await saving(() => variantsRepo.insertVariant(tx, actor.tenantId, productId, values));
    if (variant.initial_stock) {
      await initialStock(tx, actor, { productId, variantId: id, quantity: variant.initial_stock });
    }
  }
}

function initialStock(
  tx: Tx,
  actor: TActor,
  target: { productId: number; variantId: number | null; quantity: number },
) {
  return applyStockMovement(tx, {
    tenantId: actor.tenantId,
    userId: actor.userId,
    ...target,
    kind: 'adjustment',
    reason: INITIAL_STOCK_REASON,
  });
}

/** A unique index that still fires (a race the SKU lock did not cover) is the same 422. */
async function saving<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.validation({ sku: [M.skuTaken] });
    throw error;
  }
}
