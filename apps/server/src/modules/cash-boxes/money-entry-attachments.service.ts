import path from 'node:path';
import { m, type TEntryDirection, type TMoneyEntry } from '@cod/shared';
import { withTenant } from '../../db/tenant-context.js';
import type { TActor } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { auditBy, recordAudit } from '../audit/audit.service.js';
import {
  checkReceipt,
  readReceipt,
  removeReceipt,
  storeReceipt,
  UPLOAD_KINDS,
  type TReceiptUpload,
} from '../payments/payment-receipts.js';
import * as repo from './money-entries.repository.js';
import { getMoneyEntry } from './money-entries.service.js';

/**
 * An expense's (or income's) receipt (issue 13.2, docs/decisions/0105): an image or a PDF under the
 * central payments' receipt rules (declared type, magic bytes, 5 MB, decision 0066), stored under
 * DATA_DIR/money/<tenant>/. A receipt is not money: attaching one to an entry of a closed day is
 * allowed. The file is written before the transaction and removed if it fails; the replaced file
 * is removed after it commits.
 */
export type TEntryFilesDeps = TAppDeps & { moneyDir: string };

const dirOf = (deps: TEntryFilesDeps, tenantId: number) => path.join(deps.moneyDir, String(tenantId));

const notFound = (direction: TEntryDirection) =>
  new AppError('not_found', m(direction === 'expense' ? 'money.expense_not_found' : 'money.income_not_found'));

export async function attachEntryReceipt(
  deps: TEntryFilesDeps,
  actor: TActor,
  direction: TEntryDirection,
  id: number,
  upload: TReceiptUpload | null,
): Promise<TMoneyEntry> {
  // Another shop's entry is not found, whatever was sent.
  await getMoneyEntry(deps, actor.tenantId, direction, id);
  if (!upload) throw AppError.validation({ receipt: [m('money.receipt_required')] });
  const receipt = checkReceipt(upload);
  const dir = dirOf(deps, actor.tenantId);
  const key = await storeReceipt(dir, receipt);
  let previous: string | null = null;
  try {
    await withTenant(deps.db, actor.tenantId, async (tx) => {
      const found = await repo.lockAttachment(tx, actor.tenantId, direction, id);
      if (!found) throw notFound(direction);
      previous = found.attachment_key;
      await repo.setAttachment(tx, actor.tenantId, direction, id, { key, name: receipt.name });
      await recordAudit(tx, {
        ...auditBy(actor, direction, id),
        action: 'update',
        changes: { attachment: receipt.name },
      });
    });
  } catch (error) {
    await removeReceipt(dir, key);
    throw error;
  }
  if (previous) await removeReceipt(dir, previous);
  return getMoneyEntry(deps, actor.tenantId, direction, id);
}

export async function detachEntryReceipt(
  deps: TEntryFilesDeps,
  actor: TActor,
  direction: TEntryDirection,
  id: number,
): Promise<TMoneyEntry> {
  const previous = await withTenant(deps.db, actor.tenantId, async (tx) => {
    const found = await repo.lockAttachment(tx, actor.tenantId, direction, id);
    if (!found) throw notFound(direction);
    if (found.attachment_key) {
      await repo.setAttachment(tx, actor.tenantId, direction, id, null);
      await recordAudit(tx, { ...auditBy(actor, direction, id), action: 'update', changes: { attachment: null } });
    }
    return found.attachment_key;
  });
  if (previous) await removeReceipt(dirOf(deps, actor.tenantId), previous);
  return getMoneyEntry(deps, actor.tenantId, direction, id);
}

/** The receipt's bytes, its checked type (from its stored extension) and its name. */
export async function entryReceipt(deps: TEntryFilesDeps, tenantId: number, direction: TEntryDirection, id: number) {
  const found = await withTenant(deps.db, tenantId, (tx) => repo.lockAttachment(tx, tenantId, direction, id, false));
  if (!found) throw notFound(direction);
  const data = found.attachment_key ? await readReceipt(dirOf(deps, tenantId), found.attachment_key) : null;
  if (!data || !found.attachment_key) throw new AppError('not_found', m('money.receipt_missing'));
  const extension = path.extname(found.attachment_key).slice(1);
  const kind = Object.values(UPLOAD_KINDS).find((k) => (k.extensions as readonly string[]).includes(extension));
  return {
    data,
    type: kind?.type ?? 'application/octet-stream',
    name: found.attachment_name ?? `receipt.${extension}`,
  };
}

/** After an entry is deleted: its receipt file goes too. */
export async function removeEntryReceiptFile(deps: TEntryFilesDeps, tenantId: number, key: string | null) {
  if (key) await removeReceipt(dirOf(deps, tenantId), key);
}
