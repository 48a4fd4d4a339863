import path from 'node:path';
import {
  m,
  negateCentimes,
  type TEntryDirection,
  type TEntryInput,
  type TEntryListQuery,
  type TEntryPage,
  type TMoneyCategory,
  type TMoneyEntry,
} from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import type { TActor } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { auditBy, recordAudit } from '../audit/audit.service.js';
import { removeReceipt } from '../payments/payment-receipts.js';
import * as boxes from './cash-boxes.repository.js';
import { assertBoxUsable, recordMovementInTx, removeMovementInTx } from './cash-boxes.service.js';
import * as repo from './money-entries.repository.js';

/**
 * Expenses and income (issue 13.2, 13.3, docs/decisions/0071): each entry is paid from or lands
 * in a box as one movement, written in the entry's transaction. Changing or deleting an entry
 * moves its movement, which a closed day refuses (the day of the old movement and of the new).
 */

const notFound = (direction: TEntryDirection) =>
  new AppError('not_found', m(direction === 'expense' ? 'money.expense_not_found' : 'money.income_not_found'));

export function listMoneyCategories(
  deps: TAppDeps,
  tenantId: number,
  direction: TEntryDirection,
): Promise<TMoneyCategory[]> {
  return withTenant(deps.db, tenantId, async (tx) => {
    await repo.ensureBuiltInCategories(tx, tenantId, direction);
    return repo.listCategories(tx, tenantId, direction);
  });
}

export function addMoneyCategory(deps: TAppDeps, actor: TActor, direction: TEntryDirection, name: string) {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const created = await repo.insertCategory(tx, actor.tenantId, direction, name);
    if (!created) throw AppError.validation({ name: [m('money.category_taken')] });
    await recordAudit(tx, {
      ...auditBy(actor, `${direction}_category`, created.id),
      action: 'create',
      changes: { name },
    });
    return created;
  });
}

export function listMoneyEntries(
  deps: TAppDeps,
  tenantId: number,
  direction: TEntryDirection,
  query: TEntryListQuery,
): Promise<TEntryPage> {
  return withTenant(deps.db, tenantId, async (tx) => {
    const closed = await boxes.closedThrough(tx, tenantId);
    const page = await repo.listEntries(tx, tenantId, direction, query, closed);
    return { data: page.data, total: page.total, totals: { amount_centimes: page.sum } };
  });
}

/** Every entry of the filter, page by page in short transactions (the XLSX export). */
export async function* exportMoneyEntries(
  deps: TAppDeps,
  tenantId: number,
  direction: TEntryDirection,
  query: Omit<TEntryListQuery, 'page' | 'per_page'>,
): AsyncGenerator<TMoneyEntry> {
  for (let page = 1; page <= 1000; page++) {
    const { data } = await withTenant(deps.db, tenantId, (tx) =>
      repo.listEntries(tx, tenantId, direction, { ...query, page, per_page: 500 }, null),
    );
    yield* data;
    if (data.length < 500) return;
  }
}

async function findEntry(tx: Tx, tenantId: number, direction: TEntryDirection, id: number) {
  const closed = await boxes.closedThrough(tx, tenantId);
  const [entry] = (await repo.listEntries(tx, tenantId, direction, { page: 1, per_page: 1 }, closed, [id])).data;
  return entry;
}

export function getMoneyEntry(deps: TAppDeps, tenantId: number, direction: TEntryDirection, id: number) {
  return withTenant(deps.db, tenantId, async (tx) => {
    const entry = await findEntry(tx, tenantId, direction, id);
    if (!entry) throw notFound(direction);
    return entry;
  });
}

async function checkReferences(tx: Tx, tenantId: number, direction: TEntryDirection, input: TEntryInput) {
  await repo.ensureBuiltInCategories(tx, tenantId, direction);
  if (!(await repo.findCategory(tx, tenantId, direction, input.category_id))) {
    throw AppError.validation({ category_id: [m('validation.selected_invalid', { field: 'category' })] });
  }
  await assertBoxUsable(tx, tenantId, input.box_id);
  if (input.product_id && !(await repo.productExists(tx, tenantId, input.product_id))) {
    throw AppError.validation({ product_id: [m('validation.selected_invalid', { field: 'product' })] });
  }
}

