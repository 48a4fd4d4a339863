import { sql } from 'drizzle-orm';
import { centresOfState, orderTotal, type TProduct, type TStatusType, type TStopdeskCentre } from '@cod/shared';
import { hashPassword } from '../../lib/secrets.js';
import { nameTerms } from '../../modules/customers/customer-search.js';
import { allCentres } from '../../modules/orders/centres.js';
import { orderNameTerms } from '../../modules/orders/order-search.js';
import { reserveOrders } from '../../modules/orders/order-stock.js';
import { createProduct } from '../../modules/products/products.service.js';
import { createChannel } from '../../modules/sales-channels/sales-channels.service.js';
import * as tenantsRepo from '../../modules/tenants/tenants.repository.js';
import { rows, type Db, type Tx } from '../client.js';
import { withSystem, withTenant } from '../tenant-context.js';
import type { TConfig } from '../../config.js';
import { backfillDemoCommissions, seedDemoAdSpend, setDemoCommissions } from './demo-money.js';
import { seedDemoShipments, SHIPPED_TYPES, type TDemoParcel, type TShippedType } from './demo-shipments.js';
import {
  ADDRESSES,
  AGENTS,
  ARABIC_FIRST,
  ARABIC_LAST,
  BUSY_STATES,
  CHANNELS,
  LATIN_FIRST,
  LATIN_LAST,
  NOTES,
  PRODUCTS,
} from './demo-orders-data.js';

/**
 * The demo shop's orders (issue 4.10): a few thousand orders over the last 90 days in every status,
 * Algerian customers in Latin and Arabic script, real wilayas and communes, several agents and
 * channels, so every tab, filter and count of the Orders screen shows something true. Products,
 * channels and agents go through their services; the orders are written in a few multi-row
 * statements (the count triggers and search terms follow), which keeps the first start short.
 * Every order that went to a carrier is written confirmed, then dispatched, validated and tracked
 * through the shipping use cases against a carrier sandbox (demo-shipments.ts, decision 0051), so
 * its parcel, tracking number, shipment history, status history and stock are the product's own.
 */
export const DEMO_ORDER_COUNT = 2400;
const DAYS = 90;

/** A small deterministic generator: the same demo on every machine. */
type TRandom = ReturnType<typeof random>;

function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
    int: (n: number) => Math.floor(next() * n),
  };
}

// Status types by the age of an order, as a real shop's would be (repeats are weights).
const TYPES_BY_AGE: Array<[maxAgeDays: number, types: readonly TStatusType[]]> = [
  [2, ['new', 'new', 'new', 'pending', 'pending', 'confirmed', 'confirmed', 'reported', 'cancelled']],
  [4, ['pending', 'confirmed', 'reported', 'inDispatch', 'inDispatch', 'cancelled']],
  [12, ['inDispatch', 'follow-up', 'follow-up', 'follow-up', 'delivered', 'delivered', 'returned', 'cancelled']],
  [
    Infinity,
    ['delivered', 'delivered', 'delivered', 'delivered', 'delivered', 'returned', 'returned', 'cancelled', 'cancelled'],
  ],
];
const statusTypeAt = (ageDays: number, r: TRandom) => r.pick(TYPES_BY_AGE.find(([max]) => ageDays < max)![1]);

/** The demo's carriers and their share of parcels (codes of demo-shipping.ts; stop desks are Yalidine's). */
const CARRIERS = [
  'yalidine',
  'yalidine',
  'yalidine',
  'yalidine',
  'dhd',
  'dhd',
  'zr_express',
  'maystro',
  'noest',
  'noest',
];
const VALIDATING = ['dhd', 'noest'];
const companyOf = (o: { i: number; is_stopdesk: boolean }) =>
  o.is_stopdesk ? 'yalidine' : CARRIERS[o.i % CARRIERS.length]!;
const DELIVERED_SCENARIOS = [
  'delivered',
  'delivered',
  'delivered',
  'delivered',
  'delivered',
  'delivered',
  'failed_then_delivered',
  'postponed_then_delivered',
] as const;

const DESCRIPTIONS: Partial<Record<TStatusType, readonly string[]>> = {
  pending: ['Client injoignable', 'Ne répond pas', 'الهاتف مغلق'],
  confirmed: ['Confirmé par téléphone', 'تم التأكيد'],
  reported: ['Rappeler demain', 'Client en voyage'],
  cancelled: ['Client a annulé', 'Commande en double', 'ألغى الزبون الطلب'],
  returned: ['Refusé à la livraison'],
};

