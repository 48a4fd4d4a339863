import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  clearedOrdersParams,
  nextOrdersParams,
  ordersRequest,
  parseOrdersUrl,
} from './orders-url-state';

const url = (query: string) => new URLSearchParams(query);

describe('parseOrdersUrl (SPEC 2.4: the URL is the state)', () => {
  it('defaults to the inProcess tab, page 1, 25 per page, every date', () => {
    expect(parseOrdersUrl(url(''))).toMatchObject({ tab: 'inProcess', page: 1, per_page: 25, date: 'all' });
  });

  it('reads every SPEC 2.4 parameter', () => {
    const state = parseOrdersUrl(
      url(
        'tab=inDelivery&date=custom&start=2026-11-01&end=2026-11-15&agent=4&product=7&source=facebook&state=16&status=9&shipment_status=in_transit_to_ship&search=0555&page=3&per_page=50',
      ),
    );
    expect(state).toEqual({
      tab: 'inDelivery',
      date: 'custom',
      start: '2026-11-01',
      end: '2026-11-15',
      agent: 4,
      product: 7,
      source: 'facebook',
      state: 16,
      status: 9,
      shipment_status: 'in_transit_to_ship',
      search: '0555',
      page: 3,
      per_page: 50,
    });
  });

  it('reads the unassigned agent', () => {
    expect(parseOrdersUrl(url('agent=none')).agent).toBe('none');
  });

  it('drops what it cannot read and keeps the rest', () => {
    const state = parseOrdersUrl(url('tab=nowhere&page=abc&per_page=7&agent=x&search=karim'));
    expect(state).toMatchObject({ tab: 'inProcess', page: 1, per_page: 25, search: 'karim' });
    expect(state.agent).toBeUndefined();
  });

  it('drops a custom range that misses an end, or ends before it starts', () => {
    expect(parseOrdersUrl(url('date=custom&start=2026-11-01&tab=ready'))).toMatchObject({ date: 'all', tab: 'ready' });
    const backwards = parseOrdersUrl(url('date=custom&start=2026-11-10&end=2026-11-01'));
    expect(backwards.date).toBe('all');
    expect(backwards.start).toBeUndefined();
  });
});

describe('nextOrdersParams', () => {
  it('returns to page 1 on a filter change and keeps the other parameters', () => {
    const next = nextOrdersParams(url('tab=ready&page=4&per_page=50&search=x'), { agent: 3 });
    expect(next.toString()).toBe('tab=ready&per_page=50&search=x&agent=3');
  });

  it('keeps the page when the page itself changes, and leaves defaults out', () => {
    expect(nextOrdersParams(url('tab=ready'), { page: 2 }).toString()).toBe('tab=ready&page=2');
    expect(nextOrdersParams(url('tab=ready&page=2'), { page: 1 }).toString()).toBe('tab=ready');
    expect(nextOrdersParams(url('tab=ready'), { tab: 'inProcess' }).toString()).toBe('');
  });

  it('keeps start and end only with a custom date, shipment status only in inDelivery', () => {
    const range = url('date=custom&start=2026-11-01&end=2026-11-02');
    expect(nextOrdersParams(range, { date: 'today' }).toString()).toBe('date=today');
    expect(nextOrdersParams(url('tab=inDelivery&shipment_status=shipped'), { tab: 'ready' }).toString()).toBe(
      'tab=ready',
    );
  });

  it('keeps the order dialog parameters', () => {
    expect(nextOrdersParams(url('dialog=edit&id=5'), { search: 'a' }).get('dialog')).toBe('edit');
  });
});

describe('clearing and counting filters', () => {
  it('clears every filter but keeps the tab and the page size', () => {
    const cleared = clearedOrdersParams(url('tab=ready&per_page=50&page=2&agent=1&search=x&date=today&state=16'));
    expect(cleared.toString()).toBe('tab=ready&per_page=50');
  });

  it('counts the filters that are set (shipment status only where it applies)', () => {
    expect(activeFilterCount(parseOrdersUrl(url('')))).toBe(0);
    expect(activeFilterCount(parseOrdersUrl(url('date=today&agent=2&search=x')))).toBe(3);
    expect(activeFilterCount(parseOrdersUrl(url('tab=ready&shipment_status=shipped')))).toBe(0);
  });
});

describe('ordersRequest', () => {
  it('asks the deleted tab on its own path, without a tab parameter', () => {
    const request = ordersRequest(parseOrdersUrl(url('tab=deleted&search=x')));
    expect(request.path).toBe('/dashboard/orders/deleted');
    expect(request.query.tab).toBeUndefined();
    expect(request.query.search).toBe('x');
  });

  it('sends the tab, paging, and shipment status only in inDelivery', () => {
    const ready = ordersRequest(parseOrdersUrl(url('tab=ready&shipment_status=shipped&page=2')));
    expect(ready).toMatchObject({ path: '/dashboard/orders', query: { tab: 'ready', page: 2, per_page: 25 } });
    expect(ready.query.shipment_status).toBeUndefined();
    const delivery = ordersRequest(parseOrdersUrl(url('tab=inDelivery&shipment_status=shipped')));
    expect(delivery.query.shipment_status).toBe('shipped');
  });
});
