import type { TOrderInput } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { createOrdersInBulk, type TNewOrder } from '../orders/create-orders-in-bulk.js';
import { newOrderValues } from '../orders/prepare-order.js';
import type { TImportSetup } from './import-context.js';
import { insertImportRows } from './imports.repository.js';

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
 * Creates one chunk's orders inside the chunk's transaction (ARCHITECTURE 3.7: one transaction per
 * chunk) with the orders module's bulk step, then the import_rows guards that keep a re-run chunk
 * from importing a row twice. Orders start in the shop's first 'new' status (so no stock is
 * reserved, decision 0008), unassigned unless the importer only works its own orders.
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
  const created = (await createOrdersInBulk(tx, tenantId, orders)).map((order, index) => ({
    ...order,
    row_number: valid[index]!.rowNumber,
  }));
  await insertImportRows(tx, tenantId, batch.id, created);
  return created;
}
