import { sql } from 'drizzle-orm';
import type { TShopSettingsValues, TWorkingHours } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { rows } from '../../db/client.js';

/** A shop's settings row (migration 0011; every shop has one from its creation on). */
export interface TShopSettingsRow {
  shop_name: string;
  logo_key: string | null;
  sender_address: string | null;
  sender_phone: string | null;
  time_zone: string;
  default_shipping_company_id: number | null;
  working_hours: Partial<TWorkingHours>;
  whatsapp_phone: string | null;
  low_stock_threshold: number;
  updated_at: Date;
}

export async function findSettings(tx: Tx, tenantId: number, options: { lock?: boolean } = {}) {
  const [row] = await rows<TShopSettingsRow>(
    tx,
    sql`select shop_name, logo_key, sender_address, sender_phone, time_zone, default_shipping_company_id,
               working_hours, whatsapp_phone, low_stock_threshold, updated_at
        from tenant_settings where tenant_id = ${tenantId} ${options.lock ? sql`for update` : sql``}`,
  );
  return row;
}

export async function updateSettings(tx: Tx, tenantId: number, values: TShopSettingsValues): Promise<void> {
  await tx.execute(
    sql`update tenant_settings set
          shop_name = ${values.shop_name},
          sender_address = ${values.sender_address},
          sender_phone = ${values.sender_phone},
          time_zone = ${values.time_zone},
          default_shipping_company_id = ${values.default_shipping_company_id},
          working_hours = ${JSON.stringify(values.working_hours)}::jsonb,
          whatsapp_phone = ${values.whatsapp_phone},
          low_stock_threshold = ${values.low_stock_threshold},
          updated_at = now()
        where tenant_id = ${tenantId}`,
  );
}

export async function setLogoKey(tx: Tx, tenantId: number, key: string | null): Promise<void> {
  await tx.execute(sql`update tenant_settings set logo_key = ${key}, updated_at = now() where tenant_id = ${tenantId}`);
}
