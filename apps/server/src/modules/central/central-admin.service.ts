import { DEFAULT_GRACE_DAYS, m, ZCentralSettingsInput, type TCentralSettings } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { withSystem } from '../../db/tenant-context.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { messageBody } from '../../lib/message-body.js';
import { parse } from '../../lib/validate.js';
import type { TCentralSession } from './central-auth.service.js';
import * as repo from './central-admin.repository.js';

export type { TCentralAuditEntry } from './central-admin.repository.js';

/** Every central action is recorded in its own transaction (docs/decisions/0065). */
export function recordCentralAudit(tx: Tx, entry: repo.TCentralAuditEntry): Promise<void> {
  return repo.insertCentralAudit(tx, entry);
}

/** A central administrator's change to a row of no shop (a plan, a tutorial, a rejected signup). */
export function recordPlatformAudit(
  tx: Tx,
  admin: TCentralSession,
  entry: Omit<repo.TCentralAuditEntry, 'adminId' | 'tenantId'>,
): Promise<void> {
  return recordCentralAudit(tx, { adminId: admin.id, tenantId: null, ...entry });
}

export function listCentralAuditIn(tx: Tx, tenantId: number, limit = 100) {
  return repo.listCentralAudit(tx, tenantId, limit);
}

function settingsOf(raw: Record<string, unknown>): TCentralSettings {
  const grace = Number(raw.grace_days);
  return {
    support_whatsapp: typeof raw.support_whatsapp === 'string' ? raw.support_whatsapp : '',
    grace_days: Number.isInteger(grace) && grace >= 0 ? grace : DEFAULT_GRACE_DAYS,
    open_signup: raw.open_signup === true,
  };
}

/** The central settings inside another use case's transaction (the daily job's grace days). */
export async function centralSettingsIn(tx: Tx): Promise<TCentralSettings> {
  return settingsOf(await repo.readSettings(tx));
}

export function getCentralSettings({ db }: TAppDeps): Promise<TCentralSettings> {
  return withSystem(db, centralSettingsIn);
}

export async function saveCentralSettings({ db }: TAppDeps, admin: TCentralSession, input: unknown) {
  const next = parse(ZCentralSettingsInput, input);
  const saved = await withSystem(db, async (tx) => {
    const before = await centralSettingsIn(tx);
    await repo.writeSetting(tx, 'support_whatsapp', next.support_whatsapp);
    await repo.writeSetting(tx, 'grace_days', next.grace_days);
    if (next.open_signup !== undefined) await repo.writeSetting(tx, 'open_signup', next.open_signup);
    await repo.insertCentralAudit(tx, {
      adminId: admin.id,
      tenantId: null,
      action: 'update',
      entity: 'settings',
      entityId: null,
      before,
      after: next,
    });
    return { ...next, open_signup: next.open_signup ?? before.open_signup };
  });
  return { ...messageBody(m('central_settings.saved')), data: saved };
}

/** SPEC 1's floating button: the product's support WhatsApp number (null when none is set). */
export async function supportWhatsAppOf({ db }: TAppDeps): Promise<{ whatsapp: string | null }> {
  const { support_whatsapp } = await withSystem(db, centralSettingsIn);
  return { whatsapp: support_whatsapp || null };
}
