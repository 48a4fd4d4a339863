import { sql } from 'drizzle-orm';
import type { TCustomField } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { preparedRows } from '../../db/prepared.js';
import type { TStatusRecord } from './orders.repository.js';

export interface TProductRecord {
  id: number;
  name: string;
  price: string | number;
  has_variants: boolean;
  custom_fields: TCustomField[];
  usable: boolean;
  variants: Array<{ id: number; price: number; archived: boolean }>;
}

export interface TContextRecord {
  products: TProductRecord[];
  states: Array<{ id: number; name: string }>;
  cities: Array<{ id: number; state_id: number }>;
  statuses: TStatusRecord[];
  default_status: TStatusRecord | null;
}

/**
 * What the order rules need from the database, for one order or many, in one round trip: the
 * products, wilayas, communes and statuses the orders name (and the shop's first 'new' status).
 * The id lists are PostgreSQL array literals ('{1,2}').
 */
export async function readOrderContexts(
  tx: Tx,
  params: { tenantId: number; productIds: string; stateIds: string; cityIds: string; statusIds: string },
): Promise<TContextRecord> {
  const [found] = await preparedRows<TContextRecord>(tx, 'order-contexts', contextSql, params);
  return found!;
}

function contextSql() {
  const p = sql.placeholder;
  const status = sql`json_build_object('id', id, 'name', name, 'display_name', display_name, 'type', type)`;
  return sql`select
      (select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'price', p.price,
          'has_variants', p.has_variants, 'custom_fields', p.custom_fields,
          'usable', p.active and p.archived_at is null,
          'variants', (select coalesce(json_agg(json_build_object('id', v.id, 'price', v.price,
                          'archived', v.archived_at is not null)), '[]')
                       from product_variants v where v.tenant_id = p.tenant_id and v.product_id = p.id))), '[]')
       from products p where p.tenant_id = ${p('tenantId')} and p.id = any(${p('productIds')}::int[])) as products,
      (select coalesce(json_agg(json_build_object('id', id, 'name', name)), '[]')
       from states where id = any(${p('stateIds')}::int[])) as states,
      (select coalesce(json_agg(json_build_object('id', id, 'state_id', state_id)), '[]')
       from cities where id = any(${p('cityIds')}::int[])) as cities,
      (select coalesce(json_agg(${status}), '[]')
       from statuses where tenant_id = ${p('tenantId')} and id = any(${p('statusIds')}::int[])) as statuses,
      (select ${status} from statuses where tenant_id = ${p('tenantId')} and type = 'new'
       order by position, id limit 1) as default_status`;
}
