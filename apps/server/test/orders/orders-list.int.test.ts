import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dateFilterRange, ORDER_TABS, tabsOfOrder, type TDateFilter, type TOrderListResponse } from '@cod/shared';
import type { TOrderTab, TStatusType } from '@cod/shared';
import { rows } from '../../src/db/client.js';
import { withSystem, withTenant } from '../../src/db/tenant-context.js';
import { foldOrderCounts } from '../../src/modules/orders/order-counts.repository.js';
import { openTestApp } from '../support/test-db.js';
import { agentOf, createOrder, orderBody, shopWithCatalogue, type TClient, type TShop } from './orders-support.js';

const { app, database } = await openTestApp();
const ZONE = 'Africa/Algiers';
const range = (filter: TDateFilter) => dateFilterRange(filter, { now: new Date(), timeZone: ZONE })!;
const SECOND = 1000;
const DAY = 86_400 * SECOND;
const ago = (from: Date, ms: number) => new Date(from.getTime() - ms);

/** One order of the fixture, with what the filters look at. */
interface TFixture {
  key: string;
  id: number;
  number: number;
  agent: 'a1' | 'a2' | null;
  product: 'watch' | 'shirt' | 'pen';
  source: string | null;
  state: number;
  status: string;
  type: TStatusType;
  createdAt: Date;
  deleted: boolean;
  shipment: string | null;
  name: string;
  phone: string;
  phone2: string | null;
  tracking: string | null;
}

let shop: TShop;
let agents: Record<'a1' | 'a2', { id: number; api: TClient }>;
const fixture: TFixture[] = [];

const STATE_CITY: Record<number, number> = { 16: 1601, 31: 3101 };

beforeAll(async () => {
  shop = await shopWithCatalogue(app, database);
  agents = { a1: await agentOf(app, database, shop, 'Agent One'), a2: await agentOf(app, database, shop, 'Agent Two') };
  const today = range('today').from;
  const thisMonth = range('this_month').from;
  const lastMonth = range('last_month').from;
  /** One order of the fixture: not deleted, not shipped, no second phone, unless `more` says so. */
  const fixtureSpec = (
    key: string,
    agent: TFixture['agent'],
    product: TFixture['product'],
    source: string | null,
    state: number,
    status: string,
    createdAt: Date,
    name: string,
    phone: string,
    more: Partial<Pick<TFixture, 'deleted' | 'shipment' | 'phone2' | 'tracking'>> = {},
  ): Omit<TFixture, 'id' | 'number' | 'type'> => ({
    key,
    agent,
    product,
    source,
    state,
    status,
    createdAt,
    deleted: false,
    shipment: null,
    name,
    phone,
    phone2: null,
    tracking: null,
    ...more,
  });
  // key, agent, product, source, wilaya, status, created at, customer name and phone
  const specs = [
    fixtureSpec('A', 'a1', 'watch', 'facebook', 16, 'new', today, 'Karim Benali', '0555100001'),
    fixtureSpec('B', 'a1', 'shirt', 'tiktok', 31, 'confirmed', ago(today, SECOND), 'Amina Haddad', '0661100002', {
      phone2: '0770100002',
    }),
    fixtureSpec('C', 'a2', 'pen', null, 16, 'no_answer', ago(today, 3 * DAY), 'محمد بن علي', '0555100003'),
    fixtureSpec(
      'D',
      null,
      'watch',
      'facebook',
      31,
      'delivered',
      ago(thisMonth, SECOND),
      'Yacine Bélaïd',
      '0770100004',
      {
        shipment: 'delivered',
        tracking: 'YAL-ABC123',
      },
    ),
    fixtureSpec('E', 'a2', 'watch', 'instagram', 16, 'cancelled', thisMonth, 'Sara Benali', '0555100005'),
    fixtureSpec('F', 'a1', 'watch', 'facebook', 16, 'new', today, 'Deleted Person', '0555100006', { deleted: true }),
    fixtureSpec(
      'G',
      'a2',
      'shirt',
      'tiktok',
      31,
      'out_for_delivery',
      ago(today, 10 * DAY),
      'Walid Kaci',
      '0661100007',
      {
        shipment: 'shipped',
        tracking: 'ECO777001',
      },
    ),
    fixtureSpec('H', null, 'pen', 'facebook', 16, 'in_dispatch', ago(today, 2 * DAY), 'Lina Meziane', '0555100008', {
      shipment: 'waiting_transit',
      tracking: 'YAL-XYZ999',
    }),
    fixtureSpec('I', 'a1', 'watch', 'google', 31, 'returned', lastMonth, 'Omar Benali', '0555100009', {
      shipment: 'ready_to_return',
    }),
    fixtureSpec('J', 'a2', 'shirt', null, 16, 'reported', ago(lastMonth, SECOND), 'Nour Hamdi', '0661100010'),
  ];
  const statuses = (await shop.api.get('/dashboard/statuses')).json().data as Array<{
    id: number;
    name: string;
    type: TStatusType;
  }>;
  for (const spec of specs) {
    const line =
      spec.product === 'shirt'
        ? { product_id: shop.shirt.id, variant_id: shop.shirt.variants[0]!.id }
        : spec.product === 'pen'
          ? { product_id: shop.pen.id }
          : { product_id: shop.watch.id };
    const order = await createOrder(
      shop.api,
      orderBody(shop, {
        customer_full_name: spec.name,
        customer_phone_1: spec.phone,
        customer_phone_2: spec.phone2,
        state_id: spec.state,
        city_id: STATE_CITY[spec.state],
        agent_id: spec.agent ? agents[spec.agent].id : null,
        sales_source: spec.source,
        products: [line],
        customer_custom_fields: [{ product_id: shop.pen.id, field_values: { Gravure: 'x' } }],
      }),
    );
    const status = statuses.find((s) => s.name === spec.status)!;
    // Statuses a person cannot set by hand (dispatch, delivery) and the past are written directly.
    await withSystem(database.db, (tx) =>
      tx.execute(
        sql`update orders set status_id = ${status.id}, status_type = ${status.type}, created_at = ${spec.createdAt.toISOString()},
              deleted_at = ${spec.deleted ? new Date().toISOString() : null}, shipment_status = ${spec.shipment},
              tracking_number = ${spec.tracking}
            where tenant_id = ${shop.tenant.id} and id = ${order.id}`,
      ),
    );
    fixture.push({ ...spec, id: order.id, number: order.order_number, type: status.type });
  }
});