export async function seedDemoOrders(db: Db, tenantId: number, config: TConfig): Promise<void> {
  const r = random(20251028);
  const catalogue = await demoCatalogue(db, tenantId);
  const places = await withTenant(db, tenantId, (tx) =>
    rows<TPlace>(
      tx,
      sql`select c.id, c.state_id, s.name as state_name from cities c join states s on s.id = c.state_id order by c.id`,
    ),
  );
  const now = Date.now();
  const orders = generateOrders(r, catalogue, places, await allCentres(), now);
  const ids = await withTenant(db, tenantId, async (tx) => {
    const customerIds = await insertCustomers(
      tx,
      tenantId,
      orders.map((o) => ({ phone: o.phone!, name: o.name })),
    );
    for (let start = 0; start < orders.length; start += 400) {
      const chunk = orders.slice(start, start + 400).map((o) => ({ ...o, customer_id: customerIds.get(o.phone!)! }));
      await writeOrders(tx, tenantId, chunk, catalogue.statuses);
    }
    await tx.execute(
      sql`insert into order_number_counters (tenant_id, last_number) values (${tenantId}, ${orders.length})`,
    );
    const ids = new Map(
      (
        await rows<{ id: number; order_number: number }>(
          tx,
          sql`select id, order_number from orders where tenant_id = ${tenantId}`,
        )
      ).map((o) => [o.order_number, o.id]),
    );
    // The orders confirmed today hold their stock, as decision 0008 has it (the ones on their way to a
    // carrier reserve theirs as the hand-over dispatches them).
    await reserveOrders(
      tx,
      { tenantId, userId: null },
      orders
        .filter((o) => o.status_type === 'confirmed' && !o.target && !o.deleted_at)
        .map((o) => ids.get(o.order_number)!),
    );
    return ids;
  });
  const parcels: TDemoParcel[] = orders.flatMap((o) =>
    o.target && !o.deleted_at
      ? [
          {
            orderId: ids.get(o.order_number)!,
            orderNumber: o.order_number,
            target: o.target,
            dispatchAt: dispatchTime(o.target, Date.parse(o.created_at), now, o.i),
            company: companyOf(o),
            validates: VALIDATING.includes(companyOf(o)),
            scenario:
              o.target === 'returned'
                ? 'returned'
                : o.target === 'delivered'
                  ? DELIVERED_SCENARIOS[o.i % DELIVERED_SCENARIOS.length]!
                  : null,
          },
        ]
      : [],
  );
  const [shop] = await withSystem(db, (tx) =>
    rows<{ owner: number; time_zone: string }>(
      tx,
      sql`select (select u.id from users u join roles ro on ro.tenant_id = u.tenant_id and ro.id = u.role_id
                  where u.tenant_id = t.id and ro.name = 'Owner' order by u.id limit 1) as owner, t.time_zone
          from tenants t where t.id = ${tenantId}`,
    ),
  );
  const money = { tenantId, ownerId: shop!.owner, timeZone: shop!.time_zone };
  // Before the parcels move, so delivering and returning them writes the agents' ledger.
  await setDemoCommissions(db, money);
  await seedDemoShipments(db, config, money, parcels);
  await backfillDemoCommissions(db, tenantId);
  await seedDemoAdSpend(db, money);
  await withTenant(db, tenantId, (tx) => tx.execute(sql`select app_fold_order_counts(${tenantId})`));
  // The tables were just filled in bulk: the planner must know their sizes before the first
  // screen reads them (the embedded database runs no autovacuum; with its empty-table guesses the
  // commissions per agent ran for minutes over 1,300 ledger lines).
  await db.execute(sql`analyze`);
}

/**
 * When the shop dispatched an order: the day after it came in for the ones long settled; yesterday
 * for the parcels on the road now; this very hour for the ones still waiting for the carrier.
 */
function dispatchTime(target: TShippedType, createdAt: number, now: number, i: number): number {
  if (target === 'inDispatch') return now - 5 * 60_000;
  if (target === 'follow-up') return Math.max(createdAt + 3 * 3_600_000, now - (14 + (i % 10)) * 3_600_000);
  return Math.min(createdAt + 20 * 3_600_000, now - 24 * 3_600_000);
}

