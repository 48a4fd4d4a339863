import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/decisions/0040: a read that shows orders to a user goes through the order scope, best as
// `from ${visibleOrders(scope)} o`. Every other read of the orders table is listed here with why it
// is safe, so a new one is a decision someone makes, not a query that forgot the scope.
const REVIEWED: Record<string, { reads: number; why: string }> = {
  'modules/orders/order-scope.repository.ts': { reads: 1, why: 'visibleOrders itself' },
  'modules/orders/order-list.repository.ts': {
    reads: 3,
    why: "the list page: its plan holds visibleTo; the risky-customers filter only counts the shop's outcomes per phone (issue 15.5); one is a comment",
  },
  'modules/orders/order-counts.repository.ts': { reads: 1, why: 'the tab counts, under the same plan' },
  'modules/orders/orders.repository.ts': {
    reads: 3,
    why: 'lockOrders (locks through orderVisibility, then reads the locked ids) and visibleOrderIds: orderVisibility',
  },
  'modules/orders/order-rows.repository.ts': {
    reads: 3,
    why: "a visible row's shop-wide flags previous_orders_count, is_duplicate and the risk counts; no other order shows",
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
  'db/seed/demo-money.ts': { reads: 1, why: "the demo seed's ad spend per day follows the shop's orders (no user)" },
  'modules/remittances/remittances.repository.ts': {
    reads: 2,
    why: "the carrier's cash owed and the statement matching: a shop-wide money view behind 'view cases', no order row shown to an agent",
  },
  'modules/statuses/statuses.repository.ts': {
    reads: 2,
    why: 'deleting a status counts and moves its orders (manage statuses, shop-wide by nature)',
  },
  'modules/assignment/assignment.repository.ts': {
    reads: 2,
    why: "automatic assignment counts each agent's open orders and the job releases stale ones (no user, no order shown)",
  },
  'modules/call-attempts/call-attempts.repository.ts': {
    reads: 5,
    why: 'call outcomes lock and read through orderVisibility; the no-answer job reads types by id; risk counts per phone show no order',
  },
  'modules/call-attempts/call-queue.repository.ts': {
    reads: 4,
    why: 'next order, the call-back queue and releasing a claim: orderVisibility; the no-answer job (no user)',
  },
  'modules/carrier-advice/carrier-advice.repository.ts': {
    reads: 2,
    why: "carrier advice: the selected orders' places and shop-wide rates per company (dispatch orders; no order shown)",
  },
  'modules/central/central-dashboard.repository.ts': {
    reads: 1,
    why: 'the central dashboard counts orders per day across shops (central administrators only)',
  },
  'modules/daily-report/daily-report.repository.ts': {
    reads: 4,
    why: "the shop's day for 'view all orders', or one agent's own orders (agent_id filter); counts only",
  },
  'modules/whatsapp-templates/whatsapp-templates.repository.ts': {
    reads: 1,
    why: 'the WhatsApp link reads the phone of an order through orderVisibility',
  },
  'modules/commissions/commissions.repository.ts': {
    reads: 2,
    why: "the commission ledger: the rule of orders a status change just moved (no user), and an agent's lines (own, or 'view accounting')",
  },
  'modules/profit/profit.repository.ts': {
    reads: 2,
    why: "an order's profit reads it through visibleTo; its ad-spend share counts the shop's orders of the day (only the share is shown)",
  },
  'modules/analytics/accounting-direct.repository.ts': {
    reads: 3,
    why: "the accounting view's direct computation (decisions 0116, 0134; source 'computed'): the ad-spend pools' orders of the day and the finished orders' carrier fees, summed; 'view accounting', and a Support Agent's own orders (agent filter forced)",
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