type TQuery = Record<string, string | number>;

async function list(query: TQuery, api: TClient = shop.api, path = '/dashboard/orders'): Promise<TOrderListResponse> {
  const response = await api.get(
    `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** What the list must answer, computed from the fixture alone. */
function expected(match: (f: TFixture) => boolean, tab: TOrderTab) {
  const matching = fixture.filter(match);
  const counts = Object.fromEntries(ORDER_TABS.map((t) => [t, 0])) as Record<TOrderTab, number>;
  for (const f of matching) for (const t of tabsOfOrder(f.type, f.deleted)) counts[t] += 1;
  const inTab = matching
    .filter((f) => tabsOfOrder(f.type, f.deleted).includes(tab))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
  return { counts, keys: inTab.map((f) => f.key) };
}

async function expectList(query: TQuery, match: (f: TFixture) => boolean, api?: TClient) {
  for (const tab of ORDER_TABS) {
    const answer = await list({ ...query, tab, per_page: 100 }, api);
    const want = expected(match, tab);
    const keys = answer.data.map((o) => fixture.find((f) => f.id === o.id)!.key);
    if (tab === 'deleted') keys.sort();
    expect({ tab, counts: answer.counts, keys, total: answer.total }).toEqual({
      tab,
      counts: want.counts,
      keys: tab === 'deleted' ? [...want.keys].sort() : want.keys,
      total: want.counts[tab],
    });
  }
}

describe('filters with tabs and counts (SPEC 2.4)', () => {
  it('lists every tab with all nine counts, unfiltered (maintained counts)', async () => {
    await expectList({}, () => true);
  });

  it('filters by agent, unassigned, and status (maintained counts), and combines them', async () => {
    await expectList({ agent: agents.a1.id }, (f) => f.agent === 'a1');
    await expectList({ agent: 'none' }, (f) => f.agent === null);
    await expectList({ status: shop.status.new! }, (f) => f.status === 'new');
    await expectList(
      { agent: agents.a2.id, status: shop.status.cancelled! },
      (f) => f.agent === 'a2' && f.status === 'cancelled',
    );
  });

  it('filters by product, source, wilaya and shipment status', async () => {
    await expectList({ product: shop.shirt.id }, (f) => f.product === 'shirt');
    await expectList({ source: 'facebook' }, (f) => f.source === 'facebook');
    await expectList({ source: 'none' }, (f) => f.source === null);
    await expectList({ state: 31 }, (f) => f.state === 31);
    await expectList({ shipment_status: 'shipped' }, (f) => f.shipment === 'shipped');
  });

  it('combines three and more filters', async () => {
    await expectList(
      { state: 16, source: 'facebook', product: shop.watch.id },
      (f) => f.state === 16 && f.source === 'facebook' && f.product === 'watch',
    );
    await expectList(
      { date: 'this_month', agent: agents.a1.id, state: 16 },
      (f) => f.createdAt >= range('this_month').from && f.agent === 'a1' && f.state === 16,
    );
  });

  it('ignores empty parameters, as the URL of a cleared filter sends them', async () => {
    await expectList({ agent: '', product: '', source: '', state: '', status: '', search: ' ', date: '' }, () => true);
  });
});

describe('date options at day boundaries in Africa/Algiers', () => {
  const within = (filter: TDateFilter) => (f: TFixture) => {
    const r = range(filter);
    return f.createdAt >= r.from && f.createdAt < r.to;
  };

  it('today starts at local midnight (23:00 UTC the day before); one second earlier is yesterday', async () => {
    expect(range('today').from.getUTCHours()).toBe(23);
    await expectList({ date: 'today' }, within('today'));
    await expectList({ date: 'yesterday' }, within('yesterday'));
    const today = await list({ date: 'today', tab: 'all' });
    expect(today.data.map((o) => o.id)).toContain(fixture.find((f) => f.key === 'A')!.id);
    expect(today.data.map((o) => o.id)).not.toContain(fixture.find((f) => f.key === 'B')!.id);
  });

  it('last 7 days, this month and last month split exactly at local midnights', async () => {
    await expectList({ date: 'last_7_days' }, within('last_7_days'));
    await expectList({ date: 'this_month' }, within('this_month'));
    await expectList({ date: 'last_month' }, within('last_month'));
  });

  it('custom ranges are inclusive local days, and need both ends in order', async () => {
    const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(d);
    const a = fixture.find((f) => f.key === 'A')!;
    const c = fixture.find((f) => f.key === 'C')!;
    await expectList(
      { date: 'custom', start: day(c.createdAt), end: day(a.createdAt) },
      (f) => f.createdAt >= c.createdAt && f.createdAt <= a.createdAt,
    );
    const missing = await shop.api.get('/dashboard/orders?date=custom&start=2026-01-05');
    expect(missing.json().errors).toEqual({ end: ['The end date field is required.'] });
    const reversed = await shop.api.get('/dashboard/orders?date=custom&start=2026-01-05&end=2026-01-04');
    expect(reversed.json().errors).toEqual({ end: ['The end date cannot precede the start date.'] });
  });
});

describe('search over number, name, phones and tracking number', () => {
  const keysOf = async (search: string) =>
    (await list({ search, tab: 'all' })).data.map((o) => fixture.find((f) => f.id === o.id)!.key).sort();

  it('finds by order number, with or without #', async () => {
    const c = fixture.find((f) => f.key === 'C')!;
    expect(await keysOf(String(c.number))).toContain('C');
    expect(await keysOf(`#${c.number}`)).toEqual(['C']);
  });

  it('finds by the beginning of any word of the name, accents and case folded, Arabic too', async () => {
    expect(await keysOf('benali')).toEqual(['A', 'E', 'I']);
    expect(await keysOf('ben kar')).toEqual(['A']);
    expect(await keysOf('belaid')).toEqual(['D']);
    expect(await keysOf('محمد')).toEqual(['C']);
  });

  it('finds by either phone in any spelling, or by the beginning of a number', async () => {
    expect(await keysOf('+213 661 10 00 02')).toEqual(['B']);
    expect(await keysOf('0770-10-00-02')).toEqual(['B']);
    expect(await keysOf('0555 1000')).toEqual(['A', 'C', 'E', 'H', 'I']);
  });

  it('finds by tracking number in either case, and combines search with tabs and counts', async () => {
    expect(await keysOf('yal-abc123')).toEqual(['D']);
    await expectList({ search: 'benali' }, (f) => /benali/i.test(f.name));
    expect(await keysOf('zzzz')).toEqual([]);
  });
});