interface TPlace {
  id: number;
  state_id: number;
  state_name: string;
}
type TCatalogue = Awaited<ReturnType<typeof demoCatalogue>>;
type TDemoOrder = ReturnType<typeof generateOrders>[number];

/** Products, channels and agents, through the catalogue's services as the screens create them. */
async function demoCatalogue(db: Db, tenantId: number) {
  const passwordHash = await hashPassword('demo12345');
  return withTenant(db, tenantId, async (tx) => {
    const [owner] = await rows<{ id: number }>(
      tx,
      sql`select u.id from users u join roles ro on ro.tenant_id = u.tenant_id and ro.id = u.role_id
          where u.tenant_id = ${tenantId} and ro.name = 'Owner' order by u.id limit 1`,
    );
    const actor = { tenantId, userId: owner!.id, ip: null };
    const products: TProduct[] = [];
    for (const input of PRODUCTS) products.push(await createProduct(tx, actor, input));
    const channels = [];
    for (const channel of CHANNELS)
      channels.push(await createChannel(tx, actor, { ...channel, icon: null, active: true }));
    const [agentRole] = await rows<{ id: number }>(
      tx,
      sql`select id from roles where tenant_id = ${tenantId} and name = 'Support Agent'`,
    );
    for (const agent of AGENTS) {
      await tenantsRepo.insertUser(tx, {
        tenantId,
        ...agent,
        passwordHash,
        roleId: agentRole!.id,
        commissionType: 'fixed',
      });
    }
    const agents = await rows<{ id: number }>(
      tx,
      sql`select u.id from users u join roles ro on ro.tenant_id = u.tenant_id and ro.id = u.role_id
          where u.tenant_id = ${tenantId} and ro.name = 'Support Agent' order by u.id`,
    );
    const staff = await rows<{ id: number }>(tx, sql`select id from users where tenant_id = ${tenantId} order by id`);
    const statuses = await rows<{ id: number; name: string; type: TStatusType }>(
      tx,
      sql`select id, name, type from statuses where tenant_id = ${tenantId} order by position, id`,
    );
    return { products, channels, agents: agents.map((a) => a.id), staff: staff.map((s) => s.id), statuses };
  });
}

