import { sql } from 'drizzle-orm';
import {
  centimes,
  subtractCentimes,
  type TCarrierCash,
  type TOwedParcel,
  type TRemittance,
  type TRemittanceIssue,
} from '@cod/shared';
import { rows, type Tx } from '../../db/client.js';

/**
 * Carrier COD cash (issue 13.4, docs/decisions/0072, 0104). A parcel's cash is owed by its carrier
 * once the order is delivered and until a remittance pays it: the rows of carrier_receivables (kept
 * by a trigger on orders, removed by the remittance that pays them), so the figures read only what
 * is still owed. What is owed is the order total minus the carrier's fee for that wilaya and
 * delivery type (its fee grid; the order's own delivery price when the grid has none). A returned
 * parcel of the carrier is a receivable too, until a statement settles it: a negative line, minus
 * the grid's return fee (docs/decisions/0112). The orders' numeric dinars are turned into integer
 * centimes in SQL (exact: numeric(14,2) x 100).
 */
const FEE = sql`coalesce(case when o.is_stopdesk then f.stopdesk_fee else f.home_fee end, o.delivery_price)`;
/** A receivable's carrier fee in centimes: its grid's, else the order's delivery price. */
const OWED_FEE = sql`coalesce((case when r.is_stopdesk then f.stopdesk_fee else f.home_fee end * 100)::bigint,
  r.delivery_price_centimes)`;
/** The grid's return fee in centimes (0 when the grid has none). */
const RETURN_FEE = sql`coalesce((f.return_fee * 100)::bigint, 0)`;
const FEES_OF = (alias: 'o' | 'r') =>
  sql.raw(`left join shipping_fees f on f.tenant_id = ${alias}.tenant_id
    and f.shipping_company_id = ${alias}.shipping_company_id and f.state_id = ${alias}.state_id`);

/**
 * Each carrier's owed cash in ageing buckets (days since delivery 0-7, 8-14, 15-30, 30+). The
 * receivables are first summed per (carrier, wilaya, stop desk, bucket) as integers, then the fee
 * grid is applied per group: a handful of rows, whatever the number of parcels.
 */
export async function carrierCash(
  tx: Tx,
  tenantId: number,
): Promise<Array<Omit<TCarrierCash, 'fetch_payments'> & { kind: string }>> {
  const found = await rows<Record<string, string | number>>(
    tx,
    sql`with g as (
          select r.shipping_company_id, r.state_id, r.is_stopdesk, r.returned,
            case when r.delivered_at > now() - interval '8 days' then 0 when r.delivered_at > now() - interval '15 days' then 1
              when r.delivered_at > now() - interval '31 days' then 2 else 3 end as bucket,
            count(*) as n, sum(r.total_centimes) as total, sum(r.delivery_price_centimes) as delivery
          from carrier_receivables r where r.tenant_id = ${tenantId}
          group by 1, 2, 3, 4, 5
        ), owed as (
          select g.shipping_company_id, g.bucket, g.n, g.returned,
            case when g.returned then -(g.n * ${RETURN_FEE})
              else g.total - coalesce(g.n * (case when g.is_stopdesk then f.stopdesk_fee else f.home_fee end * 100)::bigint, g.delivery)
            end as owed
          from g left join shipping_fees f on f.tenant_id = ${tenantId} and f.shipping_company_id = g.shipping_company_id
            and f.state_id = g.state_id
          -- A return the grid bills nothing for owes nothing: not shown.
          where not g.returned or f.return_fee > 0
        )
        select c.id, c.name, c.kind,
          coalesce(sum(w.n), 0)::int as parcels, coalesce(sum(w.owed), 0)::text as owed,
          coalesce(sum(w.n) filter (where w.returned), 0)::int as returned_parcels,
          coalesce(-sum(w.owed) filter (where w.returned), 0)::text as return_fees,
          ${sql.raw(
            [0, 1, 2, 3]
              .map(
                (b) =>
                  `coalesce(sum(w.n) filter (where w.bucket = ${b}), 0)::int as p${b}, coalesce(sum(w.owed) filter (where w.bucket = ${b}), 0)::text as s${b}`,
              )
              .join(', '),
          )}
        from shipping_companies c
        left join owed w on w.shipping_company_id = c.id
        where c.tenant_id = ${tenantId} and (c.archived_at is null or w.owed is not null)
        group by c.id, c.name, c.kind
        order by lower(c.name), c.id`,
  );
  const amount = (value: string | number | undefined) => centimes(Number(value ?? 0));
  return found.map((r) => ({
    shipping_company_id: Number(r.id),
    name: String(r.name),
    kind: String(r.kind),
    owed_centimes: amount(r.owed),
    parcels: Number(r.parcels),
    returned_parcels: Number(r.returned_parcels),
    return_fees_centimes: amount(r.return_fees),
    buckets: {
      d0_7: { centimes: amount(r.s0), parcels: Number(r.p0) },
      d8_14: { centimes: amount(r.s1), parcels: Number(r.p1) },
      d15_30: { centimes: amount(r.s2), parcels: Number(r.p2) },
      d30_plus: { centimes: amount(r.s3), parcels: Number(r.p3) },
    },
  }));
}

