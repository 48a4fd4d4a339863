import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { TProductVariant } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { productVariants } from '../../db/schema/index.js';

const columns = {
  id: productVariants.id,
  productId: productVariants.productId,
  name: productVariants.name,
  sku: productVariants.sku,
  price: productVariants.price,
  attributes: productVariants.attributes,
  onHand: productVariants.onHand,
  reserved: productVariants.reserved,
};

/** Live variants of the given products, in the seller's order, grouped by product id. */
export async function listVariantsOf(
  tx: Tx,
  tenantId: number,
  productIds: number[],
): Promise<Map<number, TProductVariant[]>> {
  const grouped = new Map<number, TProductVariant[]>();
  if (!productIds.length) return grouped;
  const rows = await tx
    .select(columns)
    .from(productVariants)
    .where(
      and(
        eq(productVariants.tenantId, tenantId),
        inArray(productVariants.productId, productIds),
        isNull(productVariants.archivedAt),
      ),
    )
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
  for (const row of rows) {
    const list = grouped.get(row.productId) ?? [];
    list.push({
      id: row.id,
      name: row.name,
      sku: row.sku,
      price: row.price,
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
    .where(
      and(
        eq(productVariants.tenantId, tenantId),
        eq(productVariants.productId, productId),
        isNull(productVariants.archivedAt),
      ),
    );
}

export interface TVariantValues {
  name: string;
  sku: string;
  price: number;
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

export async function updateVariant(tx: Tx, tenantId: number, id: number, values: TVariantValues) {
  await tx
    .update(productVariants)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(productVariants.tenantId, tenantId), eq(productVariants.id, id)));
}

export async function deleteVariant(tx: Tx, tenantId: number, id: number) {
  await tx.delete(productVariants).where(and(eq(productVariants.tenantId, tenantId), eq(productVariants.id, id)));
}

export async function archiveVariant(tx: Tx, tenantId: number, id: number) {
  await tx
    .update(productVariants)
    .set({ archivedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(productVariants.tenantId, tenantId), eq(productVariants.id, id)));
}
