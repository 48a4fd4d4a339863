import { sql, type SQL } from 'drizzle-orm';
import type { TAnalyticsFilter, TDayRange } from '@cod/shared';
import { rows, type Tx } from '../../db/client.js';
import { keyFilters } from '../../db/analytics-keys.js';
import { computedFinished, storedFinished } from './accounting-finished.repository.js';

/**
 * The accounting view's money (issue 14.2, docs/decisions/0116): the parts of an order's profit
 * (decision 0103), each on the local day of its event, summed by (day, campaign, products).
 * No per-request scan of the shop's orders: the finished orders' money rows the fold keeps are read
 * by day (decision 0126; the direct computation finds them through the status history of the
 * period), the ad-spend pools through the period's expenses and the orders created on those days
 * of that campaign or source, the commissions through the ledger's day index.
 */
export interface TAccountingGroup {
  day: string;
  campaign_key: string | null;
  product_keys: string[] | null;
  revenue: string;
  product_cost: string;
  carrier_fee: string;
  return_fee: string;
  commission: string;
  ad_spend: string;
  delivered_n: string;
  returned_n: string;
}

export type TAccountingFilter = { kind: TAnalyticsFilter; value: string };

/**
 * 'groups': one row per (day, campaign, products), for the period's days and breakdowns. 'totals':
 * one row, the period's sums, for the previous period (only its totals are shown): the ~75,000
 * groups of a 90-day period at 1,000,000 orders are neither built nor sent (decision 0132).
 */
export type TAccountingShape = 'groups' | 'totals';

/**
 * Where the orders' facts come from (decision 0124): 'stored' reads the facts the fold keeps
 * (analytics_order_facts, one primary-key probe per order) and computes only the orders noted since
 * the last fold; 'computed' recomputes every order's facts from its history (the direct
 * computation the stored path is checked against, and the bench's "before").
 */
export type TFactsSource = 'stored' | 'computed';

/** The current facts of the orders `ids` (an integer[] expression, evaluated once), as a query. */
function factsOf(tenantId: number, ids: SQL, source: TFactsSource): SQL {
  if (source === 'computed') return sql`select * from app_analytics_compute_facts(${tenantId}, ${ids}::integer[])`;
  // Same rows as app_analytics_current_facts (migration 0034), for these orders only. The function
  // is called only when some of them are noted: with an empty list its plan still reads the history.
  return sql`select s.* from analytics_order_facts s
      where s.tenant_id = ${tenantId} and s.order_id = any(${ids}::integer[])
        and not exists (select 1 from analytics_dirty d where d.tenant_id = ${tenantId} and d.order_id = s.order_id)
      union all
      select c.* from (select array(select distinct d.order_id from analytics_dirty d
          where d.tenant_id = ${tenantId} and d.order_id = any(${ids}::integer[])) as ids) noted
      cross join lateral app_analytics_compute_facts(${tenantId}, noted.ids) c
      where cardinality(noted.ids) > 0`;
}

/** The filters on the money rows (alias r), all of them (true without any). */
function filterSql(filters: TAccountingFilter[]): SQL {
  const conditions = keyFilters('r', filters);
  return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
}