type TOwedRow = {
  order_id: number;
  order_number: number;
  tracking_number: string;
  total_centimes: string;
  fee_centimes: string;
  delivered_at: Date | string;
  days: number;
  returned: boolean;
};

function toOwed(r: TOwedRow): TOwedParcel {
  const total = centimes(Number(r.total_centimes));
  const fee = centimes(Number(r.fee_centimes));
  return {
    order_id: r.order_id,
    order_number: r.order_number,
    tracking_number: r.tracking_number,
    total_centimes: total,
    fee_centimes: fee,
    owed_centimes: subtractCentimes(total, fee),
    delivered_at: new Date(r.delivered_at).toISOString(),
    days: Number(r.days),
    returned: Boolean(r.returned),
  };
}

export async function owedParcels(tx: Tx, tenantId: number, companyId: number, page: number, perPage: number) {
  const where = sql`r.tenant_id = ${tenantId} and r.shipping_company_id = ${companyId} and r.tracking_number is not null
    and (not r.returned or exists (select 1 from shipping_fees f where f.tenant_id = r.tenant_id
      and f.shipping_company_id = r.shipping_company_id and f.state_id = r.state_id and f.return_fee > 0))`;
  const found = await rows<TOwedRow>(
    tx,
    sql`select r.order_id, o.order_number, r.tracking_number, r.returned,
          (case when r.returned then 0 else r.total_centimes end)::text as total_centimes,
          (case when r.returned then ${RETURN_FEE} else ${OWED_FEE} end)::text as fee_centimes,
          r.delivered_at, extract(day from now() - r.delivered_at)::int as days
        from (select * from carrier_receivables r where ${where}
              order by r.delivered_at, r.order_id limit ${perPage} offset ${(page - 1) * perPage}) r
        join orders o on o.tenant_id = r.tenant_id and o.id = r.order_id
        ${FEES_OF('r')}
        order by r.delivered_at, r.order_id`,
  );
  const [count] = await rows<{ total: number }>(
    tx,
    sql`select count(*)::int as total from carrier_receivables r where ${where}`,
  );
  return { data: found.map(toOwed), total: Number(count?.total ?? 0) };
}

/**
 * The tracking numbers a carrier still owes for (delivered and returned), oldest first, at most
 * `limit`: what "fetch from carrier" asks the carrier about (decision 0113).
 */
export async function owedTrackings(tx: Tx, tenantId: number, companyId: number, limit: number) {
  const found = await rows<{ tracking_number: string }>(
    tx,
    sql`select r.tracking_number from carrier_receivables r
        where r.tenant_id = ${tenantId} and r.shipping_company_id = ${companyId} and r.tracking_number is not null
        order by r.delivered_at, r.order_id limit ${limit}`,
  );
  return found.map((r) => r.tracking_number);
}

/**
 * The company's delivered and returned parcels among these tracking numbers, settled or not (the
 * matcher decides). A returned parcel collected nothing and owes the return fee: total 0, fee the
 * grid's return fee, owed minus that.
 */
