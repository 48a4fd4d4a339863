import {
  adSpendShare,
  centimes,
  dayIn,
  dayWindow,
  fromDinars,
  orderProfit,
  type TOrderProfit,
  type TProfitOutcome,
  type TStatusType,
} from '@cod/shared';
import { withTenant } from '../../db/tenant-context.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { orderCommissionInTx } from '../commissions/commissions.service.js';
import { scopeOf, type TOrderActor } from '../orders/order-access.js';
import * as repo from './profit.repository.js';

/**
 * The profit of an order (issue 13.6, docs/decisions/0103): the facts read here, the formula is
 * the shared `orderProfit`.
 */
const OUTCOMES: Partial<Record<TStatusType, TProfitOutcome>> = {
  delivered: 'delivered',
  returned: 'returned',
  cancelled: 'cancelled',
};

export interface TOrderProfitAnswer extends TOrderProfit {
  order_id: number;
  /** The day whose ad spend the order shares (the shop's calendar day of its creation). */
  day: string;
}

/** GET /dashboard/orders/{id}/profit, for those who may see costs. */
export function getOrderProfit(deps: TAppDeps, actor: TOrderActor, id: number): Promise<TOrderProfitAnswer> {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const scope = await scopeOf(tx, actor);
    const order = await repo.profitOrder(tx, scope, id);
    if (!order) throw AppError.notFound('Order');
    const lines = await repo.profitLines(tx, actor.tenantId, id);
    const day = dayIn(new Date(order.created_at), actor.timeZone);
    const window = { date: day, ...dayWindow(day, actor.timeZone) };
    const pool = async (which: { campaignId: string } | { source: string }) => {
      const found = await repo.spendPool(tx, actor.tenantId, which, window);
      return { spend_centimes: centimes(Number(found.spend)), order_ids: found.order_ids };
    };
    const campaign = order.campaign_id ? await pool({ campaignId: order.campaign_id }) : null;
    const source = order.sales_source ? await pool({ source: order.sales_source }) : null;
    const linesTotal = lines.reduce((sum, l) => sum + fromDinars(l.amount), 0);
    const total = fromDinars(order.total);
    const profit = orderProfit({
      outcome: OUTCOMES[order.status_type] ?? 'open',
      total_centimes: total,
      delivery_charged_centimes: centimes(Math.max(0, total - linesTotal)),
      lines: lines.map((l) => ({
        quantity: l.quantity,
        unit_cost_centimes: l.unit_cost === null ? null : fromDinars(l.unit_cost),
      })),
      // No grid row: what the shop charged stands for the carrier's fee (as the remittances do).
      carrier_fee_centimes: fromDinars(order.carrier_fee ?? order.delivery_price),
      return_fee_centimes: fromDinars(order.return_fee ?? '0'),
      commission_centimes: centimes(await orderCommissionInTx(tx, actor.tenantId, id)),
      ad_spend_centimes: adSpendShare(id, campaign, source),
    });
    return { order_id: id, day, ...profit };
  });
}