/** The orders, oldest first, every field decided here (the same demo on every machine). */
function generateOrders(r: TRandom, catalogue: TCatalogue, places: TPlace[], centres: TStopdeskCentre[], now: number) {
  const orders = Array.from({ length: DEMO_ORDER_COUNT }, (_, i) => {
    // Newest last, a little busier lately (shops grow).
    const ageDays = DAYS * Math.pow((DEMO_ORDER_COUNT - i) / DEMO_ORDER_COUNT, 1.3);
    const createdAt = new Date(now - ageDays * 86_400_000 - r.int(3_600_000));
    const arabic = r.next() < 0.3;
    const name = arabic
      ? `${r.pick(ARABIC_FIRST)} ${r.pick(ARABIC_LAST)}`
      : `${r.pick(LATIN_FIRST)} ${r.pick(LATIN_LAST)}`;
    // A customer in eight comes back: an earlier phone again.
    const phone =
      i > 50 && r.next() < 0.12 ? null : `0${r.pick(['5', '6', '7'])}${String(10_000_000 + r.int(89_999_999))}`;
    const stateId = r.next() < 0.7 ? r.pick(BUSY_STATES) : 1 + r.int(58);
    const stateCities = places.filter((c) => c.state_id === stateId);
    const city = r.pick(stateCities);
    const stateCentres = centresOfState(centres, city.state_name);
    const stopdesk = stateCentres.length > 0 && r.next() < 0.18;
    const intended = statusTypeAt(ageDays, r);
    // An order that went to a carrier is written confirmed; the shipping use cases take it further.
    const target = SHIPPED_TYPES.includes(intended) ? (intended as TShippedType) : null;
    const type: TStatusType = target ? 'confirmed' : intended;
    const status = r.pick(catalogue.statuses.filter((s) => s.type === type));
    const product = r.pick(catalogue.products);
    const variant = product.has_variants ? r.pick(product.variants) : null;
    const lines = [{ product, variant, quantity: r.next() < 0.8 ? 1 : 2 }];
    if (r.next() < 0.2) {
      const extra = r.pick(catalogue.products.filter((p) => !p.has_variants && p.custom_fields.length === 0));
      lines.push({ product: extra, variant: null, quantity: 1 });
    }
    const channel = r.next() < 0.8 ? r.pick(catalogue.channels) : null;
    const free = r.next() < 0.08;
    const delivery = stopdesk ? 400 + (stateId % 4) * 50 : 600 + (stateId % 5) * 100;
    const lineValues = lines.map((l, position) => {
      const listPrice = l.variant ? l.variant.price : l.product.price;
      // Agents sometimes grant a small discount on the phone.
      const price = r.next() < 0.1 ? listPrice - 200 : listPrice;
      return {
        position,
        product_id: l.product.id,
        variant_id: l.variant?.id ?? null,
        quantity: l.quantity,
        price,
        catalogue_price: listPrice,
      };
    });
    const customFields = lines
      .filter((l) => l.product.custom_fields.length)
      .map((l) => ({
        product_id: l.product.id,
        field_values: {
          Gravure: r.pick(['Amina', 'K & S', '2025', 'يوسف']),
          Bracelet: r.pick(['Cuir', 'Acier', 'Silicone']),
          'Emballage cadeau': r.next() < 0.4,
        },
      }));
    return {
      i,
      order_number: i + 1,
      name,
      phone,
      state_id: stateId,
      city_id: city.id,
      address: stopdesk ? null : r.pick(ADDRESSES),
      agent_id: channel && r.next() < 0.15 ? null : r.pick(catalogue.agents),
      is_stopdesk: stopdesk,
      stopdesk_id: stopdesk ? r.pick(stateCentres).center_id : null,
      note: r.pick(NOTES),
      free_delivery: free,
      delivery_price: delivery,
      total: orderTotal(lineValues, delivery, free),
      status_id: status.id,
      status_type: type,
      target,
      sales_source: channel?.source_type ?? null,
      campaign_id: channel && r.next() < 0.5 ? r.pick(['ramadan-2025', 'soldes-ete', 'rentree', 'black-friday']) : null,
      source_metadata: channel ? { utm_source: channel.source_type, utm_medium: 'cpc' } : null,
      sales_channel_id: channel?.id ?? null,
      customer_custom_fields: customFields,
      reported_at: type === 'reported' ? new Date(now + (1 + r.int(72)) * 3_600_000).toISOString() : null,
      cancelled_at: type === 'cancelled' ? new Date(createdAt.getTime() + 3 * 3_600_000).toISOString() : null,
      deleted_at: r.next() < 0.01 ? new Date(createdAt.getTime() + 3_600_000).toISOString() : null,
      created_at: createdAt.toISOString(),
      created_by: channel ? null : r.pick(catalogue.staff),
      lines: lineValues,
      description: r.next() < 0.6 ? (DESCRIPTIONS[type] ? r.pick(DESCRIPTIONS[type]) : null) : null,
      pendingFirst: type !== 'new' && type !== 'pending' && r.next() < 0.3,
    };
  });
  // Returning customers reuse an earlier order's phone and name.
  for (const order of orders) {
    if (order.phone !== null) continue;
    const earlier = orders[r.int(order.i)]!;
    order.phone = earlier.phone;
    order.name = earlier.name;
  }

  return orders;
}

