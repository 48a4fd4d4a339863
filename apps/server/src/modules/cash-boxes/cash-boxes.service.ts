import {
  centimes,
  m,
  negateCentimes,
  sumCentimes,
  type TCarrierBox,
  type TCashBox,
  type TCashBoxInput,
  type TCashBoxUpdate,
  type TCashBoxesAnswer,
  type TCentimes,
  type TMovementInput,
  type TMovementKind,
  type TMovementListQuery,
  type TMovementPage,
  type TTransferInput,
} from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import type { TActor } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { auditBy, recordAudit } from '../audit/audit.service.js';
import * as repo from './cash-boxes.repository.js';

/**
 * Cash boxes (issue 13, SPEC 2.2 "cases", docs/decisions/0070). A box's balance is the sum of its
 * movements: every movement is written with its balance change in one transaction, under the box's
 * row lock. Days close in order; a closed day's movements are never changed: a reversing movement
 * on an open day corrects them.
 */

export const today = (): string => new Date().toISOString().slice(0, 10);

const boxNotFound = () => new AppError('not_found', m('money.box_not_found'));
const movementNotFound = () => new AppError('not_found', m('money.movement_not_found'));

/** Refuses a day at or before the last closed one, with the coded message (docs/decisions/0070). */
export async function assertDayOpen(tx: Tx, tenantId: number, day: string): Promise<void> {
  const closed = await repo.closedThrough(tx, tenantId);
  if (closed !== null && day <= closed) throw new AppError('conflict', m('money.day_closed', { date: day }));
}

type TMovementSource = { transferId?: number; expenseId?: number; incomeId?: number; reversesId?: number };

/**
 * One movement inside the caller's transaction (expenses, income and remittances write theirs
 * through here). The balance moves first, so the box's row lock is held before the closed-day check
 * reads: a day being closed at the same time is either seen, or waits for this transaction.
 */
export async function recordMovementInTx(
  tx: Tx,
  tenantId: number,
  movement: {
    boxId: number;
    day: string;
    amount: TCentimes;
    kind: TMovementKind;
    note?: string | null;
    userId: number | null;
  } & TMovementSource,
): Promise<number> {
  const box = await repo.addToBalance(tx, tenantId, movement.boxId, movement.amount);
  if (!box) throw AppError.validation({ box_id: [m('validation.selected_invalid', { field: 'box' })] });
  if (box.archived_at && movement.kind !== 'reversal') {
    throw AppError.validation({ box_id: [m('money.box_archived')] });
  }
  await assertDayOpen(tx, tenantId, movement.day);
  return repo.insertMovement(tx, tenantId, movement);
}

/** Removes a movement written by an expense or income being changed or deleted (open day only). */
export async function removeMovementInTx(tx: Tx, tenantId: number, movement: repo.TMovementRow): Promise<void> {
  await repo.addToBalance(tx, tenantId, movement.box_id, negateCentimes(movement.amount_centimes));
  await assertDayOpen(tx, tenantId, movement.occurred_on);
  if (movement.reversed_by_id) throw new AppError('conflict', m('money.already_reversed'));
  await repo.deleteMovement(tx, tenantId, movement.id);
}

export const movementsOfExpenseInTx = repo.movementsOfExpense;
export const movementsOfIncomeInTx = repo.movementsOfIncome;

/** A box the caller's form names: live, of this shop (422 otherwise). */
export async function assertBoxUsable(tx: Tx, tenantId: number, boxId: number, field = 'box_id'): Promise<void> {
  const box = await repo.findBoxRow(tx, tenantId, boxId);
  if (!box) throw AppError.validation({ [field]: [m('validation.selected_invalid', { field: 'box' })] });
  if (box.archived_at) throw AppError.validation({ [field]: [m('money.box_archived')] });
}

export function listCashBoxes(
  deps: TAppDeps,
  tenantId: number,
  options: { archived?: boolean } = {},
  carriersOf: (tx: Tx, tenantId: number) => Promise<TCarrierBox[]> = async () => [],
): Promise<TCashBoxesAnswer> {
  return withTenant(deps.db, tenantId, async (tx) => {
    const boxes = await repo.listBoxes(tx, tenantId, options);
    const carriers = await carriersOf(tx, tenantId);
    return {
      boxes,
      carriers,
      total_centimes: sumCentimes(boxes.filter((b) => !b.archived_at).map((b) => b.balance_centimes)),
      closed_through: await repo.closedThrough(tx, tenantId),
    };
  });
}

