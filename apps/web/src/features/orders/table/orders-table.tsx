import { useMemo, type MouseEvent } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { alpha } from '@mui/material/styles';
import { useTable, type RowSelectionState, type Updater } from '@tanstack/react-table';
import type { TOrderRow, TOrderTab } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { columnVisibility, type TOrderColumn } from '../column-settings';
import { orderColumns, ordersTableFeatures } from './orders-columns';
import type { TRowActionHandlers } from './row-actions';

interface TOrdersTableProps {
  orders: TOrderRow[];
  tab: TOrderTab;
  visibleColumns: readonly TOrderColumn[];
  selection: RowSelectionState;
  onSelectionChange: (next: RowSelectionState) => void;
  actions: TRowActionHandlers;
}

/**
 * Issue 12 item 4: a laptop (1280-1440 px) shows the status and the row's actions without sideways
 * scrolling. Cells are tighter than MUI's 16 px, and the actions column stays in view at the
 * inline end (right, or left in Arabic) over whatever scrolls under it on narrower screens.
 */
const TABLE_SX = {
  '& .MuiTableCell-root': { px: 0.75 },
  '& .MuiTableCell-paddingCheckbox': { px: 0.5 },
  '& [data-column="actions"]': {
    position: 'sticky',
    insetInlineEnd: 0,
    zIndex: 2,
    bgcolor: 'background.paper',
    // The divider on the side the rows scroll under (the RTL style plugin mirrors it in Arabic).
    boxShadow: (theme: { palette: { divider: string } }) => `inset 1px 0 0 ${theme.palette.divider}`,
  },
  '& thead [data-column="actions"]': { zIndex: 3 },
} as const;

// A click on these inside a row is theirs, not a row selection.
const INTERACTIVE = 'button, a, input, label, [role="menuitem"], [data-row-actions]';

/** SPEC 2.4 table: no footer; a row is selected by its checkbox or by a click anywhere on it. */
export function OrdersTable({ orders, tab, visibleColumns, selection, onSelectionChange, actions }: TOrdersTableProps) {
  const { t } = useTranslation();
  const columns = useMemo(() => orderColumns({ t, tab, actions }), [t, tab, actions]);
  const visibility = useMemo(() => ({ select: true, ...columnVisibility(visibleColumns, tab) }), [visibleColumns, tab]);

  const table = useTable({
    features: ordersTableFeatures,
    columns,
    data: orders,
    getRowId: (order) => String(order.id),
    state: { rowSelection: selection, columnVisibility: visibility },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) =>
      onSelectionChange(typeof updater === 'function' ? updater(selection) : updater),
    enableRowRangeSelection: false,
  });

  const onRowClick = (event: MouseEvent<HTMLTableRowElement>, toggle: () => void) => {
    const target = event.target as HTMLElement;
    if (target.closest(INTERACTIVE)) return;
    // A text selection (copying a phone number) is not a click on the row.
    if (window.getSelection()?.toString()) return;
    toggle();
  };

  return (
    <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }} data-testid="orders-table">
      <Table size="small" stickyHeader aria-label={t('orders.table.label')} sx={TABLE_SX}>
        <TableHead>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id}>
              {group.headers.map((header) => (
                <TableCell
                  key={header.id}
                  data-column={header.column.id}
                  padding={header.column.id === 'select' ? 'checkbox' : 'normal'}
                  sx={{ fontWeight: 600, whiteSpace: 'nowrap', bgcolor: 'background.paper' }}
                >
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableHead>
        <TableBody>
          {table.getRowModel().rows.map((row) => (
            <TableRow
              key={row.id}
              hover
              selected={row.getIsSelected()}
              onClick={(event) => onRowClick(event, () => row.toggleSelected())}
              data-testid="order-row"
              data-order-id={row.original.id}
              data-order-number={row.original.order_number}
              sx={{
                cursor: 'pointer',
                // SPEC 3: blocked customers are flagged; the whole row says so at a glance.
                ...(row.original.is_blocked && {
                  bgcolor: (theme) => alpha(theme.palette.error.main, 0.04),
                  '& > td:first-of-type': { borderInlineStart: 3, borderInlineStartColor: 'error.main' },
                }),
              }}
            >
              {row.getVisibleCells().map((cell) => (
                <TableCell
                  key={cell.id}
                  data-column={cell.column.id}
                  padding={cell.column.id === 'select' ? 'checkbox' : 'normal'}
                  sx={{ verticalAlign: 'top', py: 1 }}
                >
                  <table.FlexRender cell={cell} />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
