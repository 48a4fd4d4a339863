import { sql, type SQL } from 'drizzle-orm';
import {
  dateFilterRange,
  RISK_HIGH_FAILURES,
  RISK_HIGH_SCORE,
  TAB_STATUS_TYPES,
  tabCounts,
  type TOrderListQuery,
  type TOrderListResponse,
  type TOrderTab,
} from '@cod/shared';
import { rows, type Tx } from '../../db/client.js';
import { scopeOf, type TOrderActor, type TOrderScope } from './order-access.js';
import { counterCountsSelect, orderCountsSelect, toCountGroups, type TCountRow } from './order-counts.repository.js';
import { orderRowsByIds } from './order-rows.repository.js';
import { visibleTo } from './order-scope.repository.js';
import { orderSearchIds } from './order-search.repository.js';
import { inList } from '../../db/sql-lists.js';

/** The tab's own condition; every other filter is shared by the page and the nine counts. */
function tabCondition(tab: TOrderTab): SQL {
  if (tab === 'deleted') return sql`o.deleted_at is not null`;
  if (tab === 'all') return sql`o.deleted_at is null`;
  return sql`o.deleted_at is null and o.status_type in (${inList(TAB_STATUS_TYPES[tab])})`;
}

interface TListPlan {
  /** Filters of the query and of the caller's scope, without the tab (alias o). */
  where: SQL;
  /** When the counts can come from order_counts: only agent and status narrow the list. */
  counters: { agentKey?: number; statusId?: number; none?: true } | null;
}

/** More matches than this are left to the database to join (a single common word of a name). */
const SEARCH_ID_LIMIT = 20_000;

/**
 * The search's matches, fetched first: with the ids in hand the planner sees how few they are and
 * looks them up by key (it misjudges a word intersection and would read the whole shop instead).
 */
async function searchCondition(tx: Tx, scope: TOrderScope, search: string): Promise<SQL> {
  const ids = orderSearchIds(scope, search);
  if (!ids) return sql`false`;
  const found = await rows<{ id: number }>(tx, sql`select m.id from (${ids}) as m(id) limit ${SEARCH_ID_LIMIT + 1}`);
  if (found.length > SEARCH_ID_LIMIT) return sql`o.id in (${ids})`;
  return found.length ? sql`o.id = any(${`{${found.map((f) => f.id).join(',')}}`}::int[])` : sql`false`;
}

/** Issue 15.5: orders whose phone is a high-risk customer's (the rule of @cod/shared risk.ts, decision 0085). */
function riskyCustomers(tenantId: number): SQL {
  return sql`o.customer_phone_1 in (select r.customer_phone_1 from orders r
    where r.tenant_id = ${tenantId} and r.deleted_at is null and r.status_type in ('delivered', 'returned', 'cancelled')
    group by r.customer_phone_1
    having count(*) filter (where r.status_type = 'returned' or (r.status_type = 'cancelled' and r.was_confirmed)) >= ${RISK_HIGH_FAILURES}
      and round(100.0 * count(*) filter (where r.status_type = 'returned' or (r.status_type = 'cancelled' and r.was_confirmed))
        / nullif(count(*) filter (where r.status_type <> 'cancelled' or r.was_confirmed), 0)) >= ${RISK_HIGH_SCORE})`;
}

function planOf(scope: TOrderScope, query: TOrderListQuery, now: Date, search: SQL | undefined): TListPlan {
  const t = scope.tenantId;
  const where: SQL[] = [sql`o.tenant_id = ${t}`];
  const range = dateFilterRange(query.date, { now, timeZone: scope.timeZone, start: query.start, end: query.end });
  if (range) where.push(sql`o.created_at >= ${range.from.toISOString()} and o.created_at < ${range.to.toISOString()}`);
  if (query.agent === 'none') where.push(sql`o.agent_id is null`);
  else if (query.agent !== undefined) where.push(sql`o.agent_id = ${query.agent}`);
  if (query.product !== undefined) {
    where.push(
      sql`o.id in (select l.order_id from order_lines l where l.tenant_id = ${t} and l.product_id = ${query.product})`,
    );
  }
  if (query.source === 'none') where.push(sql`o.sales_source is null`);
  else if (query.source !== undefined) where.push(sql`o.sales_source = ${query.source}`);
  if (query.state !== undefined) where.push(sql`o.state_id = ${query.state}`);
  if (query.status !== undefined) where.push(sql`o.status_id = ${query.status}`);
  if (query.shipment_status !== undefined) where.push(sql`o.shipment_status = ${query.shipment_status}`);
  if (query.risky) where.push(riskyCustomers(t));
  if (search) where.push(search);
  const scoped = visibleTo(scope);
  if (scoped) where.push(scoped);

  const countable =
    !range &&
    query.product === undefined &&
    query.source === undefined &&
    query.state === undefined &&
    query.shipment_status === undefined &&
    !query.search &&
    !query.risky &&
    scope.productIds === 'all';
  let counters: TListPlan['counters'] = null;
  if (countable) {
    const ownAgent = scope.seesAll ? undefined : (scope.userId ?? -1);
    const asked = query.agent === 'none' ? 0 : query.agent;
    // An agent who asks for someone else's orders sees none.
    if (ownAgent !== undefined && asked !== undefined && asked !== ownAgent) counters = { none: true };
    else counters = { agentKey: ownAgent ?? asked, statusId: query.status };
  }
  return { where: sql.join(where, sql` and `), counters };
}