export function createCashBox(deps: TAppDeps, actor: TActor, input: TCashBoxInput): Promise<TCashBox> {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const created = await repo.insertBox(tx, actor.tenantId, input);
    if (!created) throw AppError.validation({ name: [m('money.box_name_taken')] });
    if (input.opening_centimes) {
      await recordMovementInTx(tx, actor.tenantId, {
        boxId: created.id,
        day: input.opening_on ?? today(),
        amount: input.opening_centimes,
        kind: 'opening',
        userId: actor.userId,
      });
    }
    await recordAudit(tx, { ...auditBy(actor, 'cash_box', created.id), action: 'create', changes: input });
    return (await repo.listBoxes(tx, actor.tenantId, { ids: [created.id] }))[0]!;
  });
}

export function updateCashBox(deps: TAppDeps, actor: TActor, id: number, input: TCashBoxUpdate): Promise<TCashBox> {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    if (!(await repo.findBoxRow(tx, actor.tenantId, id))) throw boxNotFound();
    if (!(await repo.updateBox(tx, actor.tenantId, id, input))) {
      throw AppError.validation({ name: [m('money.box_name_taken')] });
    }
    await recordAudit(tx, { ...auditBy(actor, 'cash_box', id), action: 'update', changes: input });
    return (await repo.listBoxes(tx, actor.tenantId, { ids: [id], archived: true }))[0]!;
  });
}

/** A box keeps its history: it is archived, never deleted (decision 0011). */
export function archiveCashBox(deps: TAppDeps, actor: TActor, id: number): Promise<{ result: 'archived' }> {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    if (!(await repo.findBoxRow(tx, actor.tenantId, id))) throw boxNotFound();
    await repo.archiveBox(tx, actor.tenantId, id);
    await recordAudit(tx, { ...auditBy(actor, 'cash_box', id), action: 'archive' });
    return { result: 'archived' as const };
  });
}

export function listCashMovements(deps: TAppDeps, tenantId: number, query: TMovementListQuery): Promise<TMovementPage> {
  return withTenant(deps.db, tenantId, async (tx) => {
    const closed = await repo.closedThrough(tx, tenantId);
    const page = await repo.listMovements(tx, tenantId, query, closed);
    return {
      data: page.data,
      total: page.total,
      totals: { in_centimes: page.in, out_centimes: page.out, net_centimes: centimes(page.in + page.out) },
    };
  });
}

/** An adjustment in or out of one box. */
export function recordCashMovement(deps: TAppDeps, actor: TActor, input: TMovementInput) {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const id = await recordMovementInTx(tx, actor.tenantId, {
      boxId: input.box_id,
      day: input.occurred_on,
      amount: input.amount_centimes,
      kind: 'adjustment',
      note: input.note,
      userId: actor.userId,
    });
    await recordAudit(tx, { ...auditBy(actor, 'cash_movement', id), action: 'create', changes: input });
    return repo.findMovement(tx, actor.tenantId, id);
  });
}

/** Only the shop's own adjustments and opening balances are edited here; the rest belong to their source. */
function assertOwnMovement(movement: repo.TMovementRow): void {
  if (!['adjustment', 'opening'].includes(movement.kind)) throw new AppError('conflict', m('money.movement_owned'));
}

export function updateCashMovement(deps: TAppDeps, actor: TActor, id: number, input: TMovementInput) {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const movement = await repo.findMovement(tx, actor.tenantId, id);
    if (!movement) throw movementNotFound();
    assertOwnMovement(movement);
    await removeMovementInTx(tx, actor.tenantId, movement);
    const newId = await recordMovementInTx(tx, actor.tenantId, {
      boxId: input.box_id,
      day: input.occurred_on,
      amount: input.amount_centimes,
      kind: movement.kind,
      note: input.note,
      userId: actor.userId,
    });
    await recordAudit(tx, {
      ...auditBy(actor, 'cash_movement', id),
      action: 'update',
      changes: { ...input, id: newId },
    });
    return repo.findMovement(tx, actor.tenantId, newId);
  });
}

