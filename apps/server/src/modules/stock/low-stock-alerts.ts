import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { transactionEventsOf, type TTransactionEvents } from '../../lib/domain-events.js';

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

interface TCrossing {
  user_id: number;
  product_id: number;
  name: string;
  current: number;
  threshold: number;
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
  const beforeValues = sql.join(
    candidates.map((id) => sql`(${id}::int, ${watched.before.get(id)!}::int)`),
    sql`, `,
  );
  const crossings = await rows<TCrossing>(
    tx,
    sql`with moved (product_id, available_before) as (values ${beforeValues}),
        crossed as (
          select p.id, p.name, (p.on_hand - p.reserved)::int as current, p.low_stock_threshold as threshold
          from products p join moved m on m.product_id = p.id
          where p.tenant_id = ${tenantId} and p.active and p.archived_at is null
            and p.low_stock_threshold is not null
            and m.available_before > p.low_stock_threshold
            and p.on_hand - p.reserved <= p.low_stock_threshold)
        select u.id as user_id, c.id as product_id, c.name, c.current, c.threshold
        from crossed c
        join users u on u.tenant_id = ${tenantId} and u.active
        where exists (
            select 1 from role_permissions rp
            join permissions pm on pm.tenant_id = rp.tenant_id and pm.id = rp.permission_id
            where rp.tenant_id = u.tenant_id and rp.role_id = u.role_id
              and pm.name in ('view products', 'view stock'))
          and (not exists (
                select 1 from user_product_scopes s where s.tenant_id = u.tenant_id and s.user_id = u.id)
            or exists (
                select 1 from user_product_permissions up
                where up.tenant_id = u.tenant_id and up.user_id = u.id and up.product_id = c.id))
        order by c.id, u.id`,
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