/** LOCAL settings of the list's transaction (PostgreSQL only; see readOrderList). */
export const LIST_SETTINGS = { jit: 'off', join_collapse_limit: '1' } as const;

/**
 * Whether a user is limited to some products (issue 3.2, the first read of allowedProductIds), as
 * a column: the list asks it in the statement that reads the counts and the page (decision 0128).
 */
const limitedToProducts = (tenantId: number, userId: number) =>
  sql`exists (select 1 from user_product_scopes us where us.tenant_id = ${tenantId} and us.user_id = ${userId})`;

interface TCountsAndPage {
  limited: boolean;
  counts: TCountRow[] | null;
  ids: number[] | null;
}

/**
 * The nine counts and the page's ids in one statement: two sub-selects, each planned as it was
 * alone. With `checkLimit` it also says whether the user is limited to some products; then the
 * caller throws the answer away and asks again with the user's products.
 */
async function countsAndPage(
  tx: Tx,
  scope: TOrderScope,
  query: TOrderListQuery,
  plan: TListPlan,
  checkLimit: boolean,
): Promise<TCountsAndPage> {
  const counts = plan.counters?.none
    ? sql`null`
    : sql`(select json_agg(c) from (${
        plan.counters ? counterCountsSelect(scope.tenantId, plan.counters) : orderCountsSelect(plan.where)
      }) c)`;
  const offset = (query.page - 1) * query.per_page;
  const order = query.tab === 'deleted' ? sql`o.deleted_at desc, o.id desc` : sql`o.created_at desc, o.id desc`;
  const limited = checkLimit && scope.userId !== null ? limitedToProducts(scope.tenantId, scope.userId) : sql`false`;
  const [found] = await rows<TCountsAndPage>(
    tx,
    sql`select ${limited} as limited, ${counts} as counts,
          array(select o.id from orders o where ${plan.where} and ${tabCondition(query.tab)}
                order by ${order} limit ${query.per_page} offset ${offset}) as ids`,
  );
  return found!;
}

/**
 * The page of the current tab (newest first; the deleted tab by deletion time) and all nine tab
 * counts under the same filters, with the counters' pending deltas (list-orders.ts folds them) and
 * whether the user was limited to some products (the list's cache keeps no such page).
 * Runs in a transaction with LIST_SETTINGS, except for a search, which sets them after its own
 * look-up. Without a search it reads as if the user saw every product, and checks that in the same
 * statement: the product scope costs no round trip of its own (decision 0128).
 */
export async function readOrderList(
  tx: Tx,
  actor: TOrderActor,
  query: TOrderListQuery,
  now = new Date(),
): Promise<TOrderListResponse & { pendingDeltas: number; limited: boolean }> {
  let scope: TOrderScope;
  let plan: TListPlan;
  let found: TCountsAndPage;
  if (query.search) {
    scope = await scopeOf(tx, actor);
    plan = planOf(scope, query, now, await searchCondition(tx, scope, query.search));
    // JIT compiles for tens of milliseconds, longer than these index scans take (PostgreSQL only).
    // The row select joins eight tables in the order written (the page's orders first): searching
    // join orders cost 8 to 20 ms of planning on every embedded-database request and on PostgreSQL's
    // first five of each connection, for the same plan (decision 0096). One statement for both.
    await tx.execute(sql`select set_config('jit', 'off', true), set_config('join_collapse_limit', '1', true)`);
    found = await countsAndPage(tx, scope, query, plan, false);
  } else {
    scope = { ...actor, productIds: 'all' };
    plan = planOf(scope, query, now, undefined);
    found = await countsAndPage(tx, scope, query, plan, true);
    if (found.limited) {
      scope = await scopeOf(tx, actor);
      plan = planOf(scope, query, now, undefined);
      found = await countsAndPage(tx, scope, query, plan, false);
    }
  }
  const countRows = found.counts ?? [];
  const counts: Record<TOrderTab, number> = tabCounts(toCountGroups(countRows));
  const pendingDeltas = plan.counters && !plan.counters.none ? Number(countRows[0]?.pending ?? 0) : 0;
  const data = await orderRowsByIds(tx, scope.tenantId, found.ids ?? [], {
    timeZone: scope.timeZone,
    now,
    shape: 'list',
  });
  return { data, total: counts[query.tab], counts, pendingDeltas, limited: scope.productIds !== 'all' };
}
