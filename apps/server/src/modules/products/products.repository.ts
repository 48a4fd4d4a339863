import { and, asc, count, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TCustomField, TProduct, TProductListQuery } from '@cod/shared';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { products, productVariants } from '../../db/schema/index.js';
import { shopDefaultThreshold } from '../../db/shop-defaults.js';
import { escapeLike } from '../../db/sql-lists.js';
import { tenantRowWrites } from '../../lib/tenant-rows.repository.js';
import { imageUrl } from './product-images.js';
import { listVariantsOf } from './product-variants.repository.js';

/** Its own threshold, else the shop's default: the rule of the low-stock card and alerts. */
const THRESHOLD = sql<
  string | number | null
>`coalesce(${products.lowStockThreshold}, ${shopDefaultThreshold(products.tenantId)})`;

const columns = {
  id: products.id,
  name: products.name,
  sku: products.sku,
  price: products.price,
  costPrice: products.costPrice,
  active: products.active,
  hasVariants: products.hasVariants,
  customFields: products.customFields,
  lowStockThreshold: products.lowStockThreshold,
  threshold: THRESHOLD,
  imageKey: products.imageKey,
  thumbnailKey: products.thumbnailKey,
  onHand: products.onHand,
  reserved: products.reserved,
  archivedAt: products.archivedAt,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};
export type TProductRow = Awaited<ReturnType<typeof findProductRow>> & object;

/** SPEC 9: at or under the threshold, counted in available units (docs/decisions/0008). */
export const IS_LOW_STOCK = sql`(${THRESHOLD} is not null and ${products.onHand} - ${products.reserved} <= ${THRESHOLD})`;

export interface TProductFilter extends Partial<TProductListQuery> {
  /** Per-user product permissions (issue 3.2): only these ids, or every product. */
  productIds?: number[] | 'all';
}

function whereOf(tenantId: number, filter: TProductFilter): SQL | undefined {
  const conditions: Array<SQL | undefined> = [
    eq(products.tenantId, tenantId),
    filter.archived ? isNotNull(products.archivedAt) : isNull(products.archivedAt),
  ];
  if (filter.active !== undefined) conditions.push(eq(products.active, filter.active));
  if (filter.has_variants !== undefined) conditions.push(eq(products.hasVariants, filter.has_variants));
  if (filter.low_stock !== undefined) conditions.push(filter.low_stock ? IS_LOW_STOCK : sql`not ${IS_LOW_STOCK}`);
  if (Array.isArray(filter.productIds)) conditions.push(inArray(products.id, filter.productIds));
  if (filter.search) {
    const term = escapeLike(filter.search.toLowerCase());
    // A substring of the name, the SKU or a variant's SKU. Under RLS no index can serve LIKE
    // (docs/decisions/0013): this reads the tenant's rows, ~5 ms for 10,000 (bench:catalogue).
    const pattern = `%${term}%`;
    conditions.push(
      or(
        sql`lower(${products.name}) like ${pattern}`,
        sql`lower(${products.sku}) like ${pattern}`,
        sql`${products.id} in (select v.product_id from product_variants v where v.tenant_id = ${tenantId}
              and v.archived_at is null and lower(v.sku) like ${pattern})`,
      ),
    );
  }
  return and(...conditions);
}

export async function listProducts(
  tx: Tx,
  tenantId: number,
  filter: TProductFilter & { page: number; perPage: number },
): Promise<{ data: TProduct[]; total: number }> {
  const where = whereOf(tenantId, filter);
  const offset = (filter.page - 1) * filter.perPage;
  const countAll = async () => (await tx.select({ value: count() }).from(products).where(where))[0]?.value ?? 0;
  // A text search reads every row of the tenant anyway, so one pass answers the page and the total
  // (window count); without one, the name index gives the page alone and the total is counted apart.
  const rows = await tx
    .select({ ...columns, matches: filter.search ? sql<number>`(count(*) over ())::int` : sql<number>`0` })
    .from(products)
    .where(where)
    .orderBy(sql`lower(${products.name})`, asc(products.id))
    .limit(filter.perPage)
    .offset(offset);
  // A short page (or an empty first one) is the end of the list: its total needs no count.
  const isLastPage = rows.length < filter.perPage && (rows.length > 0 || filter.page === 1);
  const total = isLastPage
    ? offset + rows.length
    : filter.search && rows.length
      ? Number(rows[0]!.matches)
      : await countAll();
  return { data: await withVariants(tx, tenantId, rows), total };
}