export async function deliveredByTracking(tx: Tx, tenantId: number, companyId: number, trackings: string[]) {
  if (!trackings.length) return new Map<string, TOwedParcel & { paid: boolean }>();
  const found = await rows<TOwedRow & { paid: boolean }>(
    tx,
    sql`select o.id as order_id, o.order_number, o.tracking_number, o.status_type = 'returned' as returned,
          (case when o.status_type = 'returned' then 0 else (o.total * 100)::bigint end)::text as total_centimes,
          (case when o.status_type = 'returned' then ${RETURN_FEE} else (${FEE} * 100)::bigint end)::text as fee_centimes,
          coalesce(r.delivered_at, o.updated_at) as delivered_at,
          extract(day from now() - coalesce(r.delivered_at, o.updated_at))::int as days,
          -- Still owed, or paid (a parcel of a carrier leaves carrier_receivables only so).
          r.order_id is null
            and exists (select 1 from remittance_parcels p where p.tenant_id = o.tenant_id and p.order_id = o.id) as paid
        from orders o
        left join carrier_receivables r on r.tenant_id = o.tenant_id and r.order_id = o.id
        ${FEES_OF('o')}
        where o.tenant_id = ${tenantId} and o.shipping_company_id = ${companyId}
          and o.status_type in ('delivered', 'returned')
          and o.deleted_at is null and o.tracking_number = any(${toArray(trackings)}::text[])`,
  );
  return new Map(found.map((r) => [r.tracking_number, { ...toOwed(r), paid: Boolean(r.paid) }]));
}

/** A Postgres text[] literal, every element quoted. */
function toArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

export async function companyName(tx: Tx, tenantId: number, companyId: number) {
  const [row] = await rows<{ name: string }>(
    tx,
    sql`select name from shipping_companies where tenant_id = ${tenantId} and id = ${companyId}`,
  );
  return row?.name;
}

