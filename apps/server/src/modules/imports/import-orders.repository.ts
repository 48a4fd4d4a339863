import { sql } from 'drizzle-orm';
import type { TOrderInput } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { insertNewOrders, type TNewOrder } from '../orders/new-orders.repository.js';
import { newOrderValues } from '../orders/order-input.service.js';
import type { TImportSetup } from './import-context.js';

export interface TValidRow {
  rowNumber: number;
  input: TOrderInput;
}

export interface TImportedOrder {
  id: number;
  order_number: number;
  row_number: number;
}

/**
 * Creates one chunk's orders (ARCHITECTURE 3.7: one transaction per chunk) with the orders
 * module's bulk writer, then the import_rows guards that keep a re-run chunk from importing a row
 * twice. Orders start in the shop's first 'new' status (so no stock is reserved, decision 0008),
 * unassigned unless the importer only works its own orders.
 */
export async function insertImportedOrders(
  tx: Tx,
  setup: TImportSetup,
  batch: { id: number; fileName: string },
  valid: readonly TValidRow[],
): Promise<TImportedOrder[]> {
  if (!valid.length) return [];
  const { tenantId, userId, seesAll } = setup.actor;
  const { products } = setup.context;

  const orders = valid.map(({ rowNumber, input }): TNewOrder => ({
    ...newOrderValues(input, products),
    agentId: seesAll ? null : userId,
    shippingCompanyId: null,
    sourceMetadata: { source: 'import', import_batch_id: batch.id, row_number: rowNumber, file_name: batch.fileName },
    salesChannelId: null,
    statusId: setup.status.id,
    statusType: setup.status.type,
    creatorId: userId,
  }));
  const created = (await insertNewOrders(tx, tenantId, orders)).map((order, index) => ({
    ...order,
    row_number: valid[index]!.rowNumber,
  }));
  await tx.execute(
    sql`insert into import_rows (tenant_id, batch_id, row_number, order_id)
        select ${tenantId}, ${batch.id}, x.row_number, x.id
        from jsonb_to_recordset(${JSON.stringify(created)}::jsonb) as x(id int, row_number int)`,
  );
  return created;
}
