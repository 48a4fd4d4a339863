import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import AddIcon from '@mui/icons-material/Add';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import type { RowSelectionState } from '@tanstack/react-table';
import type { TOrderRow, TOrderTab } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { RealtimeStatusNotice } from '../../lib/realtime/realtime-status-notice';
import { toast } from '../../lib/toast';
import { ListEmpty, ListLoading, ListRefreshing } from '../../components/lists/list-states';
import { PageFrame } from '../../app/pages/page-frame';
import { HeaderButtons } from '../../components/ops-kit/header-buttons';
import { SCAN_MODE_PAGE_SIZE } from '../shipping/scan-mode';
import { useShippingActions, type TShippingAction } from '../shipping/shipping-actions';
import { useScanMode } from '../shipping/use-scan-mode';
import { readVisibleColumns, saveVisibleColumns, type TOrderColumn } from './column-settings';
import { filterValuesOf } from './filters/filter-values';
import { useOrdersLiveUpdates } from './live/use-orders-live-updates';
import { OrderDialog } from './order-dialog/order-dialog';
import { useOrdersQuery, useRestoreOrder, useStatusesQuery } from './orders-api';
import { OrdersDialogs, type TOrdersDialog } from './orders-dialogs';
import { OrdersImportFlow } from '../imports/orders-import-flow';
import { useOrderExports } from '../imports/use-order-exports';
import { OrdersTabs } from './orders-tabs';
import { activeFilterCount, ordersRequest } from './orders-url-state';
import { LATER_ACTIONS, LATER_BULK_ACTIONS, type TBulkAction, type TRowAction } from './row-action-rules';
import { OrdersPagination } from './table/orders-pagination';
import { OrdersTable } from './table/orders-table';
import type { TRowActionHandlers } from './table/row-actions';
import { OrdersToolbar, type TToolbarAction } from './toolbar/orders-toolbar';
import { useNewOrderShortcut } from './use-new-order-shortcut';
import { useCallCentre } from '../call-centre/use-call-centre';
import { useOrdersUrl } from './use-orders-url';
import { announceResult } from '../../lib/announce-result';
import { busyMessage } from '../../lib/server-message';

