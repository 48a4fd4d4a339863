import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import { rows } from '../../src/db/client.js';

// Every money route lives under one of these (issue 13); money-tenancy.int.test.ts walks them.
const MONEY_PREFIXES = ['/dashboard/cases', '/dashboard/expenses', '/dashboard/incomes', '/dashboard/remittances'];
export const isMoneyRoute = (url: string) => MONEY_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`));

/** Each box's maintained balance beside the sum of its movements, read straight from the tables. */
export async function balancesAndSums(database: Database, tenantId: number) {
  return rows<{ id: number; balance: string; summed: string }>(
    database.db,
    sql`select b.id, b.balance_centimes::text as balance,
          coalesce((select sum(m.amount_centimes) from cash_movements m
                    where m.tenant_id = b.tenant_id and m.box_id = b.id), 0)::text as summed
        from cash_boxes b where b.tenant_id = ${tenantId} order by b.id`,
  );
}

export const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
