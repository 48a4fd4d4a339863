import Checkbox from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';
import { columnVisibilityFeature, createColumnHelper, rowSelectionFeature, tableFeatures } from '@tanstack/react-table';
import { formatDZD, type TOrderRow, type TOrderTab } from '@cod/shared';
import type { TFunction } from 'i18next';
import { showsDriverPhone, type TOrderColumn } from '../column-settings';
import {
  CustomerCell,
  DateCell,
  LatestStatusCell,
  PhoneCell,
  ProductsCell,
  ShippingCompanyCell,
  TrackingCell,
} from './order-cells';
import { RowActions, type TRowActionHandlers } from './row-actions';
import { SourceIcon, sourceLabel } from './source-icon';
import { AttemptsCell } from '../../call-centre/attempts-cell';

export const ordersTableFeatures = tableFeatures({ rowSelectionFeature, columnVisibilityFeature });
const helper = createColumnHelper<typeof ordersTableFeatures, TOrderRow>();

const muted = (text: string | null | undefined) =>
  text ? (
    <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      <bdi>{text}</bdi>
    </Typography>
  ) : (
    <Typography variant="body2" color="text.disabled">
      —
    </Typography>
  );

/** Header label of a column, for the table and the column menu. */
export function columnLabel(t: TFunction, column: TOrderColumn): string {
  return t(`orders.columns.${column}`);
}

/**
 * SPEC 2.4's columns (no footer). The selection column comes first; the tab decides whether the
 * shipping cell shows the driver's phone (inDelivery only).
 */
export function orderColumns(options: { t: TFunction; tab: TOrderTab; actions: TRowActionHandlers }) {
  const { t, tab, actions } = options;
  const cell = (id: TOrderColumn, render: (order: TOrderRow) => React.ReactNode) =>
    helper.display({ id, header: columnLabel(t, id), cell: (info) => render(info.row.original) });

  return [
    helper.display({
      id: 'select',
      header: ({ table }) => (
        <Checkbox
          size="small"
          checked={table.getIsAllPageRowsSelected()}
          indeterminate={table.getIsSomePageRowsSelected() && !table.getIsAllPageRowsSelected()}
          onChange={table.getToggleAllPageRowsSelectedHandler()}
          slotProps={{ input: { 'aria-label': t('orders.table.select_all') } }}
        />
      ),
      cell: ({ row }) => (
        <Checkbox
          size="small"
          checked={row.getIsSelected()}
          onChange={row.getToggleSelectedHandler()}
          slotProps={{
            input: { 'aria-label': t('orders.table.select_order', { number: row.original.order_number }) },
          }}
        />
      ),
    }),
    cell('id', (order) => (
      <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
        <bdi>#{order.order_number}</bdi>
      </Typography>
    )),
    cell('source', (order) => <SourceIcon order={order} />),
    cell('customer_full_name', (order) => <CustomerCell order={order} />),
    cell('customer_phone', (order) => <PhoneCell order={order} />),
    cell('agent', (order) =>
      order.agent ? (
        <Typography variant="body2" noWrap title={order.agent.name} sx={{ maxWidth: 104 }}>
          <bdi>{order.agent.name}</bdi>
        </Typography>
      ) : (
        <Typography variant="body2" color="text.disabled">
          {t('orders.table.unassigned')}
        </Typography>
      ),
    ),
    cell('products', (order) => <ProductsCell order={order} />),
    cell('total', (order) => (
      <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
        <bdi>{formatDZD(order.total)}</bdi>
      </Typography>
    )),
    cell('latest_status', (order) => <LatestStatusCell order={order} />),
    cell('attempts', (order) => <AttemptsCell order={order} />),
    cell('created_at', (order) => <DateCell iso={order.created_at} />),
    cell('dispatched_at', (order) => <DateCell iso={order.dispatched_at} />),
    cell('shipping_company', (order) => <ShippingCompanyCell order={order} withDriver={showsDriverPhone(tab)} />),
    cell('tracking_number', (order) => <TrackingCell order={order} />),
    cell('sales_source', (order) => muted(order.sales_source ? sourceLabel(t, order.sales_source) : null)),
    cell('campaign_id', (order) => muted(order.campaign_id)),
    // Last, and kept in view at the inline end of the table (orders-table.tsx, issue 12 item 4).
    cell('actions', (order) => <RowActions order={order} tab={tab} handlers={actions} />),
  ];
}