/** /dashboard/orders (SPEC 2.4): tabs, toolbar, table, pagination and the dialogs. */
export function OrdersPage() {
  const { t } = useTranslation();
  const { state, dialog: orderDialog, update, clearFilters, setDialog } = useOrdersUrl();
  const orders = useOrdersQuery(state);
  const statuses = useStatusesQuery();
  const { mutateAsync: restoreOrder } = useRestoreOrder();
  const [columns, setColumns] = useState<TOrderColumn[]>(() => readVisibleColumns());
  const [dialog, setDialogState] = useState<TOrdersDialog | null>(null);
  // Issue 6: the import dialogs, and the PDF / XLSX of the selection.
  const [importOpen, setImportOpen] = useState(false);
  const orderExports = useOrderExports();
  useOrdersLiveUpdates();
  useNewOrderShortcut(() => setDialog({ mode: 'create' }), true);

  // The selection belongs to one page of one list: another page, tab or filter starts afresh.
  const listKey = JSON.stringify(ordersRequest(state));
  const [selection, setSelection] = useState<{ key: string; rows: RowSelectionState }>({ key: listKey, rows: {} });
  const rows = orders.data?.data;
  const selectedRows = useMemo(() => {
    if (selection.key !== listKey) return {};
    const visible = new Set((rows ?? []).map((row) => String(row.id)));
    return Object.fromEntries(Object.entries(selection.rows).filter(([id]) => visible.has(id))) as RowSelectionState;
  }, [selection, listKey, rows]);
  const selectedIds = Object.keys(selectedRows).map(Number);
  const clearSelection = () => setSelection({ key: listKey, rows: {} });
  // Issue 15.1-15.2: Next order (N), the call-back queue, one-key outcomes on a selected row.
  const callCentre = useCallCentre({ selected: (rows ?? []).filter((row) => selectedRows[String(row.id)]) });

  // Issue 5: the carrier actions' dialogs, and SPEC 4 scan modes (page size 200, 2 s notice) while
  // the scanner is open; a scan in select mode adds the order to the selection.
  const selectScanned = (id: number) =>
    setSelection((current) => ({
      key: listKey,
      rows: { ...(current.key === listKey ? current.rows : {}), [id]: true },
    }));
  const scan = useScanMode({ onSelected: selectScanned });
  const shipping = useShippingActions({
    onChanged: clearSelection,
    onScannedSelect: selectScanned,
    onScanMode: (mode) => {
      if (mode === scan.mode) return;
      scan.enter(mode);
      if (mode && state.per_page !== SCAN_MODE_PAGE_SIZE) update({ per_page: SCAN_MODE_PAGE_SIZE, page: 1 });
    },
  });

  // SPEC 8: a failed page change says 'Failed to load page', a failed size change 'Failed to update
  // items per page'; the screen goes back to the page it showed (still in the cache).
  const lastChange = useRef<{ kind: 'page' | 'per_page'; page: number; per_page: number } | null>(null);
  useEffect(() => {
    const change = lastChange.current;
    if (!orders.isError || !change) return;
    lastChange.current = null;
    void toast(t(change.kind === 'per_page' ? 'orders.messages.per_page_failed' : 'errors.page_load_failed'), {
      variant: 'error',
    });
    update({ page: change.page, per_page: change.per_page });
  }, [orders.isError, t, update]);
  const remember = (kind: 'page' | 'per_page') => {
    lastChange.current = { kind, page: state.page, per_page: state.per_page };
  };

  const actions = useMemo<TRowActionHandlers>(
    () => ({
      run: (action: TRowAction, order: TOrderRow) => {
        if (action === 'edit') return setDialog({ mode: 'edit', id: order.id });
        if (action === 'restore') {
          void announceResult(t, () => restoreOrder(order.id));
          return;
        }
        if (action === 'assign_agent') {
          return setDialogState({ kind: 'assign_agent', orderIds: [order.id], currentAgentId: order.agent_id });
        }
        if (LATER_ACTIONS.has(action)) return shipping.run(action as TShippingAction, [order.id]);
        setDialogState({ kind: action as 'status', order });
      },
    }),
    [t, setDialog, restoreOrder, shipping],
  );

  const onBulkAction = (action: TBulkAction) => {
    if (LATER_BULK_ACTIONS.has(action)) {
      // SPEC 5: dispatch, validation and parcel tickets need at least one order.
      if (selectedIds.length === 0) return void toast(t('orders.messages.select_to_dispatch'), { variant: 'warning' });
      return shipping.run(action as TShippingAction, selectedIds);
    }
    if (action === 'assign_agent')
      return setDialogState({ kind: 'assign_agent', orderIds: selectedIds, currentAgentId: null });
    const presetType = action === 'mark_confirmed' ? 'confirmed' : action === 'mark_pending' ? 'pending' : undefined;
    setDialogState({ kind: 'bulk_status', orderIds: selectedIds, presetType });
  };

  const onToolbarAction = (action: TToolbarAction) => {
    if (action === 'barcode') return shipping.run('barcode', [], state.tab === 'inDispatch' ? 'validate' : 'select');
    if (selectedIds.length === 0) {
      // SPEC 5: PDF and XLSX need a selection.
      const key = action === 'pdf' ? 'orders.messages.select_for_pdf' : 'orders.messages.select_for_export';
      return void toast(t(key), { variant: 'warning' });
    }
    if (action === 'pdf') return void orderExports.openPdf(selectedIds);
    void orderExports.exportXlsx(selectedIds, state.tab);
  };

  const changeTab = (tab: TOrderTab) => update({ tab });
  const filtered = activeFilterCount(state) > 0;
  const data = orders.data;

  const headerActions = (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <HeaderButtons
        buttons={[
          ...callCentre.buttons,
          {
            label: t('orders.toolbar.import'),
            icon: <UploadFileOutlinedIcon />,
            onClick: () => setImportOpen(true),
            testId: 'import-orders',
          },
          {
            label: t('orders.toolbar.add'),
            icon: <AddIcon />,
            onClick: () => setDialog({ mode: 'create' }),
            testId: 'add-order',
            variant: 'contained',
            hint: t('orders.toolbar.add_shortcut'),
          },
        ]}
      />
    </Box>
  );

  return (
    <PageFrame title={t('nav.orders')} actions={headerActions}>
      <Paper sx={{ overflow: 'hidden', minWidth: 0 }}>
        <RealtimeStatusNotice />
        <OrdersTabs tab={state.tab} counts={data?.counts} onChange={changeTab} />
        <OrdersToolbar
          tab={state.tab}
          search={state.search ?? ''}
          filters={filterValuesOf(state)}
          activeFilters={activeFilterCount(state)}
          onSearch={(search) => update({ search })}
          onFilters={(changes) => update(changes)}
          onClearFilters={clearFilters}
          columns={columns}
          onColumns={(next) => {
            setColumns(next);
            saveVisibleColumns(next);
          }}
          selectedCount={selectedIds.length}
          onBulkAction={onBulkAction}
          onAction={onToolbarAction}
        />
        <ListRefreshing active={orders.isFetching && !orders.isLoading} />
        {orders.isLoading ? (
          <ListLoading rows={8} />
        ) : orders.isError && !data ? (
          <OrdersLoadError error={orders.error} onRetry={() => void orders.refetch()} />
        ) : !data?.data.length ? (
          filtered ? (
            <ListEmpty
              icon={<SearchOffOutlinedIcon fontSize="large" />}
              title={t('orders.empty.filtered_title')}
              message={t('orders.empty.filtered_message')}
              action={<Button onClick={clearFilters}>{t('orders.filters.clear')}</Button>}
            />
          ) : (
            <ListEmpty
              icon={<InboxOutlinedIcon fontSize="large" />}
              title={t('orders.empty.title')}
              message={t(`orders.empty.tabs.${state.tab}`)}
            />
          )
        ) : (
          <OrdersTable
            orders={data.data}
            tab={state.tab}
            visibleColumns={columns}
            selection={selectedRows}
            onSelectionChange={(next) => setSelection({ key: listKey, rows: next })}
            actions={actions}
          />
        )}
        {data && data.total > 0 && (
          <OrdersPagination
            total={data.total}
            page={state.page}
            perPage={state.per_page}
            onPage={(page) => {
              remember('page');
              update({ page });
            }}
            onPerPage={(perPage) => {
              remember('per_page');
              update({ per_page: perPage, page: 1 });
            }}
          />
        )}
      </Paper>
      {orderDialog && (
        <OrderDialog orderId={orderDialog.mode === 'edit' ? orderDialog.id : null} onClose={() => setDialog(null)} />
      )}
      <OrdersDialogs
        dialog={dialog}
        tab={state.tab}
        statuses={statuses.data?.data ?? []}
        onClose={() => setDialogState(null)}
        onBulkDone={clearSelection}
      />
      {shipping.dialogs}
      {callCentre.dialogs}
      <OrdersImportFlow open={importOpen} onClose={() => setImportOpen(false)} />
    </PageFrame>
  );
}

/** SPEC 8: 'Failed to load page', with a way to try again (and why, when the server is busy). */
function OrdersLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const busy = busyMessage(t, error);
  return (
    <Box sx={{ p: 2 }}>
      <Alert
        severity="error"
        data-testid="orders-load-error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('lists.retry')}
          </Button>
        }
      >
        {t('errors.page_load_failed')}
        {busy && <div data-testid="orders-load-busy">{busy}</div>}
      </Alert>
    </Box>
  );
}
