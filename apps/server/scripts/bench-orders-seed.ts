// Bulk seed of bench:orders (issue 4): a shop's catalogue, customers, agents, channels and N orders
// with their lines, history and search terms, written with INSERT ... SELECT generate_series as the
// owner role. Foreign-key and count triggers are skipped (session_replication_role = replica, a
// superuser setting) and the maintained counts are rebuilt at the end, as a restore would do.
import type pg from 'pg';
import {
  ARABIC_FIRST as DEMO_ARABIC_FIRST,
  ARABIC_LAST as DEMO_ARABIC_LAST,
  LATIN_FIRST as DEMO_LATIN_FIRST,
  LATIN_LAST as DEMO_LATIN_LAST,
} from '../src/db/seed/demo-orders-data.js';

// The demo shop's names (db/seed/demo-orders-data.ts), accents folded: the SQL below splits names into search
// terms with lower() alone, where orderNameTerms also folds accents.
const folded = (names: readonly string[]) => names.map((n) => n.normalize('NFD').replace(/\p{M}/gu, ''));
const LATIN_FIRST = folded(DEMO_LATIN_FIRST);
const LATIN_LAST = folded(DEMO_LATIN_LAST);
const ARABIC_FIRST = folded(DEMO_ARABIC_FIRST);
const ARABIC_LAST = folded(DEMO_ARABIC_LAST);

const arrayLiteral = (items: readonly string[]) => `array[${items.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]`;

export interface TSeedShop {
  tenantId: number;
  ownerId: number;
  roleId: number;
  passwordHash: string;
  orders: number;
  /** First order id of the shop (ids are given explicitly, then the identity moves past them). */
  idStart: number;
  customers: number;
  products: number;
  agents: number;
  /** Days the orders spread over, newest now. */
  days: number;
}