export function deleteCashMovement(deps: TAppDeps, actor: TActor, id: number) {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const movement = await repo.findMovement(tx, actor.tenantId, id);
    if (!movement) throw movementNotFound();
    assertOwnMovement(movement);
    await removeMovementInTx(tx, actor.tenantId, movement);
    await recordAudit(tx, { ...auditBy(actor, 'cash_movement', id), action: 'delete' });
    return { result: 'deleted' as const };
  });
}

/**
 * The correction of any movement, closed day or not: the opposite amount in the same box on an
 * open day (today unless given). A transfer is reversed whole: both of its movements.
 */
export function reverseCashMovement(deps: TAppDeps, actor: TActor, id: number, day: string = today()) {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const movement = await repo.findMovement(tx, actor.tenantId, id);
    if (!movement) throw movementNotFound();
    if (movement.kind === 'reversal') throw new AppError('conflict', m('money.reversal_not_reversible'));
    const targets = movement.transfer_id
      ? await repo.movementsOfTransfer(tx, actor.tenantId, movement.transfer_id)
      : [movement];
    const ids: number[] = [];
    // Box order, as transfers take them: two reversals of opposite transfers never deadlock.
    for (const target of [...targets].sort((a, b) => a.box_id - b.box_id)) {
      const current = await repo.findMovement(tx, actor.tenantId, target.id);
      if (current?.reversed_by_id) throw new AppError('conflict', m('money.already_reversed'));
      ids.push(
        await recordMovementInTx(tx, actor.tenantId, {
          boxId: target.box_id,
          day,
          amount: negateCentimes(target.amount_centimes),
          kind: 'reversal',
          reversesId: target.id,
          transferId: target.transfer_id ?? undefined,
          note: target.note,
          userId: actor.userId,
        }),
      );
    }
    await recordAudit(tx, {
      ...auditBy(actor, 'cash_movement', id),
      action: 'reverse',
      changes: { reversal_ids: ids },
    });
    return { data: await Promise.all(ids.map((newId) => repo.findMovement(tx, actor.tenantId, newId))) };
  });
}

/** One transaction, two movements (issue 13.1). Boxes are locked in id order: no deadlock. */
export function transferCash(deps: TAppDeps, actor: TActor, input: TTransferInput) {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    if (input.from_box_id === input.to_box_id) throw AppError.validation({ to_box_id: [m('money.same_box')] });
    await assertBoxUsable(tx, actor.tenantId, input.from_box_id, 'from_box_id');
    await assertBoxUsable(tx, actor.tenantId, input.to_box_id, 'to_box_id');
    const transferId = await repo.insertTransfer(tx, actor.tenantId, {
      fromBoxId: input.from_box_id,
      toBoxId: input.to_box_id,
      amount: input.amount_centimes,
      day: input.occurred_on,
      note: input.note,
      userId: actor.userId,
    });
    const legs = [
      { boxId: input.from_box_id, amount: negateCentimes(input.amount_centimes) },
      { boxId: input.to_box_id, amount: input.amount_centimes },
    ].sort((a, b) => a.boxId - b.boxId);
    for (const leg of legs) {
      await recordMovementInTx(tx, actor.tenantId, {
        ...leg,
        day: input.occurred_on,
        kind: 'transfer',
        transferId,
        note: input.note,
        userId: actor.userId,
      });
    }
    await recordAudit(tx, { ...auditBy(actor, 'cash_transfer', transferId), action: 'create', changes: input });
    return { id: transferId, movements: await repo.movementsOfTransfer(tx, actor.tenantId, transferId) };
  });
}

/** Closes every day up to `day` (days close in order; a closed day stays closed). */
export function closeCashDay(deps: TAppDeps, actor: TActor, day: string) {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    if (day > today()) throw AppError.validation({ day: [m('money.day_in_future')] });
    await repo.lockAllBoxes(tx, actor.tenantId);
    const closed = await repo.closedThrough(tx, actor.tenantId);
    if (closed === null || day > closed) {
      await repo.insertClosedDay(tx, actor.tenantId, day, actor.userId);
      await recordAudit(tx, { ...auditBy(actor, 'cash_day', 0), action: 'close', changes: { day } });
    }
    return { closed_through: closed !== null && closed > day ? closed : day };
  });
}
