import { sql } from 'drizzle-orm';
import type { TWhatsAppLocale, TWhatsAppTemplate } from '@cod/shared';
import { rows, type Tx } from '../../db/client.js';
import { orderVisibility, type TOrderScope } from '../orders/order-access.js';

// Issue 15.4 (docs/decisions/0088): the shop's WhatsApp templates (migration 0021).

const COLUMNS = sql`id, name, locale, body, created_at, updated_at`;

interface TTemplateRecord {
  id: number;
  name: string;
  locale: TWhatsAppLocale;
  body: string;
  created_at: Date | string;
  updated_at: Date | string;
}

const toTemplate = (r: TTemplateRecord): TWhatsAppTemplate => ({
  ...r,
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
});

export async function listTemplates(tx: Tx, tenantId: number): Promise<TWhatsAppTemplate[]> {
  const found = await rows<TTemplateRecord>(
    tx,
    sql`select ${COLUMNS} from whatsapp_templates where tenant_id = ${tenantId}
        order by case locale when 'ar' then 1 when 'fr' then 2 else 3 end, name, id`,
  );
  return found.map(toTemplate);
}

export async function findTemplate(tx: Tx, tenantId: number, id: number): Promise<TWhatsAppTemplate | undefined> {
  const [found] = await rows<TTemplateRecord>(
    tx,
    sql`select ${COLUMNS} from whatsapp_templates where tenant_id = ${tenantId} and id = ${id}`,
  );
  return found ? toTemplate(found) : undefined;
}

export async function insertTemplate(
  tx: Tx,
  tenantId: number,
  v: { name: string; locale: TWhatsAppLocale; body: string },
): Promise<TWhatsAppTemplate> {
  const [created] = await rows<TTemplateRecord>(
    tx,
    sql`insert into whatsapp_templates (tenant_id, name, locale, body)
        values (${tenantId}, ${v.name}, ${v.locale}, ${v.body}) returning ${COLUMNS}`,
  );
  return toTemplate(created!);
}

export async function updateTemplate(
  tx: Tx,
  tenantId: number,
  id: number,
  v: { name: string; locale: TWhatsAppLocale; body: string },
): Promise<TWhatsAppTemplate | undefined> {
  const [updated] = await rows<TTemplateRecord>(
    tx,
    sql`update whatsapp_templates set name = ${v.name}, locale = ${v.locale}, body = ${v.body}, updated_at = now()
        where tenant_id = ${tenantId} and id = ${id} returning ${COLUMNS}`,
  );
  return updated ? toTemplate(updated) : undefined;
}

export async function deleteTemplate(tx: Tx, tenantId: number, id: number): Promise<boolean> {
  const deleted = await rows(
    tx,
    sql`delete from whatsapp_templates where tenant_id = ${tenantId} and id = ${id} returning id`,
  );
  return deleted.length > 0;
}

/** The order, when this scope may see it (not deleted): its phone. */
export async function visibleOrderPhone(tx: Tx, scope: TOrderScope, orderId: number): Promise<string | undefined> {
  const [found] = await rows<{ customer_phone_1: string }>(
    tx,
    sql`select o.customer_phone_1 from orders o
        where o.tenant_id = ${scope.tenantId} and o.id = ${orderId} and o.deleted_at is null and ${orderVisibility(scope)}`,
  );
  return found?.customer_phone_1;
}