/** Seeds one shop; `client` is a dedicated connection with session_replication_role = replica. */
export async function seedShop(client: pg.Client, shop: TSeedShop): Promise<void> {
  const T = shop.tenantId;
  const q = (text: string) => client.query(text);
  // Catalogue: a fifth of the products come in three sizes.
  await q(`insert into products (tenant_id, name, sku, price, has_variants, on_hand)
    select ${T}, 'Produit ' || i, 'B${T}-' || i, 900 + (i * 37) % 6000, i % 5 = 0, 1000000
    from generate_series(1, ${shop.products}) i`);
  await q(`insert into product_variants (tenant_id, product_id, name, sku, price, position, on_hand)
    select p.tenant_id, p.id, s.size, p.sku || '-' || s.size, p.price + s.pos * 100, s.pos, 1000000
    from products p cross join (values ('S', 0), ('M', 1), ('L', 2)) s(size, pos)
    where p.tenant_id = ${T} and p.has_variants`);
  await q(`insert into bench_items (tenant_id, k, product_id, variant_id, price)
    select ${T}, row_number() over (order by p.id, v.id) - 1, p.id, v.id, coalesce(v.price, p.price)
    from products p left join product_variants v on v.tenant_id = p.tenant_id and v.product_id = p.id
    where p.tenant_id = ${T}`);
  await q(`insert into bench_status (tenant_id, type, status_id)
    select distinct on (type) tenant_id, type, id from statuses where tenant_id = ${T} order by type, position, id`);
  // Agents (Support Agents) and channels.
  await q(`insert into users (tenant_id, name, email, password_hash, role_id, commission_type)
    select ${T}, (${arrayLiteral(LATIN_FIRST)})[1 + i % ${LATIN_FIRST.length}] || ' Agent ' || i,
      'agent' || i || '@t${T}.bench.dz', '${shop.passwordHash}', ${shop.roleId}, 'fixed'
    from generate_series(1, ${shop.agents}) i`);
  await q(`insert into bench_agents (tenant_id, k, user_id)
    select ${T}, row_number() over (order by id) - 1, id from users where tenant_id = ${T} and email like 'agent%'`);
  await q(`insert into sales_channels (tenant_id, name, source_type)
    values (${T}, 'Facebook page', 'facebook'), (${T}, 'TikTok shop', 'tiktok'), (${T}, 'Instagram', 'instagram'),
           (${T}, 'Google Ads', 'google'), (${T}, 'Site web', 'website')`);
  await q(`insert into bench_channels (tenant_id, k, channel_id, source)
    select ${T}, row_number() over (order by id) - 1, id, source_type from sales_channels where tenant_id = ${T}`);
  // Customers: distinct mobiles (7919 is prime to 10^8), a quarter with Arabic names.
  await q(`insert into customers (tenant_id, phone, name, created_at)
    select ${T}, '0' || (5 + i % 3)::text || lpad(((i::bigint * 7919 + ${T * 104729}) % 100000000)::text, 8, '0'),
      case when i % 4 = 0
        then (${arrayLiteral(ARABIC_FIRST)})[1 + (i / 4) % ${ARABIC_FIRST.length}] || ' ' || (${arrayLiteral(ARABIC_LAST)})[1 + (i / ${4 * ARABIC_FIRST.length}) % ${ARABIC_LAST.length}]
        else (${arrayLiteral(LATIN_FIRST)})[1 + (i / 4) % ${LATIN_FIRST.length}] || ' ' || (${arrayLiteral(LATIN_LAST)})[1 + (i / ${4 * LATIN_FIRST.length}) % ${LATIN_LAST.length}]
      end,
      now() - interval '800 days'
    from generate_series(1, ${shop.customers}) i`);
  const { rows: base } = await client.query<{ first: number; items: number }>(
    `select (select min(id) from customers where tenant_id = ${T}) as first,
            (select count(*)::int from bench_items where tenant_id = ${T}) as items`,
  );
  const C0 = base[0]!.first;
  const K = base[0]!.items;
  const S = shop.idStart;
  const N = shop.orders;
  const hashes = `select g, g - ${S} as i,
      abs(hashint4(g)) h1, abs(hashint4(g * 3 + 1)) h2, abs(hashint4(g * 5 + 2)) h3, abs(hashint4(g * 7 + 3)) h4,
      abs(hashint4(g * 11 + 4)) h5, abs(hashint4(g * 13 + 5)) h6
    from generate_series(${S + 1}, ${S + N}) g`;
  const shipped = `('inDispatch', 'follow-up', 'delivered', 'returned')`;
  // Newest orders last; age decides the status as a real shop's would (recent ones still in work).
  await q(`insert into orders (tenant_id, id, order_number, customer_id, customer_full_name, customer_phone_1,
      customer_phone_2, state_id, city_id, customer_address, agent_id, is_stopdesk, free_delivery, delivery_price,
      total, status_id, status_type, tracking_number, shipment_status, dispatched_at, sales_source, campaign_id,
      sales_channel_id, reported_at, cancelled_at, deleted_at, created_at, updated_at)
    select ${T}, z.g, z.i, c.id, c.name, c.phone,
      case when z.h4 % 20 = 0 then '07' || lpad((z.h1 % 100000000)::text, 8, '0') end,
      z.state_id, ci.id, 'Cité ' || (z.h3 % 500) || ' logements, bloc ' || (z.h2 % 20), a.user_id, z.h3 % 5 = 0,
      z.h4 % 25 = 0, z.delivery,
      i1.price * (1 + z.h4 % 3) + coalesce(i2.price, 0) + case when z.h4 % 25 = 0 then 0 else z.delivery end,
      st.status_id, z.status_type,
      case when z.status_type in ${shipped} then 'YAL-' || upper(to_hex(z.g)) end,
      case z.status_type when 'inDispatch' then 'waiting_transit' when 'follow-up' then 'shipped'
        when 'delivered' then 'delivered' when 'returned' then 'ready_to_return' end,
      case when z.status_type in ${shipped} then z.created_at + interval '1 day' end,
      ch.source, case when ch.source is not null and z.h1 % 3 = 0 then 'camp-' || (z.h1 % 12) end, ch.channel_id,
      case when z.status_type = 'reported' then now() + interval '1 day' end,
      case when z.status_type = 'cancelled' then z.created_at + interval '2 hours' end,
      case when z.h4 % 100 = 7 then z.created_at + interval '3 hours' end,
      z.created_at, z.created_at
    from (
      select y.*, case
          when y.age < 3 then (array['new','new','new','new','pending','pending','confirmed','confirmed','reported','cancelled'])[1 + y.h6 % 10]
          when y.age < 14 then (array['inDispatch','inDispatch','follow-up','follow-up','follow-up','delivered','delivered','returned','cancelled','cancelled'])[1 + y.h6 % 10]
          else (array['delivered','delivered','delivered','delivered','delivered','delivered','returned','returned','cancelled','cancelled'])[1 + y.h6 % 10]
        end as status_type,
        400 + (y.state_id % 6) * 100 as delivery
      from (
        select x.*, ${shop.days} * (${N} - x.i)::float8 / ${N} as age,
          now() - interval '1 second' * (${shop.days} * 86400.0 * (${N} - x.i) / ${N} + x.h5 % 600) as created_at,
          case when x.h5 % 10 < 3 then 16 when x.h5 % 10 < 4 then 31 else 1 + x.h5 % 58 end as state_id
        from (${hashes}) x
      ) y
    ) z
    join customers c on c.tenant_id = ${T} and c.id = ${C0} + z.h1 % ${shop.customers}
    join bench_items i1 on i1.tenant_id = ${T} and i1.k = z.h2 % ${K}
    left join bench_items i2 on i2.tenant_id = ${T} and i2.k = z.h3 % ${K} and z.h4 % 10 < 3
    join bench_state_n sn on sn.state_id = z.state_id
    join bench_cities ci on ci.state_id = z.state_id and ci.k = z.h5 % sn.n
    join bench_status st on st.tenant_id = ${T} and st.type = z.status_type
    left join bench_agents a on a.tenant_id = ${T} and a.k = z.h6 % ${shop.agents} and z.h2 % 10 <> 0
    left join bench_channels ch on ch.tenant_id = ${T} and ch.k = z.h3 % 5 and z.h1 % 5 <> 0`);
  await q(`insert into order_lines (tenant_id, order_id, position, product_id, variant_id, quantity, price, catalogue_price)
    select ${T}, x.g, 0, i1.product_id, i1.variant_id, 1 + x.h4 % 3, i1.price, i1.price
    from (${hashes}) x join bench_items i1 on i1.tenant_id = ${T} and i1.k = x.h2 % ${K}
    union all
    select ${T}, x.g, 1, i2.product_id, i2.variant_id, 1, i2.price, i2.price
    from (${hashes}) x join bench_items i2 on i2.tenant_id = ${T} and i2.k = x.h3 % ${K} where x.h4 % 10 < 3`);
  const newStatus = `(select status_id from bench_status where tenant_id = ${T} and type = 'new')`;
  await q(`insert into fulfillment_statuses (tenant_id, order_id, status_id, description, creator_id, created_at)
    select ${T}, id, ${newStatus}, null, null, created_at from orders where tenant_id = ${T}
    union all
    select ${T}, id, status_id, case when status_type = 'reported' then 'Scheduled' end, agent_id,
      least(created_at + interval '1 hour', now())
    from orders where tenant_id = ${T} and status_type <> 'new'`);
  // What orderNameTerms writes: these generated names are lower-case words split on spaces.
  await q(`insert into order_search_terms (tenant_id, term, order_id)
    select distinct ${T}, w, o.id from orders o, regexp_split_to_table(lower(o.customer_full_name), ' ') w
    where o.tenant_id = ${T} and w <> ''`);
  await q(`insert into order_number_counters (tenant_id, last_number) values (${T}, ${N})`);
  await q(`select app_rebuild_order_counts(${T})`);
}

/** Lookup tables the generator joins; temporary, on the seeding connection. */
export async function prepareSeed(client: pg.Client): Promise<void> {
  await client.query(`set session_replication_role = replica`);
  await client.query(
    `create temp table bench_items (tenant_id int, k int, product_id int, variant_id int, price numeric)`,
  );
  await client.query(`create temp table bench_status (tenant_id int, type text, status_id int)`);
  await client.query(`create temp table bench_agents (tenant_id int, k int, user_id int)`);
  await client.query(`create temp table bench_channels (tenant_id int, k int, channel_id int, source text)`);
  await client.query(`create temp table bench_cities as
    select state_id, id, (row_number() over (partition by state_id order by id) - 1)::int as k from cities`);
  await client.query(
    `create temp table bench_state_n as select state_id, count(*)::int as n from cities group by state_id`,
  );
}

/** After explicit ids: the identity continues after them. */
export async function finishSeed(client: pg.Client): Promise<void> {
  await client.query(`select setval(pg_get_serial_sequence('orders', 'id'), (select max(id) from orders))`);
  await client.query(`set session_replication_role = origin`);
}
