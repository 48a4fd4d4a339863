import {
  DEFAULT_WORKING_HOURS,
  m,
  WEEK_DAYS,
  ZShopSettingsInput,
  type TShopSettings,
  type TWorkingHours,
} from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import type { TActor } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { messageBody } from '../../lib/message-body.js';
import { parse } from '../../lib/validate.js';
import { recordSettingsAudit } from '../audit/audit.service.js';
import { localImageStore, type TImageStore } from '../products/product-images.js';
import { shippingCompanyExists } from '../shipping-companies/shipping-companies.service.js';
import * as repo from './shop-settings.repository.js';
import { logoAsPng, storeLogo } from './shop-logo.js';

/** What the settings use cases need: the database and the picture store (the logo). */
export interface TShopSettingsDeps extends TAppDeps {
  store: TImageStore;
}

const logoUrl = (tenantId: number, key: string | null) => (key ? `/uploads/${tenantId}/${key}` : null);

/** Every day present: a day the stored JSON lacks takes the default. */
function workingHoursOf(stored: Partial<TWorkingHours>): TWorkingHours {
  return Object.fromEntries(
    WEEK_DAYS.map((day) => [day, day in stored ? (stored[day] ?? null) : DEFAULT_WORKING_HOURS[day]]),
  ) as TWorkingHours;
}

function view(tenantId: number, row: repo.TShopSettingsRow): TShopSettings {
  return {
    shop_name: row.shop_name,
    logo_url: logoUrl(tenantId, row.logo_key),
    sender_address: row.sender_address,
    sender_phone: row.sender_phone,
    time_zone: row.time_zone,
    default_shipping_company_id: row.default_shipping_company_id,
    working_hours: workingHoursOf(row.working_hours),
    whatsapp_phone: row.whatsapp_phone,
    low_stock_threshold: row.low_stock_threshold,
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

async function rowOf(tx: Tx, tenantId: number, lock = false) {
  const row = await repo.findSettings(tx, tenantId, { lock });
  if (!row) throw AppError.notFound('Resource');
  return row;
}

/**
 * Issue 18.5: a shop's settings inside the caller's transaction, for other modules (the call
 * centre reads the time zone, working hours and WhatsApp number; analytics the time zone).
 */
export async function shopSettingsOf(tx: Tx, tenantId: number): Promise<TShopSettings> {
  return view(tenantId, await rowOf(tx, tenantId));
}

/** The same, in a transaction of its own. */
export function readShopSettings(deps: TAppDeps, tenantId: number): Promise<TShopSettings> {
  return withTenant(deps.db, tenantId, (tx) => shopSettingsOf(tx, tenantId));
}

/** The sender block of a parcel label: the shop's name, phone, address, and its logo as PNG. */
export async function labelSenderOf(
  deps: TAppDeps & { config: { dataDir: string } },
  tenantId: number,
): Promise<{ name: string; phone?: string; address?: string; logo?: Buffer }> {
  const row = await withTenant(deps.db, tenantId, (tx) => rowOf(tx, tenantId));
  const logo = await logoAsPng(localImageStore(deps.config.dataDir), tenantId, row.logo_key);
  return {
    name: row.shop_name,
    ...(row.sender_phone ? { phone: row.sender_phone } : {}),
    ...(row.sender_address ? { address: row.sender_address } : {}),
    ...(logo ? { logo } : {}),
  };
}

/** The fields whose value changed, before and after, for the audit log. */
function difference(before: TShopSettings, after: TShopSettings) {
  const keys = (Object.keys(after) as Array<keyof TShopSettings>).filter(
    (key) => key !== 'updated_at' && JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

export function updateShopSettings(deps: TAppDeps, actor: TActor, input: unknown) {
  const values = parse(ZShopSettingsInput, input);
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const before = view(actor.tenantId, await rowOf(tx, actor.tenantId, true));
    if (
      values.default_shipping_company_id !== null &&
      !(await shippingCompanyExists(tx, actor.tenantId, values.default_shipping_company_id))
    ) {
      throw AppError.validation({
        default_shipping_company_id: [m('validation.selected_invalid', { field: 'shipping company' })],
      });
    }
    await repo.updateSettings(tx, actor.tenantId, values);
    const after = view(actor.tenantId, await rowOf(tx, actor.tenantId));
    const changes = difference(before, after);
    if (Object.keys(changes.after).length) {
      await recordSettingsAudit(tx, actor, changes);
    }
    return { ...messageBody(m('shop_settings.updated')), settings: after };
  });
}

async function replaceLogo(deps: TShopSettingsDeps, actor: TActor, key: string | null) {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const before = await rowOf(tx, actor.tenantId, true);
    await repo.setLogoKey(tx, actor.tenantId, key);
    await recordSettingsAudit(
      tx,
      actor,
      {
        before: { logo_url: logoUrl(actor.tenantId, before.logo_key) },
        after: { logo_url: logoUrl(actor.tenantId, key) },
      },
      key ? 'update_logo' : 'remove_logo',
    );
    return { oldKey: before.logo_key, settings: view(actor.tenantId, await rowOf(tx, actor.tenantId)) };
  });
}

/** A new logo: stored before the transaction, removed if it fails; the old file goes after it. */
export async function setShopLogo(deps: TShopSettingsDeps, actor: TActor, readUpload: () => Promise<Buffer>) {
  const key = await storeLogo(deps.store, actor.tenantId, await readUpload());
  const outcome = await replaceLogo(deps, actor, key).catch(async (error: unknown) => {
    await deps.store.remove(actor.tenantId, [key]);
    throw error;
  });
  await deps.store.remove(actor.tenantId, [outcome.oldKey]);
  return { ...messageBody(m('shop_settings.logo_updated')), settings: outcome.settings };
}

export async function removeShopLogo(deps: TShopSettingsDeps, actor: TActor) {
  const outcome = await replaceLogo(deps, actor, null);
  await deps.store.remove(actor.tenantId, [outcome.oldKey]);
  return { ...messageBody(m('shop_settings.logo_removed')), settings: outcome.settings };
}