export async function insertRemittance(
  tx: Tx,
  tenantId: number,
  values: {
    companyId: number;
    boxId: number;
    day: string;
    reference: string | null;
    amount: number;
    fileName: string | null;
    userId: number;
  },
) {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into remittances (tenant_id, shipping_company_id, box_id, received_on, reference, amount_centimes, file_name, created_by)
        values (${tenantId}, ${values.companyId}, ${values.boxId}, ${values.day}, ${values.reference}, ${values.amount},
          ${values.fileName}, ${values.userId})
        returning id`,
  );
  return row!.id;
}

/**
 * Marks parcels paid. The unique order of remittance_parcels is the guard: a parcel another
 * remittance paid meanwhile is not inserted, and the ids that were are returned. Rows go in by
 * order id: an insert that meets another transaction's uncommitted row waits for it, so two
 * statements listing the same parcels in opposite orders would each wait on the other (a deadlock,
 * answered 500); in one order, the later one queues and then skips what the first paid.
 */
export async function insertPaidParcels(
  tx: Tx,
  tenantId: number,
  remittanceId: number,
  unordered: Array<{ orderId: number; tracking: string; expected: number; paid: number }>,
): Promise<Set<number>> {
  const parcels = [...unordered].sort((a, b) => a.orderId - b.orderId);
  const inserted = new Set<number>();
  for (let start = 0; start < parcels.length; start += 5000) {
    const chunk = parcels.slice(start, start + 5000);
    const done = await rows<{ order_id: number }>(
      tx,
      sql`insert into remittance_parcels (tenant_id, remittance_id, order_id, tracking_number, expected_centimes, paid_centimes)
          select ${tenantId}, ${remittanceId}, x.order_id, x.tracking, x.expected, x.paid
          from unnest(${`{${chunk.map((p) => p.orderId).join(',')}}`}::int[], ${toArray(chunk.map((p) => p.tracking))}::text[],
                      ${`{${chunk.map((p) => p.expected).join(',')}}`}::bigint[], ${`{${chunk.map((p) => p.paid).join(',')}}`}::bigint[])
            as x(order_id, tracking, expected, paid)
          on conflict (tenant_id, order_id) do nothing
          returning order_id`,
    );
    for (const row of done) inserted.add(row.order_id);
  }
  // What is paid is no longer owed (docs/decisions/0104).
  const paidIds = [...inserted].sort((a, b) => a - b);
  for (let start = 0; start < paidIds.length; start += 5000) {
    const ids = paidIds.slice(start, start + 5000);
    await tx.execute(
      sql`delete from carrier_receivables where tenant_id = ${tenantId} and order_id = any(${`{${ids.join(',')}}`}::int[])`,
    );
  }
  return inserted;
}

export async function insertIssues(tx: Tx, tenantId: number, remittanceId: number, issues: TRemittanceIssue[]) {
  for (const issue of issues) {
    await tx.execute(
      sql`insert into remittance_issues (tenant_id, remittance_id, line_number, tracking_number, reason, order_id, expected_centimes, paid_centimes)
          values (${tenantId}, ${remittanceId}, ${issue.line}, ${issue.tracking_number}, ${issue.reason}, ${issue.order_id},
            ${issue.expected_centimes}, ${issue.paid_centimes})`,
    );
  }
}

export async function setCounts(tx: Tx, tenantId: number, id: number, matched: number, issues: number) {
  await tx.execute(
    sql`update remittances set matched_count = ${matched}, issue_count = ${issues} where tenant_id = ${tenantId} and id = ${id}`,
  );
}

export async function listRemittances(
  tx: Tx,
  tenantId: number,
  query: { page: number; per_page: number; shipping_company_id?: number; ids?: number[] },
): Promise<{ data: TRemittance[]; total: number; sum: number }> {
  const where = sql`r.tenant_id = ${tenantId}
    ${query.shipping_company_id ? sql`and r.shipping_company_id = ${query.shipping_company_id}` : sql``}
    ${query.ids ? sql`and r.id = any(${`{${query.ids.join(',')}}`}::int[])` : sql``}`;
  const found = await rows<TRemittance & { amount_centimes: unknown; created_at: Date | string }>(
    tx,
    sql`select r.id, r.shipping_company_id, c.name as shipping_company_name, r.box_id, b.name as box_name,
          r.received_on::text as received_on, r.reference, r.amount_centimes, r.matched_count, r.issue_count, r.file_name, r.created_at
        from remittances r
        join shipping_companies c on c.tenant_id = r.tenant_id and c.id = r.shipping_company_id
        join cash_boxes b on b.tenant_id = r.tenant_id and b.id = r.box_id
        where ${where}
        order by r.received_on desc, r.id desc
        limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`,
  );
  const [totals] = await rows<{ total: number; sum: string }>(
    tx,
    sql`select count(*)::int as total, coalesce(sum(r.amount_centimes), 0)::text as sum from remittances r where ${where}`,
  );
  return {
    data: found.map((r) => ({
      ...r,
      received_on: String(r.received_on).slice(0, 10),
      amount_centimes: centimes(Number(r.amount_centimes)),
      created_at: new Date(r.created_at).toISOString(),
    })),
    total: Number(totals?.total ?? 0),
    sum: Number(totals?.sum ?? 0),
  };
}

export async function issuesOf(tx: Tx, tenantId: number, remittanceId: number): Promise<TRemittanceIssue[]> {
  const found = await rows<{
    line_number: number;
    tracking_number: string;
    reason: TRemittanceIssue['reason'];
    order_id: number | null;
    expected_centimes: unknown;
    paid_centimes: unknown;
  }>(
    tx,
    sql`select line_number, tracking_number, reason, order_id, expected_centimes, paid_centimes
        from remittance_issues where tenant_id = ${tenantId} and remittance_id = ${remittanceId} order by line_number`,
  );
  return found.map((r) => ({
    line: r.line_number,
    tracking_number: r.tracking_number,
    reason: r.reason,
    order_id: r.order_id,
    expected_centimes: r.expected_centimes == null ? null : centimes(Number(r.expected_centimes)),
    paid_centimes: centimes(Number(r.paid_centimes)),
  }));
}

export async function matchedSum(tx: Tx, tenantId: number, remittanceId: number) {
  const [row] = await rows<{ sum: string }>(
    tx,
    sql`select coalesce(sum(paid_centimes), 0)::text as sum from remittance_parcels where tenant_id = ${tenantId} and remittance_id = ${remittanceId}`,
  );
  return centimes(Number(row?.sum ?? 0));
}

/** What the statement put in its box: its income (none when it newly paid nothing, decision 0141). */
export async function creditedSum(tx: Tx, tenantId: number, remittanceId: number) {
  const [row] = await rows<{ sum: string }>(
    tx,
    sql`select coalesce(sum(amount_centimes), 0)::text as sum from incomes where tenant_id = ${tenantId} and remittance_id = ${remittanceId}`,
  );
  return centimes(Number(row?.sum ?? 0));
}
