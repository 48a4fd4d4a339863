import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { TProductVariant } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { productVariants } from '../../db/schema/index.js';
import { tenantRowWrites } from '../../lib/tenant-rows.repository.js';

const columns = {
  id: productVariants.id,
  productId: productVariants.productId,
  name: productVariants.name,
  sku: productVariants.sku,
  price: productVariants.price,
  costPrice: productVariants.costPrice,
  attributes: productVariants.attributes,
  onHand: productVariants.onHand,
  reserved: productVariants.reserved,
};

/** The unit cost of the variant's latest purchase (issue 13.6: its profit's cost when it has none). */
const lastUnitCost = sql<string | null>`(select sm.unit_cost::text from stock_movements sm
  where sm.tenant_id = "product_variants"."tenant_id" and sm.product_id = "product_variants"."product_id"
    and sm.variant_id = "product_variants"."id" and sm.kind = 'purchase' and sm.unit_cost is not null
  order by sm.id desc limit 1)`;

/** The shop's live (not archived) variants of the products `ofProducts` picks. */
const liveVariantsOf = (tenantId: number, ofProducts: SQL) =>
  and(eq(productVariants.tenantId, tenantId), ofProducts, isNull(productVariants.archivedAt));

/** Live variants of the given products, in the seller's order, grouped by product id. */
export async function listVariantsOf(
  tx: Tx,
  tenantId: number,
  productIds: number[],
): Promise<Map<number, TProductVariant[]>> {
  const grouped = new Map<number, TProductVariant[]>();
  if (!productIds.length) return grouped;
  const rows = await tx
    .select({ ...columns, lastUnitCost })
    .from(productVariants)
    .where(liveVariantsOf(tenantId, inArray(productVariants.productId, productIds)))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
  for (const row of rows) {
    const list = grouped.get(row.productId) ?? [];
    list.push({
      id: row.id,
      name: row.name,
      sku: row.sku,
      price: row.price,
      cost_price: row.costPrice,
      last_unit_cost: row.lastUnitCost === null ? null : Number(row.lastUnitCost),
      attributes: row.attributes,
      on_hand: row.onHand,
      reserved: row.reserved,
      available: row.onHand - row.reserved,
    });
    grouped.set(row.productId, list);
  }
  return grouped;
}

export async function liveVariantRows(tx: Tx, tenantId: number, productId: number) {
  return tx
    .select(columns)
    .from(productVariants)
    .where(liveVariantsOf(tenantId, eq(productVariants.productId, productId)));
}

export interface TVariantValues {
  name: string;
  sku: string;
  price: number;
  costPrice: number | null;
  attributes: Array<{ name: string; value: string }>;
  position: number;
}

export async function insertVariant(tx: Tx, tenantId: number, productId: number, values: TVariantValues) {
  const [row] = await tx
    .insert(productVariants)
    .values({ tenantId, productId, ...values })
    .returning({ id: productVariants.id });
  return row!;
}

const variantRows = tenantRowWrites(productVariants);
export const { update: updateVariant, remove: deleteVariant } = variantRows;

export function archiveVariant(tx: Tx, tenantId: number, id: number) {
  return variantRows.setArchived(tx, tenantId, id, true);
}
