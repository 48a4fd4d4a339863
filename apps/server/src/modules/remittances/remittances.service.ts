import {
  centimes,
  m,
  REMITTANCE_ISSUES,
  sumCentimes,
  type TCarrierCash,
  type TCentimes,
  type TRemittanceHeader,
  type TRemittanceIssue,
  type TRemittanceLine,
  type TRemittanceResult,
} from '@cod/shared';
import { PAYMENT_STATUS_SUPPORT, type TCarrierKind } from '../../carriers/carrier.js';
import type { Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import type { TActor } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { assertBoxUsable, listCashBoxes } from '../cash-boxes/cash-boxes.service.js';
import { builtInCategoryId, createMoneyEntryInTx } from '../cash-boxes/money-entries.service.js';
import * as repo from './remittances.repository.js';

/**
 * Carrier COD remittances (issue 13.4, docs/decisions/0072): a statement's lines are matched to
 * the carrier's delivered parcels by tracking number; a parcel is paid once, ever (the unique
 * order of remittance_parcels); the cash of the parcels a statement newly pays lands in a box as
 * an income (decision 0141).
 */

/** The boxes screen: the shop's boxes and, as virtual boxes, each carrier's pending cash. */
export function listCases(deps: TAppDeps, tenantId: number, options: { archived?: boolean }) {
  return listCashBoxes(deps, tenantId, options, async (tx, id) =>
    (await repo.carrierCash(tx, id)).map((c) => ({
      shipping_company_id: c.shipping_company_id,
      name: c.name,
      balance_centimes: c.owed_centimes,
      parcels: c.parcels,
    })),
  );
}

export function listCarrierCash(deps: TAppDeps, tenantId: number): Promise<TCarrierCash[]> {
  return withTenant(deps.db, tenantId, async (tx) =>
    (await repo.carrierCash(tx, tenantId)).map(({ kind, ...cash }) => ({
      ...cash,
      fetch_payments: PAYMENT_STATUS_SUPPORT[kind as TCarrierKind] ?? false,
    })),
  );
}

export function listOwedParcels(
  deps: TAppDeps,
  tenantId: number,
  query: { shipping_company_id: number; page: number; per_page: number },
) {
  return withTenant(deps.db, tenantId, (tx) =>
    repo.owedParcels(tx, tenantId, query.shipping_company_id, query.page, query.per_page),
  );
}

export function listRemittances(
  deps: TAppDeps,
  tenantId: number,
  query: { page: number; per_page: number; shipping_company_id?: number },
) {
  return withTenant(deps.db, tenantId, async (tx) => {
    const page = await repo.listRemittances(tx, tenantId, query);
    return { data: page.data, total: page.total, totals: { amount_centimes: centimes(page.sum) } };
  });
}

async function resultOf(tx: Tx, tenantId: number, id: number): Promise<TRemittanceResult> {
  const [remittance] = (await repo.listRemittances(tx, tenantId, { page: 1, per_page: 1, ids: [id] })).data;
  if (!remittance) throw new AppError('not_found', m('money.remittance_not_found'));
  const issues = await repo.issuesOf(tx, tenantId, id);
  const not_credited = Object.fromEntries(
    REMITTANCE_ISSUES.map((reason) => {
      const of = issues.filter((issue) => issue.reason === reason);
      return [reason, { count: of.length, centimes: sumCentimes(of.map((issue) => issue.paid_centimes)) }];
    }),
  ) as TRemittanceResult['not_credited'];
  return {
    ...remittance,
    matched_centimes: await repo.matchedSum(tx, tenantId, id),
    credited_centimes: await repo.creditedSum(tx, tenantId, id),
    not_credited,
    issues,
  };
}

/**
 * What a statement puts in the box (decision 0141): the money of the parcels it newly pays, never
 * its lines paid before, unknown or short-paid (they credit nothing until resolved), and never
 * more than the statement's own total (its disputed deductions are money that did not arrive
 * either). Nothing when that is not above zero: no money leaves the shop through a statement.
 */
export function creditOf(newlyPaid: TCentimes[], statementTotal: TCentimes): TCentimes {
  return centimes(Math.max(0, Math.min(sumCentimes(newlyPaid), statementTotal)));
}

export function getRemittance(deps: TAppDeps, tenantId: number, id: number) {
  return withTenant(deps.db, tenantId, (tx) => resultOf(tx, tenantId, id));
}

/**
 * Matches a statement, in one transaction. Each line in file order: unknown (no delivered parcel of
 * this carrier has the number), paid twice (paid by an earlier remittance or an earlier line),
 * short-paid (less than the parcel's cash minus the carrier's fee: not marked paid), else matched.
 * A returned parcel is owed minus its return fee (decision 0112): a line of -400 DA settles a 400 DA
 * return fee, one of -500 DA is short-paid (the carrier took more than its grid says).
 */
export function recordRemittance(
  deps: TAppDeps,
  actor: TActor,
  header: TRemittanceHeader,
  lines: TRemittanceLine[],
  fileName: string | null = null,
): Promise<TRemittanceResult> {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    if (!lines.length) throw AppError.validation({ lines: [m('money.remittance_empty')] });
    if (!(await repo.companyName(tx, actor.tenantId, header.shipping_company_id))) {
      throw AppError.validation({
        shipping_company_id: [m('validation.selected_invalid', { field: 'shipping company' })],
      });
    }
    await assertBoxUsable(tx, actor.tenantId, header.box_id);
    const parcels = await repo.deliveredByTracking(tx, actor.tenantId, header.shipping_company_id, [
      ...new Set(lines.map((l) => l.tracking_number)),
    ]);
    const issues: TRemittanceIssue[] = [];
    const matched: Array<{ orderId: number; tracking: string; expected: number; paid: number; line: number }> = [];
    const seen = new Set<string>();
    lines.forEach((line, index) => {
      const parcel = parcels.get(line.tracking_number);
      const base = { line: index + 1, tracking_number: line.tracking_number, paid_centimes: line.amount_centimes };
      if (!parcel) return issues.push({ ...base, reason: 'unknown', order_id: null, expected_centimes: null });
      const known = { ...base, order_id: parcel.order_id, expected_centimes: parcel.owed_centimes };
      if (parcel.paid || seen.has(line.tracking_number)) return issues.push({ ...known, reason: 'paid_twice' });
      seen.add(line.tracking_number);
      if (line.amount_centimes < parcel.owed_centimes) return issues.push({ ...known, reason: 'short_paid' });
      matched.push({
        orderId: parcel.order_id,
        tracking: line.tracking_number,
        expected: parcel.owed_centimes,
        paid: line.amount_centimes,
        line: index + 1,
      });
    });

    const total = sumCentimes(lines.map((l) => l.amount_centimes));
    // Return fees are negative lines (decision 0112); a statement cannot net to money leaving the shop.
    if (total < 0) throw AppError.validation({ lines: [m('money.remittance_negative')] });
    const id = await repo.insertRemittance(tx, actor.tenantId, {
      companyId: header.shipping_company_id,
      boxId: header.box_id,
      day: header.received_on,
      reference: header.reference,
      amount: total,
      fileName,
      userId: actor.userId,
    });
    const inserted = await repo.insertPaidParcels(tx, actor.tenantId, id, matched);
    // Paid by a remittance recorded at the same moment: it lost the race, so it is paid twice here.
    for (const parcel of matched.filter((p) => !inserted.has(p.orderId))) {
      issues.push({
        line: parcel.line,
        tracking_number: parcel.tracking,
        reason: 'paid_twice',
        order_id: parcel.orderId,
        expected_centimes: centimes(parcel.expected),
        paid_centimes: centimes(parcel.paid),
      });
    }
    issues.sort((a, b) => a.line - b.line);
    await repo.insertIssues(tx, actor.tenantId, id, issues);
    await repo.setCounts(tx, actor.tenantId, id, inserted.size, issues.length);
    // Only what this transaction inserted counts: a copy of the statement recorded at the same
    // moment, or before, paid the rest and credited it (the unique order of remittance_parcels).
    const credited = creditOf(
      matched.filter((p) => inserted.has(p.orderId)).map((p) => centimes(p.paid)),
      total,
    );
    if (credited > 0) {
      await createMoneyEntryInTx(tx, actor, 'income', {
        occurred_on: header.received_on,
        amount_centimes: credited,
        category_id: await builtInCategoryId(tx, actor.tenantId, 'income', 'remittance'),
        box_id: header.box_id,
        note: header.reference ?? fileName,
        remittance_id: id,
      });
    }
    await recordAudit(tx, {
      tenantId: actor.tenantId,
      userId: actor.userId,
      entity: 'remittance',
      entityId: id,
      ip: actor.ip,
      action: 'create',
      changes: { ...header, lines: lines.length, matched: inserted.size, issues: issues.length, credited },
    });
    return resultOf(tx, actor.tenantId, id);
  });
}
