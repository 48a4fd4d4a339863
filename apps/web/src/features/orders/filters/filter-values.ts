import type { TDateFilter } from '@cod/shared';
import type { TOrdersUrlState } from '../orders-url-state';

/** The toolbar's filters as the fields hold them (text; '' is "any"). */
export interface TFilterValues {
  date: TDateFilter;
  start: string;
  end: string;
  agent: string;
  product: string;
  source: string;
  state: string;
  status: string;
  shipment_status: string;
  /** Issue 15.5: '1' shows only risky customers' orders. */
  risky?: string;
}

export const NO_FILTERS: TFilterValues = {
  date: 'all',
  start: '',
  end: '',
  agent: '',
  product: '',
  source: '',
  state: '',
  status: '',
  shipment_status: '',
  risky: '',
};

export function filterValuesOf(state: TOrdersUrlState): TFilterValues {
  const text = (value: string | number | undefined) => (value === undefined ? '' : String(value));
  return {
    date: state.date,
    start: text(state.start),
    end: text(state.end),
    agent: text(state.agent),
    product: text(state.product),
    source: text(state.source),
    state: text(state.state),
    status: text(state.status),
    shipment_status: text(state.shipment_status),
    risky: state.risky ? '1' : '',
  };
}

/** SPEC 3: these sales sources have icons; 'none' finds the orders typed in the dashboard. */
export const KNOWN_SOURCES = ['facebook', 'tiktok', 'instagram', 'google', 'meta'] as const;

/** SPEC 2.4 date filter options, in the order the spec lists them. */
export const DATE_OPTIONS: readonly TDateFilter[] = [
  'all',
  'today',
  'yesterday',
  'last_7_days',
  'this_month',
  'last_month',
  'custom',
];
