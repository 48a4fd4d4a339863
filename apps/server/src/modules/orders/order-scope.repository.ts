import { sql, type SQL } from 'drizzle-orm';
import type { TStatusType } from '@cod/shared';
import type { TOrderScope } from './order-access.js';
import { inList } from '../../db/sql-lists.js';

/**
 * THE order scope (SPEC 6 / issue 4.2, docs/decisions/0040): Support Agents see only their assigned
 * orders, and a user limited to some products sees the orders holding at least one of them. It
 * guards the list and its search, the counts, every by-id route (another's order is a 404), and
 * every other place an order shows: customer history, phone check, exports, PDFs, parcel tickets.
 * A condition on the alias `o`; undefined when the scope sees the whole shop.
 */
export function visibleTo(scope: TOrderScope): SQL | undefined {
  const parts: SQL[] = [];
  if (!scope.seesAll) parts.push(scope.userId === null ? sql`false` : sql`o.agent_id = ${scope.userId}`);
  if (scope.productIds !== 'all') {
    parts.push(
      scope.productIds.length
        ? sql`o.id in (select l.order_id from order_lines l where l.tenant_id = ${scope.tenantId}
              and l.product_id in (${inList(scope.productIds)}))`
        : sql`false`,
    );
  }
  return parts.length ? sql.join(parts, sql` and `) : undefined;
}

/** The same scope as a condition that always reads (`true` for the whole shop): `and ${orderVisibility(scope)}`. */
export function orderVisibility(scope: TOrderScope): SQL {
  return visibleTo(scope) ?? sql`true`;
}

/**
 * The shop's orders this scope may see, as a relation to read from in place of the orders table:
 * `from ${visibleOrders(scope)} o`. A read that shows orders to a user starts here, so it cannot
 * forget the tenant or the scope. PostgreSQL pulls the sub-select up into the query: the indexes
 * on orders serve it as they would the table.
 */
export function visibleOrders(scope: TOrderScope): SQL {
  return sql`(select o.* from orders o where o.tenant_id = ${scope.tenantId} and ${orderVisibility(scope)})`;
}

/** An order as the customer history and the phone check show it: its number, date and status. */
export interface TOrderWithStatusRecord {
  id: number;
  order_number: number;
  created_at: Date | string;
  status_id: number;
  name: string;
  display_name: string;
  color: string;
  type: TStatusType;
}

/**
 * `select ${ORDER_WITH_STATUS} from ${visibleOrdersWithStatus(scope)}`: the columns of
 * TOrderWithStatusRecord, from the visible orders `o` joined to their status `s`.
 */
export const ORDER_WITH_STATUS = sql`o.id, o.order_number, o.created_at, s.id as status_id, s.name, s.display_name,
  s.color, s.type`;
export function visibleOrdersWithStatus(scope: TOrderScope): SQL {
  return sql`${visibleOrders(scope)} o join statuses s on s.tenant_id = o.tenant_id and s.id = o.status_id`;
}