export async function accountingGroups(
  tx: Tx,
  tenantId: number,
  range: TDayRange,
  window: { from: Date; to: Date },
  timeZone: string,
  filters: TAccountingFilter[],
  source: TFactsSource = 'stored',
  shape: TAccountingShape = 'groups',
): Promise<TAccountingGroup[]> {
  const wf = window.from.toISOString();
  const wt = window.to.toISOString();
  const dims = sql`f.source_key, f.campaign_key, f.wilaya_key, f.carrier_key, f.product_keys`;
  // The planner cannot estimate the facts function's rows (it guesses far too many) and would spend
  // seconds JIT-compiling this statement (as app_analytics_pending, migration 0034).
  await tx.execute(sql`set local jit = off`);
  // The final grouping holds ~10,000 (day, campaign, products) groups of a 90-day period: in memory,
  // not spilled to disk in 256 batches as with the default 4 MB (decision 0126).
  await tx.execute(sql`set local work_mem = '32MB'`);
  const finished =
    source === 'computed'
      ? computedFinished(tenantId, range, { wf, wt })
      : storedFinished(tenantId, range, { wf, wt }, filters);
  return rows<TAccountingGroup>(
    tx,
    sql`with ${finished.head}
        ledger as (
          select a.order_id, a.agent_id, a.amount_centimes, a.occurred_at from agent_commissions a
          where a.tenant_id = ${tenantId} and a.occurred_at >= ${wf} and a.occurred_at < ${wt}
        ),
        pools as (
          -- The local day's bounds as columns: compared in the members' index scan, where (under the
          -- row-level security of the app role) an expression with a time-zone conversion may not go.
          select e.spent_on as day, e.campaign_id as campaign, null::text as source,
            min(e.sales_source) as expense_source, sum(e.amount_centimes)::bigint as spend,
            (e.spent_on::timestamp at time zone ${timeZone}) as day_start,
            ((e.spent_on + 1)::timestamp at time zone ${timeZone}) as day_end
          from expenses e
          where e.tenant_id = ${tenantId} and e.spent_on between ${range.from}::date and ${range.to}::date
            and e.campaign_id is not null
          group by e.spent_on, e.campaign_id
          union all
          select e.spent_on, null, e.sales_source, e.sales_source, sum(e.amount_centimes)::bigint,
            (e.spent_on::timestamp at time zone ${timeZone}), ((e.spent_on + 1)::timestamp at time zone ${timeZone})
          from expenses e
          where e.tenant_id = ${tenantId} and e.spent_on between ${range.from}::date and ${range.to}::date
            and e.campaign_id is null and e.sales_source is not null
          group by e.spent_on, e.sales_source
        ),
        members as (
          select p.day, p.campaign, p.source, p.spend, o.id as order_id,
            row_number() over (partition by p.day, p.campaign, p.source order by o.id) as rank,
            count(*) over (partition by p.day, p.campaign, p.source) as n
          from pools p
          join lateral (
            select o.id from orders o
            where o.tenant_id = ${tenantId} and o.deleted_at is null and o.campaign_id = p.campaign
              and o.created_at >= p.day_start and o.created_at < p.day_end
            union all
            select o.id from orders o
            where p.campaign is null and o.tenant_id = ${tenantId} and o.deleted_at is null and o.sales_source = p.source
              and o.created_at >= p.day_start and o.created_at < p.day_end
          ) o on true
        ),
        wanted as (
          select array(${finished.wantedIds ? sql`${finished.wantedIds} union ` : sql``}select order_id from ledger
            union select order_id from members) as ids
        ),
        -- The orders' facts as they are now (decision 0077's events and dimensions).
        facts as (${factsOf(tenantId, sql`(select ids from wanted)`, source)}),
        ${finished.ctes}
        r as (
          ${finished.rows}
          union all
          select (a.occurred_at at time zone ${timeZone})::date, a.agent_id::text, ${dims},
            0, 0, 0, 0, a.amount_centimes, 0, 0, 0
          from ledger a
          left join facts f on f.order_id = a.order_id
          union all
          select m.day, f.agent_key, ${dims}, 0, 0, 0, 0, 0,
            m.spend / m.n + case when m.rank <= m.spend % m.n then 1 else 0 end, 0, 0
          from members m
          left join facts f on f.order_id = m.order_id
          union all
          select p.day, null, coalesce(p.expense_source, '-'), coalesce(p.campaign, '-'), null, null, null,
            0, 0, 0, 0, 0, p.spend, 0, 0
          from pools p
          -- A pool is a campaign's or (no campaign) a source's: one of the two is null.
          where (p.day, p.campaign is null, coalesce(p.campaign, p.source)) not in (
            select m.day, m.campaign is null, coalesce(m.campaign, m.source) from members m)
        )
        select ${
          shape === 'groups'
            ? sql`to_char(r.day, 'YYYY-MM-DD') as day, r.campaign_key, r.product_keys,`
            : sql`null as day, null as campaign_key, null as product_keys,`
        }
          coalesce(sum(r.revenue), 0)::text as revenue, coalesce(sum(r.product_cost), 0)::text as product_cost,
          coalesce(sum(r.carrier_fee), 0)::text as carrier_fee, coalesce(sum(r.return_fee), 0)::text as return_fee,
          coalesce(sum(r.commission), 0)::text as commission, coalesce(sum(r.ad_spend), 0)::text as ad_spend,
          coalesce(sum(r.delivered_n), 0)::text as delivered_n, coalesce(sum(r.returned_n), 0)::text as returned_n
        from r
        where r.day between ${range.from}::date and ${range.to}::date and ${filterSql(filters)}
        ${shape === 'groups' ? sql`group by r.day, r.campaign_key, r.product_keys` : sql``}`,
  );
}

export interface TAgentCommissionGroup {
  agent_id: number;
  name: string | null;
  earned: string;
  reversed: string;
  orders: number;
}

/** The ledger's lines of the period per agent (decision 0102), under the view's filters. */
export async function agentCommissions(
  tx: Tx,
  tenantId: number,
  window: { from: Date; to: Date },
  filters: TAccountingFilter[],
  source: TFactsSource = 'stored',
): Promise<TAgentCommissionGroup[]> {
  return rows<TAgentCommissionGroup>(
    tx,
    sql`select r.agent_id, u.name,
          coalesce(sum(r.amount_centimes) filter (where r.kind = 'earned'), 0)::text as earned,
          coalesce(-sum(r.amount_centimes) filter (where r.kind = 'reversed'), 0)::text as reversed,
          (count(distinct r.order_id) filter (where r.kind = 'earned'))::int as orders
        from (
          select a.agent_id, a.order_id, a.kind, a.amount_centimes, a.agent_id::text as agent_key,
            f.source_key, f.campaign_key, f.wilaya_key, f.carrier_key, f.product_keys
          from agent_commissions a
          left join (${factsOf(
            tenantId,
            sql`array(select order_id from agent_commissions where tenant_id = ${tenantId}
              and occurred_at >= ${window.from.toISOString()} and occurred_at < ${window.to.toISOString()})`,
            source,
          )}) f on f.order_id = a.order_id
          where a.tenant_id = ${tenantId} and a.occurred_at >= ${window.from.toISOString()}
            and a.occurred_at < ${window.to.toISOString()}
        ) r
        left join users u on u.tenant_id = ${tenantId} and u.id = r.agent_id
        where ${filterSql(filters)}
        group by r.agent_id, u.name
        order by r.agent_id`,
  );
}
