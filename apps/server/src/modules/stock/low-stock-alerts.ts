import type { Tx } from '../../db/client.js';
import { transactionEventsOf, type TTransactionEvents } from '../../lib/domain-events.js';
import { lowStockCrossings } from './low-stock-crossings.repository.js';

/** SPEC 9's low-stock text, the server's English copy of what the browser says in the user's language. */
export const lowStockMessage = (name: string, current: number, threshold: number) =>
  `Product "${name}" is low on stock (${current} / ${threshold})`;

interface TWatched {
  tenantId: number;
  /** Available (on_hand - reserved) of each moved product before the transaction's first movement. */
  before: Map<number, number>;
  /** Products some movement of the transaction lowered: only these can have crossed. */
  lowered: Set<number>;
}

const watchedByTransaction = new WeakMap<TTransactionEvents, TWatched>();

/**
 * Called by applyStockMovement for every movement (docs/decisions/0035). In a withTenantEvents
 * transaction it remembers where each product stood before the transaction, and adds one step
 * before COMMIT that compares with where it stands at the end. Comparing the transaction's net
 * effect, not each movement, keeps an order edit (release then reserve) on a product already low
 * from alerting again, and a rolled-back savepoint from alerting at all. Elsewhere (seeds, a
 * plain withTenant) there is nobody to tell and it does nothing.
 */
export function watchLowStock(
  tx: Tx,
  tenantId: number,
  productId: number,
  movement: { availableBefore: number; lowered: boolean },
): void {
  const transaction = transactionEventsOf(tx);
  if (!transaction) return;
  let watched = watchedByTransaction.get(transaction);
  if (!watched) {
    const fresh: TWatched = { tenantId, before: new Map(), lowered: new Set() };
    watchedByTransaction.set(transaction, fresh);
    transaction.beforeCommit((topTx) => alertCrossings(topTx, transaction, fresh));
    watched = fresh;
  }
  if (!watched.before.has(productId)) watched.before.set(productId, movement.availableBefore);
  if (movement.lowered) watched.lowered.add(productId);
}

/**
 * One Notification per (recipient, product) that went from above its threshold to at or under it
 * (decision 0008's alert rule: available vs threshold; active, not archived, threshold set).
 * Recipients: the shop's active users whose role may open the products or the stock screen, limited
 * to their own products when their product permissions are restricted (issue 3.2).
 */
async function alertCrossings(tx: Tx, transaction: TTransactionEvents, watched: TWatched): Promise<void> {
  const candidates = [...watched.lowered];
  if (!candidates.length) return;
  const { tenantId } = watched;
  const crossings = await lowStockCrossings(
    tx,
    tenantId,
    new Map(candidates.map((id) => [id, watched.before.get(id)!])),
  );
  for (const c of crossings) {
    transaction.events.emit({
      type: 'Notification',
      tenantId,
      userId: c.user_id,
      payload: {
        kind: 'low_stock',
        params: { name: c.name, current: c.current, threshold: c.threshold, product_id: c.product_id },
        message: lowStockMessage(c.name, c.current, c.threshold),
      },
    });
  }
}
