import { sql } from 'drizzle-orm';
import type { TCustomField, TStatusType } from '@cod/shared';
import { rows, type Tx } from '../../db/client.js';
import type { TPlaceCity, TPlaceState } from './place-matcher.js';

/** 'view all orders' through the importer's role: without it the importer is the agent of what it imports. */
export async function importerSeesAll(tx: Tx, tenantId: number, userId: number): Promise<boolean> {
  const [user] = await rows<{ sees_all: boolean }>(
    tx,
    sql`select exists (select 1 from users u join role_permissions rp on rp.tenant_id = u.tenant_id and rp.role_id = u.role_id
          join permissions p on p.tenant_id = rp.tenant_id and p.id = rp.permission_id
          where u.tenant_id = ${tenantId} and u.id = ${userId} and p.name = 'view all orders') as sees_all`,
  );
  return user?.sees_all ?? false;
}

export interface TImportableProduct {
  id: number;
  name: string;
  sku: string;
  price: number;
  has_variants: boolean;
  custom_fields: TCustomField[];
  variants: Array<{ id: number; name: string; sku: string; price: number }>;
}

/** The shop's live, active products with their live variants (before product permissions). */
export function importableProducts(tx: Tx, tenantId: number): Promise<TImportableProduct[]> {
  return rows<TImportableProduct>(
    tx,
    sql`select p.id, p.name, p.sku, p.price::float8 as price, p.has_variants, p.custom_fields,
          (select coalesce(json_agg(json_build_object('id', v.id, 'name', v.name, 'sku', v.sku, 'price', v.price::float8)
             order by v.position, v.id), '[]') from product_variants v
           where v.tenant_id = p.tenant_id and v.product_id = p.id and v.archived_at is null) as variants
        from products p where p.tenant_id = ${tenantId} and p.active and p.archived_at is null order by p.id`,
  );
}

export interface TImportStatus {
  id: number;
  name: string;
  display_name: string;
  type: TStatusType;
}

/** The shop's first status of type new: where imported orders land. */
export async function firstNewStatus(tx: Tx, tenantId: number): Promise<TImportStatus | undefined> {
  const [status] = await rows<TImportStatus>(
    tx,
    sql`select id, name, display_name, type from statuses where tenant_id = ${tenantId} and type = 'new'
        order by position, id limit 1`,
  );
  return status;
}

/** Wilayas and communes (reference data, no tenant) with the names and aliases the matcher reads. */
export async function placesOf(tx: Tx): Promise<{ states: TPlaceState[]; cities: TPlaceCity[] }> {
  const states = await rows<TPlaceState>(
    tx,
    sql`select id, code, name, name_ar as "nameAr", name_ascii as "nameAscii", aliases, aliases_ar as "aliasesAr"
        from states order by id`,
  );
  const cities = await rows<TPlaceCity>(
    tx,
    sql`select id, code, state_id as "stateId", name, name_ar as "nameAr", aliases, aliases_ar as "aliasesAr"
        from cities order by id`,
  );
  return { states, cities };
}
