import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import type { TCarrierKind } from '../../carriers/carrier.js';

/** A shipping company row as the services use it (credentials still encrypted). */
export interface TCompanyRecord {
  id: number;
  kind: TCarrierKind;
  code: string;
  name: string;
  icon: string | null;
  base_url: string | null;
  credentials_encrypted: string | null;
  webhook_token: string;
  active: boolean;
  served_wilayas: number[] | null;
  sender_wilaya: number | null;
  created_at: string;
}

const COLUMNS = sql`id, kind, code, name, icon, base_url, credentials_encrypted, webhook_token, active,
  served_wilayas, sender_wilaya, created_at`;

export function listCompanies(tx: Tx, tenantId: number): Promise<TCompanyRecord[]> {
  return rows<TCompanyRecord>(
    tx,
    sql`select ${COLUMNS} from shipping_companies where tenant_id = ${tenantId} and archived_at is null
        order by name, id`,
  );
}

export async function findCompany(
  tx: Tx,
  tenantId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<TCompanyRecord | undefined> {
  const [row] = await rows<TCompanyRecord>(
    tx,
    sql`select ${COLUMNS} from shipping_companies where tenant_id = ${tenantId} and id = ${id}
        and archived_at is null ${options.lock ? sql`for update` : sql``}`,
  );
  return row;
}

export interface TCompanyValues {
  kind: TCarrierKind;
  code: string;
  name: string;
  icon: string | null;
  baseUrl: string | null;
  active: boolean;
  servedWilayas: number[] | null;
  senderWilaya: number | null;
}

const intArray = (values: number[] | null) => (values === null ? null : `{${values.join(',')}}`);

export async function insertCompany(
  tx: Tx,
  tenantId: number,
  values: TCompanyValues & { webhookToken: string },
): Promise<number> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into shipping_companies (tenant_id, kind, code, name, icon, base_url, active, served_wilayas,
          sender_wilaya, webhook_token)
        values (${tenantId}, ${values.kind}, ${values.code}, ${values.name}, ${values.icon}, ${values.baseUrl},
          ${values.active}, ${intArray(values.servedWilayas)}::int[], ${values.senderWilaya}, ${values.webhookToken})
        returning id`,
  );
  return row!.id;
}

export async function updateCompany(tx: Tx, tenantId: number, id: number, values: TCompanyValues): Promise<void> {
  await tx.execute(
    sql`update shipping_companies set kind = ${values.kind}, code = ${values.code}, name = ${values.name},
          icon = ${values.icon}, base_url = ${values.baseUrl}, active = ${values.active},
          served_wilayas = ${intArray(values.servedWilayas)}::int[], sender_wilaya = ${values.senderWilaya},
          updated_at = now()
        where tenant_id = ${tenantId} and id = ${id}`,
  );
}

export async function setCredentials(tx: Tx, tenantId: number, id: number, encrypted: string | null): Promise<void> {
  await tx.execute(
    sql`update shipping_companies set credentials_encrypted = ${encrypted}, updated_at = now()
        where tenant_id = ${tenantId} and id = ${id}`,
  );
}

/** A company that parcels or orders point at is archived (kept for their history), else deleted. */
export async function removeCompany(tx: Tx, tenantId: number, id: number): Promise<'deleted' | 'archived'> {
  const [used] = await rows<{ used: boolean }>(
    tx,
    sql`select exists (select 1 from shipments where tenant_id = ${tenantId} and shipping_company_id = ${id})
          or exists (select 1 from orders where tenant_id = ${tenantId} and shipping_company_id = ${id}) as used`,
  );
  if (used?.used) {
    await tx.execute(
      sql`update shipping_companies set archived_at = now(), active = false, updated_at = now()
          where tenant_id = ${tenantId} and id = ${id}`,
    );
    return 'archived';
  }
  await tx.execute(sql`delete from shipping_companies where tenant_id = ${tenantId} and id = ${id}`);
  return 'deleted';
}

export interface TFeeRecord {
  state_id: number;
  state_name: string;
  home_fee: number | null;
  stopdesk_fee: number | null;
  return_fee: number | null;
}

/** Every wilaya, with the company's fees where it has them. */
export function feesOf(tx: Tx, tenantId: number, companyId: number): Promise<TFeeRecord[]> {
  return rows<TFeeRecord>(
    tx,
    sql`select s.id as state_id, s.name as state_name, f.home_fee::float8 as home_fee,
          f.stopdesk_fee::float8 as stopdesk_fee, f.return_fee::float8 as return_fee
        from states s left join shipping_fees f
          on f.tenant_id = ${tenantId} and f.shipping_company_id = ${companyId} and f.state_id = s.id
        order by s.id`,
  );
}

export async function feeFor(
  tx: Tx,
  tenantId: number,
  companyId: number,
  stateId: number,
): Promise<{ home_fee: number | null; stopdesk_fee: number | null } | undefined> {
  const [row] = await rows<{ home_fee: number | null; stopdesk_fee: number | null }>(
    tx,
    sql`select home_fee::float8 as home_fee, stopdesk_fee::float8 as stopdesk_fee from shipping_fees
        where tenant_id = ${tenantId} and shipping_company_id = ${companyId} and state_id = ${stateId}`,
  );
  return row;
}

export async function upsertFees(
  tx: Tx,
  tenantId: number,
  companyId: number,
  fees: ReadonlyArray<{
    state_id: number;
    home_fee: number | null;
    stopdesk_fee: number | null;
    return_fee?: number | null;
  }>,
): Promise<void> {
  if (!fees.length) return;
  // A row without return_fee (the carrier's import) keeps the one the shop typed (decision 0112).
  const given = `{${fees
    .filter((f) => f.return_fee !== undefined)
    .map((f) => f.state_id)
    .join(',')}}`;
  await tx.execute(
    sql`insert into shipping_fees (tenant_id, shipping_company_id, state_id, home_fee, stopdesk_fee, return_fee)
        select ${tenantId}, ${companyId}, x.state_id, x.home_fee, x.stopdesk_fee, x.return_fee
        from jsonb_to_recordset(${JSON.stringify(fees)}::jsonb)
          as x(state_id int, home_fee numeric, stopdesk_fee numeric, return_fee numeric)
        on conflict (tenant_id, shipping_company_id, state_id)
        do update set home_fee = excluded.home_fee, stopdesk_fee = excluded.stopdesk_fee,
          return_fee = case when excluded.state_id = any(${given}::int[]) then excluded.return_fee
            else shipping_fees.return_fee end`,
  );
}

export interface TStopDeskRecord {
  center_id: string;
  name: string;
  state_id: number | null;
  wilaya_name: string | null;
  commune_name: string | null;
  address: string | null;
}

export function stopDesksOf(tx: Tx, tenantId: number, companyId: number, stateId?: number): Promise<TStopDeskRecord[]> {
  return rows<TStopDeskRecord>(
    tx,
    sql`select center_id, name, state_id, wilaya_name, commune_name, address from stop_desks
        where tenant_id = ${tenantId} and shipping_company_id = ${companyId}
          ${stateId === undefined ? sql`` : sql`and state_id = ${stateId}`}
        order by state_id nulls last, name, center_id`,
  );
}

/** Replaces a company's centres with a fresh list (seed or refresh from the carrier). */
export async function replaceStopDesks(
  tx: Tx,
  tenantId: number,
  companyId: number,
  desks: readonly TStopDeskRecord[],
): Promise<void> {
  await tx.execute(sql`delete from stop_desks where tenant_id = ${tenantId} and shipping_company_id = ${companyId}`);
  if (!desks.length) return;
  await tx.execute(
    sql`insert into stop_desks (tenant_id, shipping_company_id, center_id, name, state_id, wilaya_name,
          commune_name, address)
        select distinct on (x.center_id) ${tenantId}, ${companyId}, x.center_id, x.name,
          (select s.id from states s where s.id = x.state_id), x.wilaya_name, x.commune_name, x.address
        from jsonb_to_recordset(${JSON.stringify(desks)}::jsonb)
          as x(center_id text, name text, state_id int, wilaya_name text, commune_name text, address text)
        order by x.center_id`,
  );
}

/** For the order form (SPEC 5): the id names one of this shop's companies (archived ones included). */
export async function shippingCompanyExists(tx: Tx, tenantId: number, id: number): Promise<boolean> {
  const [row] = await rows<{ found: boolean }>(
    tx,
    sql`select exists (select 1 from shipping_companies where tenant_id = ${tenantId} and id = ${id}) as found`,
  );
  return row?.found === true;
}

/** Companies of the shop, archived ones included. */
export async function countCompanies(tx: Tx, tenantId: number): Promise<number> {
  const [found] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from shipping_companies where tenant_id = ${tenantId}`,
  );
  return found?.n ?? 0;
}

/** The centre's name as the company lists it, for a label. */
export async function stopDeskName(
  tx: Tx,
  options: { tenantId: number; companyId: number; centerId: string },
): Promise<string | null> {
  const [desk] = await rows<{ name: string }>(
    tx,
    sql`select name from stop_desks where tenant_id = ${options.tenantId}
          and shipping_company_id = ${options.companyId} and center_id = ${options.centerId}`,
  );
  return desk?.name ?? null;
}

export interface TWebhookTarget {
  tenant_id: number;
  id: number;
  time_zone: string;
}

/** The live company a webhook URL's token names, across shops (a system transaction: the push has no session). */
export async function companyOfWebhookToken(tx: Tx, token: string): Promise<TWebhookTarget | undefined> {
  const [target] = await rows<TWebhookTarget>(
    tx,
    sql`select c.tenant_id, c.id, t.time_zone from shipping_companies c join tenants t on t.id = c.tenant_id
        where c.webhook_token = ${token} and c.archived_at is null`,
  );
  return target;
}
