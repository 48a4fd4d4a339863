import type { TOrderTab } from '@cod/shared';

/** SPEC 2.4: the table's columns, in this order. */
export const ORDER_COLUMNS = [
  'id',
  'source',
  'customer_full_name',
  'customer_phone',
  'agent',
  'products',
  'total',
  'latest_status',
  // Issue 15.1: call attempts (count, last outcome, call-back).
  'attempts',
  'created_at',
  'dispatched_at',
  'shipping_company',
  'tracking_number',
  'actions',
  'sales_source',
  'campaign_id',
] as const;
export type TOrderColumn = (typeof ORDER_COLUMNS)[number];

/** SPEC 3: visible columns are kept in the browser's local storage under userColumns2. */
export const COLUMNS_STORAGE_KEY = 'userColumns2';

/** A row must stay identifiable and actionable, so these cannot be switched off. */
export const ALWAYS_VISIBLE: readonly TOrderColumn[] = ['id', 'actions'];

/**
 * Shown until the user chooses (docs/decisions/0027, 0050): everything but the campaign id, a long
 * advertising reference that only the people who run campaigns read, and the sales source, which
 * the source column's icon already shows; so the status and the actions fit a laptop's width.
 */
export const DEFAULT_VISIBLE: readonly TOrderColumn[] = ORDER_COLUMNS.filter(
  (c) => c !== 'campaign_id' && c !== 'sales_source',
);

/**
 * SPEC 2.4: tracking and shipping columns are hidden in inProcess, ready and cancelled; the
 * dispatch date is one of them (empty in those tabs by definition, decision 0050).
 */
const SHIPPING_COLUMNS: readonly TOrderColumn[] = ['shipping_company', 'tracking_number', 'dispatched_at'];
const TABS_WITHOUT_SHIPPING: readonly TOrderTab[] = ['inProcess', 'ready', 'cancelled'];

export function isColumnAllowedInTab(column: TOrderColumn, tab: TOrderTab): boolean {
  return !(SHIPPING_COLUMNS.includes(column) && TABS_WITHOUT_SHIPPING.includes(tab));
}

/** SPEC 2.4: the driver's phone shows only in inDelivery (inside the shipping company cell). */
export function showsDriverPhone(tab: TOrderTab): boolean {
  return tab === 'inDelivery';
}

const isColumn = (value: unknown): value is TOrderColumn =>
  typeof value === 'string' && (ORDER_COLUMNS as readonly string[]).includes(value);

/** The user's choice (a JSON list of column ids); anything unreadable is the default. */
export function readVisibleColumns(storage: Pick<Storage, 'getItem'> = localStorage): TOrderColumn[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(COLUMNS_STORAGE_KEY) ?? 'null');
    if (!Array.isArray(parsed)) return [...DEFAULT_VISIBLE];
    const chosen = new Set(parsed.filter(isColumn));
    ALWAYS_VISIBLE.forEach((column) => chosen.add(column));
    return ORDER_COLUMNS.filter((column) => chosen.has(column));
  } catch {
    return [...DEFAULT_VISIBLE];
  }
}

export function saveVisibleColumns(
  columns: readonly TOrderColumn[],
  storage: Pick<Storage, 'setItem'> = localStorage,
): void {
  const chosen = new Set([...columns, ...ALWAYS_VISIBLE]);
  storage.setItem(COLUMNS_STORAGE_KEY, JSON.stringify(ORDER_COLUMNS.filter((column) => chosen.has(column))));
}

/** TanStack Table's visibility map: the user's choice, minus what the tab never shows. */
export function columnVisibility(chosen: readonly TOrderColumn[], tab: TOrderTab): Record<string, boolean> {
  return Object.fromEntries(
    ORDER_COLUMNS.map((column) => [column, chosen.includes(column) && isColumnAllowedInTab(column, tab)]),
  );
}
