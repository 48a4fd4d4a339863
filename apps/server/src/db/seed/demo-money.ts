import { sql } from 'drizzle-orm';
import { centimes, type TAdSource, type TAdSpendRow, type TCommissionOn, type TCommissionType } from '@cod/shared';
import { createCashBox } from '../../modules/cash-boxes/cash-boxes.service.js';
import { importAdSpend } from '../../modules/cash-boxes/ad-spend.service.js';
import { updateUser } from '../../modules/users/users.service.js';
import { rows, type Db } from '../client.js';
import { withTenant } from '../tenant-context.js';

/**
 * The demo shop's money besides its orders (issue 14.2), so the accounting view reads a shop's
 * figures and not zeros: the agents' commission settings (set before the parcels move, so the
 * shipping use cases write the ledger as they deliver and return), the commission of the orders
 * confirmed without a carrier (the ledger's own backfill, decision 0114) and the ad spend of each
 * campaign and platform per day, imported as a shop imports its ads manager's export (decision
 * 0105). Carrier return fees come from the demo carriers' fee grids (modules/shipping/demo-shipping.ts).
 * Deterministic: amounts follow the orders of each day and a fixed jitter.
 */

type TShop = { tenantId: number; ownerId: number; timeZone: string };

/** Who earns what (decision 0102): a fixed amount or a rate of the order, on confirmation or delivery. */
const COMMISSIONS: ReadonlyArray<{
  email: string;
  type: TCommissionType;
  amount: number;
  rate: number;
  on: TCommissionOn;
}> = [
  { email: 'agent@demo.dz', type: 'fixed', amount: 150, rate: 0, on: 'delivered' },
  { email: 'nadia@demo.dz', type: 'fixed', amount: 100, rate: 0, on: 'confirmed' },
  { email: 'walid@demo.dz', type: 'percent', amount: 0, rate: 2.5, on: 'delivered' },
  { email: 'imane@demo.dz', type: 'fixed', amount: 120, rate: 0, on: 'delivered' },
];

/** The agents' commission settings, through the team screen's use case. */
export async function setDemoCommissions(db: Db, shop: TShop): Promise<void> {
  const agents = await withTenant(db, shop.tenantId, (tx) =>
    rows<{ id: number; email: string; name: string; phone: string | null; role_id: number }>(
      tx,
      sql`select id, email, name, phone, role_id from users where tenant_id = ${shop.tenantId}`,
    ),
  );
  const actor = { tenantId: shop.tenantId, userId: shop.ownerId, ip: null };
  for (const rule of COMMISSIONS) {
    const agent = agents.find((a) => a.email === rule.email);
    if (!agent) continue;
    await updateUser({ db }, actor, agent.id, {
      name: agent.name,
      phone: agent.phone,
      role_id: agent.role_id,
      commission_type: rule.type,
      commission_amount: rule.amount,
      commission_rate: rule.rate,
      commission_on: rule.on,
    });
  }
}

/**
 * Orders that reached their agent's rule state without a status change of the app (the seed
 * writes the confirmed ones directly): the ledger's backfill earns them, dated at their history.
 */
export async function backfillDemoCommissions(db: Db, tenantId: number): Promise<void> {
  await withTenant(db, tenantId, (tx) => tx.execute(sql`select app_commissions_backfill(${tenantId}, now())`));
}

/**
 * On which platform each demo campaign ran, and what an order cost there (DA per order): about
 * 2,000 DA of ads per delivered order, a return on ad spend near 5, as Algerian COD shops see.
 */
const CAMPAIGNS: Record<string, { source: TAdSource; perOrder: number }> = {
  'ramadan-2025': { source: 'facebook', perOrder: 950 },
  'soldes-ete': { source: 'instagram', perOrder: 820 },
  rentree: { source: 'tiktok', perOrder: 700 },
  'black-friday': { source: 'facebook', perOrder: 1100 },
};
/** Always-on spend of a platform outside the campaigns (the website's orders come free). */
const PLATFORMS: Partial<Record<string, { source: TAdSource; perOrder: number }>> = {
  facebook: { source: 'facebook', perOrder: 650 },
  instagram: { source: 'instagram', perOrder: 560 },
  tiktok: { source: 'tiktok', perOrder: 480 },
};

/** ±15 %, the same for a (day, pool) on every machine. */
function jitter(key: string): number {
  let hash = 2166136261;
  for (const char of key) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return 0.85 + (hash % 3001) / 10_000;
}

/** A day's spend: its orders at the pool's cost per order, to the 10 DA as an ads manager bills. */
const spendOf = (orders: number, perOrder: number, key: string) =>
  centimes(Math.max(1, Math.round((orders * perOrder * jitter(key)) / 10)) * 10 * 100);

/**
 * The ad spend of each demo day: per campaign (on its platform) and per platform outside the
 * campaigns, in proportion to the orders they brought that day, imported per platform into an
 * advertising card box as the ad-spend import does it.
 */
export async function seedDemoAdSpend(db: Db, shop: TShop): Promise<void> {
  const pools = await withTenant(db, shop.tenantId, (tx) =>
    rows<{ day: string; source: string | null; campaign: string | null; n: number }>(
      tx,
      sql`select to_char((created_at at time zone ${shop.timeZone})::date, 'YYYY-MM-DD') as day,
            sales_source as source, campaign_id as campaign, count(*)::int as n
          from orders where tenant_id = ${shop.tenantId} and deleted_at is null and sales_source is not null
          group by 1, 2, 3 order by 1, 2, 3`,
    ),
  );
  const bySource = new Map<TAdSource, Map<string, TAdSpendRow>>();
  const add = (source: TAdSource, day: string, campaign: string | null, amount: number) => {
    const rowsOfSource = bySource.get(source) ?? new Map<string, TAdSpendRow>();
    const key = `${day}|${campaign ?? ''}`;
    const row = rowsOfSource.get(key);
    if (row) row.amount_centimes = centimes(row.amount_centimes + amount);
    else
      rowsOfSource.set(key, {
        line: rowsOfSource.size + 2,
        occurred_on: day,
        campaign_id: campaign,
        amount_centimes: centimes(amount),
      });
    bySource.set(source, rowsOfSource);
  };
  for (const pool of pools) {
    const plan = pool.campaign ? CAMPAIGNS[pool.campaign] : pool.source ? PLATFORMS[pool.source] : undefined;
    if (!plan) continue;
    add(
      plan.source,
      pool.day,
      pool.campaign,
      spendOf(pool.n, plan.perOrder, `${pool.day}|${pool.campaign ?? pool.source}`),
    );
  }
  if (!bySource.size) return;
  const actor = { tenantId: shop.tenantId, userId: shop.ownerId, ip: null };
  const spend = [...bySource.values()].flatMap((m) => [...m.values()]);
  const first = spend.map((r) => r.occurred_on).sort()[0]!;
  const box = await createCashBox({ db }, actor, {
    name: 'Carte publicité (Edahabia)',
    kind: 'baridimob',
    // Topped up once with what the period's ads cost, and a little more.
    opening_centimes: centimes(spend.reduce((sum, r) => sum + r.amount_centimes, 0) + 50_000_00),
    opening_on: first,
  });
  for (const [source, rowsOfSource] of bySource) {
    await importAdSpend(
      { db },
      actor,
      { sales_source: source, box_id: box.id },
      { rows: [...rowsOfSource.values()], errors: [] },
      `${source}-ads-export.csv`,
    );
  }
}