describe('paging', () => {
  it('pages with 10/25/50/100/200 per page and refuses other sizes', async () => {
    const page1 = await list({ tab: 'all', per_page: 10, page: 1 });
    expect(page1.data.length).toBe(Math.min(10, page1.total));
    expect((await list({ tab: 'all', per_page: 200 })).data).toHaveLength(page1.total);
    const beyond = await list({ tab: 'all', per_page: 10, page: 5 });
    expect(beyond).toMatchObject({ data: [], total: page1.total });
    expect((await shop.api.get('/dashboard/orders?per_page=30')).json().errors).toEqual({
      per_page: ['Invalid page size.'],
    });
    const second = await list({ tab: 'all', per_page: 10, page: 2 });
    const all = await list({ tab: 'all', per_page: 100 });
    expect(second.data.map((o) => o.id)).toEqual(all.data.slice(10, 20).map((o) => o.id));
  });

  it('serves the deleted tab from /dashboard/orders/deleted', async () => {
    const deleted = await list({}, shop.api, '/dashboard/orders/deleted');
    expect(deleted.data.map((o) => o.id)).toEqual([fixture.find((f) => f.key === 'F')!.id]);
    expect(deleted.total).toBe(deleted.counts.deleted);
  });
});

describe('agent scoping (SPEC 6)', () => {
  it('a Support Agent sees only its orders, in the list and in every count', async () => {
    await expectList({}, (f) => f.agent === 'a1', agents.a1.api);
    await expectList(
      { date: 'this_month' },
      (f) => f.agent === 'a1' && f.createdAt >= range('this_month').from,
      agents.a1.api,
    );
    await expectList({ agent: agents.a2.id }, () => false, agents.a1.api);
    const other = fixture.find((f) => f.agent === 'a2')!;
    expect((await agents.a1.api.get(`/dashboard/orders/${other.id}`)).statusCode).toBe(404);
    expect((await agents.a1.api.get(`/dashboard/orders/${other.id}/status-timeline`)).statusCode).toBe(404);
    const own = fixture.find((f) => f.agent === 'a1' && !f.deleted)!;
    expect((await agents.a1.api.get(`/dashboard/orders/${own.id}`)).json().id).toBe(own.id);
  });

  it('a user limited to some products sees only orders holding one of them', async () => {
    await shop.api.put(`/dashboard/user-product-permissions/${agents.a2.id}`, {
      restricted: true,
      product_ids: [shop.shirt.id],
    });
    await expectList({}, (f) => f.agent === 'a2' && f.product === 'shirt', agents.a2.api);
    await shop.api.put(`/dashboard/user-product-permissions/${agents.a2.id}`, { restricted: false, product_ids: [] });
  });
});

