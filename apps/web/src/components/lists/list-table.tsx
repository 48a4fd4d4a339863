import type { ReactNode } from 'react';
import Table, { type TableProps } from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell, { type TableCellProps } from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

/** A column's heading: its text, or its text with the cell's alignment, style or padding. */
export type TListColumn =
  string | ({ label?: ReactNode } & Pick<TableCellProps, 'sx' | 'align' | 'padding'>) | false | null | undefined;

interface TListTableProps extends Omit<TableProps, 'children'> {
  /** The headings, in order; `false` leaves a column out (`canManage && {...}`). */
  columns: readonly TListColumn[];
  /** The rows. */
  children: ReactNode;
  /** Off when the table sits in a scrolling card of its own. */
  container?: boolean;
}

/** A small table with a row of headings: the frame every list and report table repeats. */
export function ListTable({ columns, children, container = true, ...table }: TListTableProps) {
  const body = (
    <Table size="small" {...table}>
      <TableHead>
        <TableRow>
          {columns.map((column, index) =>
            !column ? null : typeof column === 'string' ? (
              <TableCell key={index}>{column}</TableCell>
            ) : (
              <TableCell key={index} sx={column.sx} align={column.align} padding={column.padding}>
                {column.label}
              </TableCell>
            ),
          )}
        </TableRow>
      </TableHead>
      <TableBody>{children}</TableBody>
    </Table>
  );
  return container ? <TableContainer>{body}</TableContainer> : body;
}
