import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { TPageProps } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import { shopDefaultThreshold } from '../../db/shop-defaults.js';
import { imageUrl } from '../products/product-images.js';

// The bell menu lists the most urgent ones; a shop with more has a stock screen filter for them.
const MAX_ALERTS = 50;

/**
 * Issue 3.5, SPEC 3/9: active products at or under their threshold, most urgent first, for the
 * page props' lowStockProducts. current_stock is the available quantity (docs/decisions/0008).
 * A product without a threshold of its own takes the shop's default (shop settings, issue 18.5,
 * docs/decisions/0093).
 */
export async function listLowStockProducts(tx: Tx, tenantId: number): Promise<TPageProps['lowStockProducts']> {
  const available = sql<number>`${products.onHand} - ${products.reserved}`;
  const threshold = sql<number>`coalesce(${products.lowStockThreshold}, ${shopDefaultThreshold(tenantId)})`;
  const margin = sql`(${products.onHand} - ${products.reserved}) - ${threshold}`;
  const rows = await tx
    .select({
      id: products.id,
      name: products.name,
      current_stock: available,
      low_stock_threshold: threshold,
      imageKey: products.imageKey,
      thumbnailKey: products.thumbnailKey,
    })
    .from(products)
    .where(
      and(eq(products.tenantId, tenantId), isNull(products.archivedAt), sql`${margin} <= 0`, eq(products.active, true)),
    )
    .orderBy(margin, asc(products.id))
    .limit(MAX_ALERTS);
  return rows.map(({ imageKey, thumbnailKey, ...row }) => ({
    ...row,
    current_stock: Number(row.current_stock),
    low_stock_threshold: Number(row.low_stock_threshold),
    // The menu shows a small picture: the thumbnail when there is one.
    image_url: imageUrl(tenantId, thumbnailKey ?? imageKey),
  }));
}
