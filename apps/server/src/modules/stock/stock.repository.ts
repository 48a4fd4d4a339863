import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { TStockMovement, TStockMovementKind, TStockMovementListQuery } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { products, productVariants, providers, stockMovements, users } from '../../db/schema/index.js';
import { escapeLike } from '../../db/sql-lists.js';

export interface TBalance {
  onHand: number;
  reserved: number;
}

/** What one movement does to a balance, and what the balance must hold for it to be allowed. */
export interface TBalanceChange {
  onHandDelta: number;
  reservedDelta: number;
  /** on_hand - reserved must be at least this before the change. */
  needAvailable: number;
  /** reserved must be at least this before the change. */
  needReserved: number;
}

/**
 * Issue 3.4: one conditional UPDATE per balance. Under concurrency PostgreSQL locks the row and
 * re-checks the WHERE against the committed value, so of 50 reservations of the last 10 units
 * exactly 10 find enough stock; no read-then-write window exists.
 */
export function moveProductBalance(
  tx: Tx,
  tenantId: number,
  productId: number,
  change: TBalanceChange,
): Promise<TBalance | undefined> {
  const row = and(eq(products.tenantId, tenantId), eq(products.id, productId), eq(products.hasVariants, false));
  return moveBalance(tx, products, row, change);
}

export function moveVariantBalance(
  tx: Tx,
  tenantId: number,
  target: { productId: number; variantId: number },
  change: TBalanceChange,
): Promise<TBalance | undefined> {
  const row = and(
    eq(productVariants.tenantId, tenantId),
    eq(productVariants.id, target.variantId),
    eq(productVariants.productId, target.productId),
  );
  return moveBalance(tx, productVariants, row, change);
}

/** The conditional UPDATE of one balance row (a product's or a variant's): none when it lacks the stock. */
async function moveBalance(
  tx: Tx,
  table: typeof products | typeof productVariants,
  row: SQL | undefined,
  change: TBalanceChange,
): Promise<TBalance | undefined> {
  const [moved] = await tx
    .update(table)
    .set({
      onHand: sql`${table.onHand} + ${change.onHandDelta}`,
      reserved: sql`${table.reserved} + ${change.reservedDelta}`,
    })
    .where(
      and(
        row,
        sql`${table.onHand} - ${table.reserved} >= ${change.needAvailable}`,
        sql`${table.reserved} >= ${change.needReserved}`,
      ),
    )
    .returning({ onHand: table.onHand, reserved: table.reserved });
  return moved;
}

/** A product with variants carries the sums of its variants' balances (kept in the same transaction). */
export async function addToProductTotals(
  tx: Tx,
  tenantId: number,
  productId: number,
  change: TBalanceChange,
): Promise<TBalance> {
  const [row] = await tx
    .update(products)
    .set({
      onHand: sql`${products.onHand} + ${change.onHandDelta}`,
      reserved: sql`${products.reserved} + ${change.reservedDelta}`,
    })
    .where(and(eq(products.tenantId, tenantId), eq(products.id, productId)))
    .returning({ onHand: products.onHand, reserved: products.reserved });
  return row!;
}

/**
 * Locks the product row first, for every variant movement: product edits lock the product then its
 * variants, so taking locks in the same order keeps the two from deadlocking.
 */
export async function lockProductForStock(tx: Tx, tenantId: number, productId: number) {
  const [row] = await tx
    .select({ name: products.name, hasVariants: products.hasVariants })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.id, productId)))
    .for('update');
  return row;
}

/** The current state of a movement's target, to explain a refused movement. */
export async function findStockTarget(tx: Tx, tenantId: number, productId: number, variantId: number | null) {
  const [product] = await tx
    .select({
      name: products.name,
      hasVariants: products.hasVariants,
      onHand: products.onHand,
      reserved: products.reserved,
    })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.id, productId)));
  if (!product || variantId === null) return product ? { ...product, variant: null } : undefined;
  const [variant] = await tx
    .select({ name: productVariants.name, onHand: productVariants.onHand, reserved: productVariants.reserved })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.tenantId, tenantId),
        eq(productVariants.id, variantId),
        eq(productVariants.productId, productId),
      ),
    );
  return { ...product, variant: variant ?? null };
}

export interface TMovementValues {
  productId: number;
  variantId: number | null;
  kind: TStockMovementKind;
  quantity: number;
  onHandDelta: number;
  reservedDelta: number;
  onHandAfter: number;
  reservedAfter: number;
  providerId: number | null;
  unitCost: number | null;
  orderId: number | null;
  reason: string | null;
  userId: number | null;
}

export async function insertMovement(tx: Tx, tenantId: number, values: TMovementValues) {
  const [row] = await tx
    .insert(stockMovements)
    .values({ tenantId, ...values })
    .returning({ id: stockMovements.id, createdAt: stockMovements.createdAt });
  return row!;
}

const movementColumns = {
  id: stockMovements.id,
  kind: stockMovements.kind,
  product_id: stockMovements.productId,
  product_name: products.name,
  variant_id: stockMovements.variantId,
  variant_name: productVariants.name,
  quantity: stockMovements.quantity,
  on_hand_after: stockMovements.onHandAfter,
  reserved_after: stockMovements.reservedAfter,
  provider_id: stockMovements.providerId,
  provider_name: providers.name,
  unit_cost: stockMovements.unitCost,
  order_id: stockMovements.orderId,
  reason: stockMovements.reason,
  user_id: stockMovements.userId,
  user_name: users.name,
  created_at: stockMovements.createdAt,
};

export async function listMovements(
  tx: Tx,
  tenantId: number,
  query: TStockMovementListQuery,
): Promise<{ data: TStockMovement[]; total: number }> {
  const conditions: Array<SQL | undefined> = [eq(stockMovements.tenantId, tenantId)];
  if (query.product_id) conditions.push(eq(stockMovements.productId, query.product_id));
  if (query.variant_id) conditions.push(eq(stockMovements.variantId, query.variant_id));
  if (query.provider_id) conditions.push(eq(stockMovements.providerId, query.provider_id));
  if (query.kind) conditions.push(eq(stockMovements.kind, query.kind));
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(
      or(ilike(products.name, pattern), ilike(products.sku, pattern), ilike(stockMovements.reason, pattern)),
    );
  }
  const where = and(...conditions);
  const joinProduct = and(eq(products.tenantId, stockMovements.tenantId), eq(products.id, stockMovements.productId));
  const rows = await tx
    .select(movementColumns)
    .from(stockMovements)
    .innerJoin(products, joinProduct)
    .leftJoin(
      productVariants,
      and(eq(productVariants.tenantId, stockMovements.tenantId), eq(productVariants.id, stockMovements.variantId)),
    )
    .leftJoin(
      providers,
      and(eq(providers.tenantId, stockMovements.tenantId), eq(providers.id, stockMovements.providerId)),
    )
    .leftJoin(users, and(eq(users.tenantId, stockMovements.tenantId), eq(users.id, stockMovements.userId)))
    .where(where)
    .orderBy(desc(stockMovements.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [total] = await tx
    .select({ value: count() })
    .from(stockMovements)
    .innerJoin(products, joinProduct)
    .where(where);
  const data = rows.map(({ user_id, user_name, created_at, ...row }) => ({
    ...row,
    user: user_id !== null ? { id: user_id, name: user_name ?? '' } : null,
    created_at: created_at.toISOString(),
  }));
  return { data, total: total?.value ?? 0 };
}