async function writeMovement(
  tx: Tx,
  actor: { tenantId: number; userId: number | null },
  direction: TEntryDirection,
  id: number,
  input: TEntryInput,
) {
  await recordMovementInTx(tx, actor.tenantId, {
    boxId: input.box_id,
    day: input.occurred_on,
    amount: direction === 'expense' ? negateCentimes(input.amount_centimes) : input.amount_centimes,
    kind: direction,
    ...(direction === 'expense' ? { expenseId: id } : { incomeId: id }),
    note: input.note,
    userId: actor.userId,
  });
}

/** An entry and its movement inside the caller's transaction (a remittance's income uses it). */
export async function createMoneyEntryInTx(
  tx: Tx,
  actor: { tenantId: number; userId: number | null },
  direction: TEntryDirection,
  input: TEntryInput & { remittance_id?: number | null },
): Promise<number> {
  await checkReferences(tx, actor.tenantId, direction, input);
  const id = await repo.insertEntry(tx, actor.tenantId, direction, input, actor.userId);
  await writeMovement(tx, actor, direction, id, input);
  return id;
}

/** The id of a built-in category (remittance income, salaries...), created on first use. */
export async function builtInCategoryId(tx: Tx, tenantId: number, direction: TEntryDirection, code: string) {
  await repo.ensureBuiltInCategories(tx, tenantId, direction);
  return (await repo.findCategoryByCode(tx, tenantId, direction, code))!.id;
}

export function createMoneyEntry(deps: TAppDeps, actor: TActor, direction: TEntryDirection, input: TEntryInput) {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const id = await createMoneyEntryInTx(tx, actor, direction, input);
    await recordAudit(tx, { ...auditBy(actor, direction, id), action: 'create', changes: input });
    return (await findEntry(tx, actor.tenantId, direction, id))!;
  });
}

async function movementsOf(tx: Tx, tenantId: number, direction: TEntryDirection, id: number) {
  const found =
    direction === 'expense'
      ? await boxes.movementsOfExpense(tx, tenantId, id)
      : await boxes.movementsOfIncome(tx, tenantId, id);
  // The entry's own movement; a reversal of it (cases screen) stays as the record of the correction.
  return found.filter((movement) => movement.kind === direction);
}

async function lockedEntry(tx: Tx, tenantId: number, direction: TEntryDirection, id: number) {
  const entry = await findEntry(tx, tenantId, direction, id);
  if (!entry) throw notFound(direction);
  if (entry.remittance_id) throw new AppError('conflict', m('money.income_from_remittance'));
  return entry;
}

async function removeOwnMovements(tx: Tx, tenantId: number, direction: TEntryDirection, id: number) {
  for (const movement of await movementsOf(tx, tenantId, direction, id)) {
    const full = await boxes.findMovement(tx, tenantId, movement.id);
    await removeMovementInTx(tx, tenantId, full!);
  }
}

export function updateMoneyEntry(
  deps: TAppDeps,
  actor: TActor,
  direction: TEntryDirection,
  id: number,
  input: TEntryInput,
) {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    await lockedEntry(tx, actor.tenantId, direction, id);
    await checkReferences(tx, actor.tenantId, direction, input);
    await removeOwnMovements(tx, actor.tenantId, direction, id);
    await repo.updateEntry(tx, actor.tenantId, direction, id, input);
    await writeMovement(tx, actor, direction, id, input);
    await recordAudit(tx, { ...auditBy(actor, direction, id), action: 'update', changes: input });
    return (await findEntry(tx, actor.tenantId, direction, id))!;
  });
}

export async function deleteMoneyEntry(
  deps: TAppDeps & { moneyDir?: string },
  actor: TActor,
  direction: TEntryDirection,
  id: number,
) {
  const receipt = await withTenant(deps.db, actor.tenantId, async (tx) => {
    await lockedEntry(tx, actor.tenantId, direction, id);
    const file = await repo.lockAttachment(tx, actor.tenantId, direction, id);
    await removeOwnMovements(tx, actor.tenantId, direction, id);
    await repo.deleteEntry(tx, actor.tenantId, direction, id);
    await recordAudit(tx, { ...auditBy(actor, direction, id), action: 'delete' });
    return file?.attachment_key ?? null;
  });
  // Its receipt goes with it, once the deletion committed (docs/decisions/0105).
  if (receipt && deps.moneyDir) await removeReceipt(path.join(deps.moneyDir, String(actor.tenantId)), receipt);
  return { result: 'deleted' as const };
}