describe('maintained counts', () => {
  it('stay equal to counting the orders through changes, and survive folding', async () => {
    const extra = await createOrder(shop.api, orderBody(shop, { agent_id: agents.a1.id }));
    await shop.api.patch(`/dashboard/orders/${extra.id}/status`, { status: shop.status.confirmed });
    await shop.api.post('/dashboard/orders/assign-agent', { agent_id: agents.a2.id, order_ids: [extra.id] });
    await shop.api.delete(`/dashboard/orders/${extra.id}`);
    await shop.api.post(`/dashboard/orders/${extra.id}/restore`);
    // Maintained (date=all) and counted (a custom range covering everything) must agree.
    const counted = (await list({ date: 'custom', start: '2000-01-01', end: '2100-01-01' })).counts;
    expect((await list({})).counts).toEqual(counted);
    expect((await list({ agent: agents.a2.id })).counts).toEqual(
      (await list({ agent: agents.a2.id, date: 'custom', start: '2000-01-01', end: '2100-01-01' })).counts,
    );
    await foldOrderCounts(database.db, shop.tenant.id);
    const pending = await withTenant(database.db, shop.tenant.id, (tx) =>
      rows<{ n: number }>(tx, sql`select count(*)::int as n from order_count_deltas`),
    );
    expect(pending[0]!.n).toBe(0);
    expect((await list({})).counts).toEqual(counted);
  });
});
