import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/decisions/0040: a read that shows orders to a user goes through the order scope, best as
// `from ${visibleOrders(scope)} o`. Every other read of the orders table is listed here with why it
// is safe, so a new one is a decision someone makes, not a query that forgot the scope.
const REVIEWED: Record<string, { reads: number; why: string }> = {
  'modules/orders/order-scope.repository.ts': { reads: 1, why: 'visibleOrders itself' },
  'modules/orders/order-list.repository.ts': { reads: 1, why: 'the list page: its plan holds visibleTo' },
  'modules/orders/order-counts.repository.ts': { reads: 1, why: 'the tab counts, under the same plan' },
  'modules/orders/orders.repository.ts': { reads: 2, why: 'lockOrders and visibleOrderIds: orderVisibility' },
  'modules/orders/order-rows.repository.ts': {
    reads: 2,
    why: "a visible row's shop-wide flags previous_orders_count and is_duplicate; no other order shows",
  },
  'modules/shipping/shipments.repository.ts': { reads: 1, why: 'shippingOrders: visibleTo' },
  'modules/shipping/shipping-orders.repository.ts': {
    reads: 2,
    why: 'shipment timeline and barcode look-up: visibleTo',
  },
  'modules/shipping-companies/shipping-companies.repository.ts': {
    reads: 1,
    why: 'whether a company is in use (no order shown)',
  },
  'db/seed/demo-orders.ts': { reads: 1, why: 'the demo seed (no user)' },
  'modules/remittances/remittances.repository.ts': {
    reads: 2,
    why: "the carrier's cash owed: a shop-wide money view behind 'view cases', no order row shown to an agent",
  },
  'modules/statuses/statuses.repository.ts': {
    reads: 2,
    why: 'deleting a status counts and moves its orders (manage statuses, shop-wide by nature)',
  },
  'modules/users/users.repository.ts': {
    reads: 1,
    why: "deactivating a user lists that user's open orders for the owner to reassign (manage users)",
  },
};

const SRC = path.join(import.meta.dirname, '../../src');
const READ = /\b(?:from|join)\s+orders\b/gi;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('reads of the orders table (docs/decisions/0040)', () => {
  it('go through the order scope, or are reviewed here', () => {
    const found: Record<string, number> = {};
    for (const file of sourceFiles(SRC)) {
      const reads = fs.readFileSync(file, 'utf8').match(READ)?.length ?? 0;
      if (reads) found[path.relative(SRC, file).split(path.sep).join('/')] = reads;
    }
    const expected = Object.fromEntries(Object.entries(REVIEWED).map(([file, { reads }]) => [file, reads]));
    // A difference: read through `from ${visibleOrders(scope)} o` (order-scope.repository.ts), or add the
    // read to REVIEWED with the reason it may ignore the user's scope.
    expect(found).toEqual(expected);
  });
});
