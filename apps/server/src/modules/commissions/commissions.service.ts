import {
  centimes,
  commissionOfOrder,
  commissionTotals,
  dayIn,
  formatCentimes,
  fromDinars,
  m,
  monthWindow,
  previousDay,
  type TAgentCommission,
  type TCommissionLine,
  type TCommissionPayout,
  type TCommissionQuery,
  type TCommissionsAnswer,
  type TStatusType,
} from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import type { TActor } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { builtInCategoryId, createMoneyEntryInTx } from '../cash-boxes/money-entries.service.js';
import * as repo from './commissions.repository.js';

/**
 * Agent commissions (issue 13.5, docs/decisions/0102). The ledger is written by the status change
 * itself, in its transaction: every place that moves an order's status calls
 * `recordCommissionsInTx` after writing the status.
 */

const REVERSING: readonly TStatusType[] = ['returned', 'cancelled'];

/**
 * Orders that just took a status of type `to`: an earned line for those whose agent's rule names
 * it, or the reversal of their earned line when they returned or were cancelled. Replays (the same
 * webhook twice, two requests at once) insert nothing more: an order earns again only after its
 * last earning was reversed (decision 0114).
 */
export async function recordCommissionsInTx(
  tx: Tx,
  tenantId: number,
  orderIds: readonly number[],
  to: TStatusType,
): Promise<void> {
  if (!orderIds.length) return;
  if (REVERSING.includes(to)) {
    await repo.insertReversals(tx, tenantId, orderIds);
    return;
  }
  if (!repo.EARNING_TYPES.confirmed.includes(to)) return;
  const rules = await repo.rulesOfOrders(tx, tenantId, orderIds);
  const lines = rules
    .filter((r) => repo.EARNING_TYPES[r.commission_on].includes(to))
    .map((r) => ({
      orderId: r.order_id,
      agentId: r.agent_id,
      on: r.commission_on,
      amount: commissionOfOrder(
        { type: r.commission_type, amount: r.commission_amount, rate: r.commission_rate },
        fromDinars(r.total),
      ),
    }))
    .filter((l) => l.amount > 0);
  await repo.insertEarned(tx, tenantId, lines);
}

/**
 * A deleted order gives back its open earning, paid or not (decision 0115): the agent's due goes
 * down by it; restoring the order earns again if its status still qualifies.
 */
export async function reverseCommissionsOfDeletedInTx(tx: Tx, tenantId: number, orderIds: readonly number[]) {
  await repo.insertReversals(tx, tenantId, orderIds);
}

/** A restored order earns again when its status still names its agent's rule (decision 0115). */
export async function recordCommissionsOfRestoredInTx(tx: Tx, tenantId: number, orderId: number, type: TStatusType) {
  if (REVERSING.includes(type)) return;
  await recordCommissionsInTx(tx, tenantId, [orderId], type);
}

export interface TCommissionActor extends TActor {
  timeZone: string;
  /** 'view accounting': every agent; otherwise only the actor's own commissions. */
  seesAll: boolean;
}

function monthOf(month: string | undefined, timeZone: string, now: Date) {
  const value = month ?? dayIn(now, timeZone).slice(0, 7);
  const firstDay = `${value}-01`;
  const window = monthWindow(firstDay, timeZone);
  const [year, mon] = value.split('-').map(Number) as [number, number];
  const next = mon === 12 ? `${year + 1}-01-01` : `${year}-${String(mon + 1).padStart(2, '0')}-01`;
  return { month: value, ...window, firstDay, lastDay: previousDay(next) };
}

const toCentimes = (text: string) => centimes(Number(text));

/** GET /dashboard/commissions: the month's earned, paid and due per agent, with a totals row. */
export function listCommissions(
  deps: TAppDeps,
  actor: TCommissionActor,
  query: TCommissionQuery,
  now = new Date(),
): Promise<TCommissionsAnswer> {
  const period = monthOf(query.month, actor.timeZone, now);
  const agentId = actor.seesAll ? (query.agent_id ?? null) : actor.userId;
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const data: TAgentCommission[] = (await repo.agentMonths(tx, actor.tenantId, period, agentId)).map((r) => {
      const earned = toCentimes(r.earned);
      const reversed = toCentimes(r.reversed);
      return {
        agent_id: r.agent_id,
        name: r.name,
        commission_type: r.commission_type,
        commission_on: r.commission_on,
        orders: r.orders,
        reversed_orders: r.reversed_orders,
        earned_centimes: earned,
        reversed_centimes: reversed,
        net_centimes: centimes(earned - reversed),
        paid_centimes: toCentimes(r.paid),
        due_centimes: toCentimes(r.due),
      };
    });
    const lines: TCommissionLine[] | null =
      agentId === null
        ? null
        : (await repo.agentLines(tx, actor.tenantId, agentId, period)).map((l) => ({
            id: l.id,
            order_id: l.order_id,
            order_number: l.order_number,
            kind: l.kind,
            rule_on: l.rule_on,
            amount_centimes: toCentimes(l.amount_centimes),
            occurred_at: new Date(l.occurred_at).toISOString(),
          }));
    return { month: period.month, data, totals: commissionTotals(data), lines };
  });
}

/**
 * POST /dashboard/commissions/payouts: pays an agent from a box, as an expense of category
 * salaries, in one transaction. The agent's row is locked first, so two payouts at once cannot
 * both pay what is due.
 */
export function payCommission(deps: TAppDeps, actor: TActor, input: TCommissionPayout) {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const agent = await repo.lockAgent(tx, actor.tenantId, input.agent_id);
    if (!agent) throw AppError.validation({ agent_id: [m('commission.agent_not_found')] });
    const due = await repo.dueOf(tx, actor.tenantId, agent.id);
    if (due <= 0) throw AppError.validation({ amount_centimes: [m('commission.nothing_due')] });
    if (input.amount_centimes > due) {
      throw AppError.validation({
        amount_centimes: [m('commission.payout_above_due', { due: formatCentimes(centimes(due)) })],
      });
    }
    const expenseId = await createMoneyEntryInTx(tx, actor, 'expense', {
      occurred_on: input.paid_on,
      amount_centimes: input.amount_centimes,
      category_id: await builtInCategoryId(tx, actor.tenantId, 'expense', 'salaries'),
      box_id: input.box_id,
      // The agent's name, whatever the language of whoever reads the expenses later.
      note: input.note ?? agent.name,
    });
    await repo.insertPayout(tx, actor.tenantId, expenseId, agent.id);
    await recordAudit(tx, {
      tenantId: actor.tenantId,
      userId: actor.userId,
      ip: actor.ip,
      entity: 'commission_payout',
      entityId: expenseId,
      action: 'create',
      changes: input,
    });
    return { expense_id: expenseId, agent_id: agent.id, due_centimes: centimes(due - input.amount_centimes) };
  });
}

/** The home page's "commission this month" of an agent: the ledger's net lines of the window. */
export async function agentCommissionInTx(
  tx: Tx,
  tenantId: number,
  agentId: number,
  window: { from: Date; to: Date },
): Promise<{ orders: number; earned: number }> {
  const { orders, net } = await repo.agentNet(tx, tenantId, agentId, window);
  return { orders, earned: net };
}

/** An order's net commission, for its profit. */
export const orderCommissionInTx = repo.orderNet;
