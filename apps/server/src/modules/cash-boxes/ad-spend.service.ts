import { m, sumCentimes, type TAdSpendImportQuery, type TAdSpendImportResult, type TAdSpendRow } from '@cod/shared';
import { withTenant } from '../../db/tenant-context.js';
import type { TActor } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError, type TErrorText } from '../../lib/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import * as boxes from './cash-boxes.repository.js';
import { builtInCategoryId, createMoneyEntryInTx } from './money-entries.service.js';

/** At most this many row errors are listed (the file is refused as a whole anyway). */
const LISTED_ERRORS = 100;

/**
 * Imports ad spend (issue 13.2, docs/decisions/0105): one expense of category ads per row, paid
 * from the chosen box, with the dialog's source and product and the row's campaign. One
 * transaction: a row in error (unreadable, or dated on a closed day) and nothing is recorded; the
 * rows in error are listed by line.
 */
export function importAdSpend(
  deps: TAppDeps,
  actor: TActor,
  query: TAdSpendImportQuery,
  read: { rows: TAdSpendRow[]; errors: TErrorText[] },
  fileName: string,
): Promise<TAdSpendImportResult> {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const closed = await boxes.closedThrough(tx, actor.tenantId);
    const errors = [
      ...read.errors,
      ...read.rows
        .filter((row) => closed !== null && row.occurred_on <= closed)
        .map((row) => m('money.ad_spend_line_closed', { line: row.line, date: row.occurred_on })),
    ];
    if (errors.length) throw AppError.validation({ file: errors.slice(0, LISTED_ERRORS) });
    const category = await builtInCategoryId(tx, actor.tenantId, 'expense', 'ads');
    for (const row of read.rows) {
      await createMoneyEntryInTx(tx, actor, 'expense', {
        occurred_on: row.occurred_on,
        amount_centimes: row.amount_centimes,
        category_id: category,
        box_id: query.box_id,
        note: fileName.slice(0, 1000),
        sales_source: query.sales_source,
        campaign_id: row.campaign_id,
        product_id: query.product_id ?? null,
      });
    }
    const total = sumCentimes(read.rows.map((row) => row.amount_centimes));
    await recordAudit(tx, {
      tenantId: actor.tenantId,
      userId: actor.userId,
      entity: 'expense',
      entityId: null,
      ip: actor.ip,
      action: 'import',
      changes: { file: fileName, rows: read.rows.length, total_centimes: total, ...query },
    });
    return { imported: read.rows.length, total_centimes: total };
  });
}