/** One chunk: orders, lines, history (creation, sometimes a first call, the current status), terms. */
async function writeOrders(
  tx: Tx,
  tenantId: number,
  chunk: Array<TDemoOrder & { customer_id: number }>,
  statuses: TCatalogue['statuses'],
) {
  const now = Date.now();
  const newStatus = statuses.find((s) => s.type === 'new')!.id;
  const noAnswer = statuses.find((s) => s.type === 'pending')!.id;
  const inserted = await rows<{ id: number; order_number: number }>(
    tx,
    sql`insert into orders (tenant_id, order_number, customer_id, customer_full_name, customer_phone_1, state_id, city_id,
            customer_address, agent_id, is_stopdesk, stopdesk_id, note, free_delivery, delivery_price, total, status_id,
            status_type, sales_source, campaign_id, source_metadata,
            sales_channel_id, customer_custom_fields, reported_at, cancelled_at, deleted_at, created_by, created_at, updated_at)
          select ${tenantId}, x.order_number, x.customer_id, x.name, x.phone, x.state_id, x.city_id, x.address, x.agent_id,
            x.is_stopdesk, x.stopdesk_id, x.note, x.free_delivery, x.delivery_price, x.total, x.status_id, x.status_type,
            x.sales_source, x.campaign_id, x.source_metadata,
            x.sales_channel_id, x.customer_custom_fields, x.reported_at, x.cancelled_at, x.deleted_at, x.created_by,
            x.created_at, x.created_at
          from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x(order_number int, customer_id int, name text,
            phone text, state_id int, city_id int, address text, agent_id int, is_stopdesk boolean, stopdesk_id int,
            note text, free_delivery boolean, delivery_price numeric, total numeric, status_id int, status_type text,
            sales_source text, campaign_id text,
            source_metadata jsonb, sales_channel_id int, customer_custom_fields jsonb, reported_at timestamptz,
            cancelled_at timestamptz, deleted_at timestamptz, created_by int, created_at timestamptz)
          returning id, order_number`,
  );
  const idOf = new Map(inserted.map((row) => [row.order_number, row.id]));
  const withIds = chunk.map((o) => ({ ...o, id: idOf.get(o.order_number)! }));
  const lines = withIds.flatMap((o) => o.lines.map((l) => ({ ...l, order_id: o.id })));
  await tx.execute(sql`insert into order_lines (tenant_id, order_id, position, product_id, variant_id, quantity, price, catalogue_price)
      select ${tenantId}, x.order_id, x.position, x.product_id, x.variant_id, x.quantity, x.price, x.catalogue_price
      from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as x(order_id int, position int, product_id int,
        variant_id int, quantity int, price numeric, catalogue_price numeric)`);
  const history = withIds.flatMap((o) => {
    const created = new Date(o.created_at).getTime();
    const at = (hours: number) => new Date(Math.min(created + hours * 3_600_000, now)).toISOString();
    const steps = [
      {
        order_id: o.id,
        status_id: newStatus,
        description: null as string | null,
        creator_id: o.created_by,
        created_at: o.created_at,
      },
    ];
    if (o.pendingFirst)
      steps.push({
        order_id: o.id,
        status_id: noAnswer,
        description: 'Ne répond pas',
        creator_id: o.agent_id,
        created_at: at(1),
      });
    if (o.status_type !== 'new')
      steps.push({
        order_id: o.id,
        status_id: o.status_id,
        description: o.description,
        creator_id: o.agent_id,
        created_at: at(2),
      });
    return steps;
  });
  await tx.execute(sql`insert into fulfillment_statuses (tenant_id, order_id, status_id, description, creator_id, created_at)
      select ${tenantId}, x.order_id, x.status_id, x.description, x.creator_id, x.created_at
      from jsonb_to_recordset(${JSON.stringify(history)}::jsonb) as x(order_id int, status_id int, description text,
        creator_id int, created_at timestamptz)`);
  const terms = withIds.flatMap((o) => orderNameTerms(o.name).map((term) => ({ term, order_id: o.id })));
  await tx.execute(sql`insert into order_search_terms (tenant_id, term, order_id)
      select ${tenantId}, x.term, x.order_id from jsonb_to_recordset(${JSON.stringify(terms)}::jsonb) as x(term text, order_id int)`);
}

/** One customer per phone (the catalogue's rule), with the name words its search reads. */
async function insertCustomers(tx: Tx, tenantId: number, people: Array<{ phone: string; name: string }>) {
  const unique = [...new Map(people.map((p) => [p.phone, p])).values()];
  const inserted = await rows<{ id: number; phone: string; name: string }>(
    tx,
    sql`insert into customers (tenant_id, phone, name)
        select ${tenantId}, x.phone, x.name from jsonb_to_recordset(${JSON.stringify(unique)}::jsonb) as x(phone text, name text)
        returning id, phone, name`,
  );
  const terms = inserted.flatMap((c) => nameTerms(c.name).map((term) => ({ term, customer_id: c.id })));
  await tx.execute(sql`insert into customer_search_terms (tenant_id, term, customer_id)
    select ${tenantId}, x.term, x.customer_id from jsonb_to_recordset(${JSON.stringify(terms)}::jsonb) as x(term text, customer_id int)`);
  return new Map(inserted.map((c) => [c.phone, c.id]));
}
