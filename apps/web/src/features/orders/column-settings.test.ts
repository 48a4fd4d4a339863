import { ORDER_TABS } from '@cod/shared';
import { describe, expect, it } from 'vitest';
import {
  columnVisibility,
  COLUMNS_STORAGE_KEY,
  DEFAULT_VISIBLE,
  isColumnAllowedInTab,
  ORDER_COLUMNS,
  readVisibleColumns,
  saveVisibleColumns,
  showsDriverPhone,
} from './column-settings';

describe('column rules per tab (SPEC 2.4)', () => {
  it('hides the tracking, shipping and dispatch columns in inProcess, ready and cancelled only', () => {
    for (const tab of ORDER_TABS) {
      const hidden = ['inProcess', 'ready', 'cancelled'].includes(tab);
      expect(isColumnAllowedInTab('tracking_number', tab)).toBe(!hidden);
      expect(isColumnAllowedInTab('shipping_company', tab)).toBe(!hidden);
      // The dispatch date is empty before dispatch: a shipping column too (docs/decisions/0050).
      expect(isColumnAllowedInTab('dispatched_at', tab)).toBe(!hidden);
      // Every other column is allowed everywhere.
      const shipping = ['tracking_number', 'shipping_company', 'dispatched_at'];
      for (const column of ORDER_COLUMNS.filter((c) => !shipping.includes(c))) {
        expect(isColumnAllowedInTab(column, tab)).toBe(true);
      }
    }
  });

  it("shows the driver's phone only in inDelivery", () => {
    expect(ORDER_TABS.filter(showsDriverPhone)).toEqual(['inDelivery']);
  });

  it("combines the user's choice with the tab's rule", () => {
    const chosen = ['id', 'tracking_number', 'actions'] as const;
    expect(columnVisibility(chosen, 'inDelivery')).toMatchObject({ id: true, tracking_number: true, total: false });
    expect(columnVisibility(chosen, 'ready')).toMatchObject({ id: true, tracking_number: false });
  });
});

describe('userColumns2 (SPEC 3 browser storage)', () => {
  it('starts from the default and keeps what the user saves, across reads', () => {
    expect(readVisibleColumns()).toEqual(DEFAULT_VISIBLE);
    saveVisibleColumns(['id', 'total', 'actions']);
    expect(JSON.parse(localStorage.getItem(COLUMNS_STORAGE_KEY)!)).toEqual(['id', 'total', 'actions']);
    expect(readVisibleColumns()).toEqual(['id', 'total', 'actions']);
  });

  it('always keeps the order number and the actions, and ignores what it does not know', () => {
    localStorage.setItem(COLUMNS_STORAGE_KEY, JSON.stringify(['total', 'nonsense']));
    expect(readVisibleColumns()).toEqual(['id', 'total', 'actions']);
    localStorage.setItem(COLUMNS_STORAGE_KEY, '{not json');
    expect(readVisibleColumns()).toEqual(DEFAULT_VISIBLE);
  });
});

describe('defaults that fit a laptop (issue 12 item 4)', () => {
  it('the campaign id and the sales source (the source icon shows it) start hidden; the actions come last', async () => {
    const { DEFAULT_VISIBLE: defaults } = await import('./column-settings');
    expect(defaults).not.toContain('campaign_id');
    expect(defaults).not.toContain('sales_source');
    expect(defaults).toContain('latest_status');
    expect(defaults).toContain('actions');
  });
});
