import type { TOrderEventPayload, TOrderListResponse, TOrderRow, TOrderTab } from '@cod/shared';
import { describe, expect, it } from 'vitest';
import { applyOrderEvent } from './apply-order-event';

const row = (id: number, extra: Partial<TOrderRow> = {}) =>
  ({ id, order_number: id, agent_id: null, status_id: 1, ...extra }) as TOrderRow;

function list(ids: number[], counts: Partial<Record<TOrderTab, number>>): TOrderListResponse {
  const all = {
    inProcess: 0,
    ready: 0,
    inDispatch: 0,
    inDelivery: 0,
    delivered: 0,
    returned: 0,
    cancelled: 0,
    all: 0,
    deleted: 0,
  };
  return { data: ids.map((id) => row(id)), total: counts.inProcess ?? 0, counts: { ...all, ...counts } };
}

/** What the server says of an order: its change and the tabs it stood in before and after. */
const event = (
  change: TOrderEventPayload['change'],
  order: TOrderRow,
  tabs_before: TOrderTab[],
  tabs_after: TOrderTab[],
) => ({ change, order, tabs_before, tabs_after, agent_id_before: null });
/** A new order: it lands in the inProcess tab. */
const created = (order: TOrderRow) => event('created', order, [], ['inProcess', 'all']);

const inProcess = { path: '/dashboard/orders', query: { tab: 'inProcess', page: 1, per_page: 25 } };

describe('applyOrderEvent (live rows and counts without a refetch)', () => {
  it('puts a new order at the top of the first page and counts it', () => {
    const applied = applyOrderEvent(list([2, 1], { inProcess: 2, all: 2 }), inProcess, created(row(3)))!;
    expect(applied.next.data.map((o) => o.id)).toEqual([3, 2, 1]);
    expect(applied.next.counts).toMatchObject({ inProcess: 3, all: 3 });
    expect(applied.next.total).toBe(3);
    expect(applied.stale).toBe(false);
  });

  it('replaces a row in place when it stays in the tab, and moves the counts', () => {
    const confirmed = row(2, { status_id: 4 });
    const applied = applyOrderEvent(
      list([3, 2, 1], { inProcess: 3, ready: 0, all: 3 }),
      inProcess,
      event('status', confirmed, ['inProcess', 'all'], ['inProcess', 'ready', 'all']),
    )!;
    expect(applied.next.data[1]).toBe(confirmed);
    expect(applied.next.counts).toMatchObject({ inProcess: 3, ready: 1, all: 3 });
  });

  it('takes a row away when it leaves the tab', () => {
    const applied = applyOrderEvent(
      list([3, 2, 1], { inProcess: 3, cancelled: 0, all: 3 }),
      inProcess,
      event('status', row(2, { status_id: 10 }), ['inProcess', 'all'], ['cancelled', 'all']),
    )!;
    expect(applied.next.data.map((o) => o.id)).toEqual([3, 1]);
    expect(applied.next.counts).toMatchObject({ inProcess: 2, cancelled: 1, all: 3 });
    expect(applied.next.total).toBe(2);
  });

  it('does not add a new order to a later page, but counts it', () => {
    const page2 = { ...inProcess, query: { ...inProcess.query, page: 2 } };
    const applied = applyOrderEvent(list([1], { inProcess: 26, all: 26 }), page2, created(row(30)))!;
    expect(applied.next.data.map((o) => o.id)).toEqual([1]);
    expect(applied.next.counts.inProcess).toBe(27);
  });

  it('respects an agent filter', () => {
    const mine = { ...inProcess, query: { ...inProcess.query, agent: 5 } };
    const other = applyOrderEvent(list([1], { inProcess: 1, all: 1 }), mine, created(row(9, { agent_id: 6 })));
    expect(other).toBeNull();
  });

  it('only updates the rows of a page filtered by what the browser cannot check, and marks it stale', () => {
    const searched = { ...inProcess, query: { ...inProcess.query, search: 'karim' } };
    const applied = applyOrderEvent(
      list([2, 1], { inProcess: 2, all: 2 }),
      searched,
      event('status', row(2, { status_id: 4 }), ['inProcess', 'all'], ['cancelled', 'all']),
    )!;
    expect(applied.next.data.map((o) => o.status_id)).toEqual([4, 1]);
    expect(applied.next.counts.inProcess).toBe(2);
    expect(applied.stale).toBe(true);
  });

  it('only refreshes the row when the event does not say where the order stood', () => {
    const applied = applyOrderEvent(
      list([2, 1], { inProcess: 2, ready: 1, all: 2 }),
      inProcess,
      event('updated', row(2, { status_id: 4 }), [], ['inProcess', 'ready', 'all']),
    )!;
    expect(applied.next.data.map((o) => o.status_id)).toEqual([4, 1]);
    expect(applied.next.counts).toMatchObject({ inProcess: 2, ready: 1, all: 2 });
    expect(applied.stale).toBe(true);
  });
});