export async function findProductRow(tx: Tx, tenantId: number, id: number, options: { lock?: boolean } = {}) {
  const query = tx
    .select(columns)
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function findProduct(tx: Tx, tenantId: number, id: number): Promise<TProduct | undefined> {
  const row = await findProductRow(tx, tenantId, id);
  if (!row) return undefined;
  const [product] = await withVariants(tx, tenantId, [row]);
  return product;
}

async function withVariants(tx: Tx, tenantId: number, rows: TProductRow[]): Promise<TProduct[]> {
  const ids = rows.filter((r) => r.hasVariants).map((r) => r.id);
  const variants = await listVariantsOf(tx, tenantId, ids);
  return rows.map((row) => toProduct(tenantId, row, variants.get(row.id) ?? []));
}

function toProduct(tenantId: number, row: TProductRow, variants: TProduct['variants']): TProduct {
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    price: row.price,
    cost_price: row.costPrice,
    active: row.active,
    has_variants: row.hasVariants,
    variants,
    custom_fields: row.customFields,
    low_stock_threshold: row.lowStockThreshold,
    image_url: imageUrl(tenantId, row.imageKey),
    thumbnail_url: imageUrl(tenantId, row.thumbnailKey),
    on_hand: row.onHand,
    reserved: row.reserved,
    available: row.onHand - row.reserved,
    is_low_stock: row.threshold !== null && row.onHand - row.reserved <= Number(row.threshold),
    archived_at: row.archivedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export interface TProductValues {
  name: string;
  sku: string;
  price: number;
  costPrice: number | null;
  active: boolean;
  hasVariants: boolean;
  customFields: TCustomField[];
  lowStockThreshold: number | null;
}

export async function insertProduct(tx: Tx, tenantId: number, values: TProductValues) {
  const [row] = await tx
    .insert(products)
    .values({ tenantId, ...values })
    .returning({ id: products.id });
  return row!;
}

const productRows = tenantRowWrites(products);
export const { setArchived: setProductArchived, remove: deleteProductRow } = productRows;

export function updateProductRow(tx: Tx, tenantId: number, id: number, values: Partial<TProductValues>) {
  return productRows.update(tx, tenantId, id, values);
}

export function setProductImage(
  tx: Tx,
  tenantId: number,
  id: number,
  keys: { imageKey: string | null; thumbnailKey: string | null },
) {
  return productRows.update(tx, tenantId, id, keys);
}

/**
 * The SKUs of `skus` that a live product or variant other than `exceptProductId`'s already uses,
 * lower-cased (SKU is unique per tenant across products and variants, issue 3.1).
 */
export async function takenSkus(
  tx: Tx,
  tenantId: number,
  skus: string[],
  exceptProductId?: number,
): Promise<Set<string>> {
  const lowered = [...new Set(skus.map((s) => s.toLowerCase()))];
  if (!lowered.length) return new Set();
  // The same question of the products (other than the saved one) and of their variants.
  const takenIn = (table: typeof products | typeof productVariants, productId: PgColumn) => {
    const sku = sql<string>`lower(${table.sku})`;
    return tx
      .select({ sku })
      .from(table)
      .where(
        and(
          eq(table.tenantId, tenantId),
          isNull(table.archivedAt),
          inArray(sku, lowered),
          exceptProductId ? ne(productId, exceptProductId) : undefined,
        ),
      );
  };
  const fromProducts = await takenIn(products, products.id);
  const fromVariants = await takenIn(productVariants, productVariants.productId);
  return new Set([...fromProducts, ...fromVariants].map((r) => r.sku));
}

/** Live product ids among `ids` (to validate ids a form sends). */
export async function existingProductIds(tx: Tx, tenantId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const found = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), inArray(products.id, ids), isNull(products.archivedAt)));
  return new Set(found.map((r) => r.id));
}

/** Serialises SKU checks of one tenant so two concurrent saves cannot both take one SKU. */
export async function lockTenantSkus(tx: Tx, tenantId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SKU_LOCK_CLASS}, ${tenantId})`);
}
const SKU_LOCK_CLASS = 3001;
