import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import type { TCashBox, TCentimes } from '@cod/shared';
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../components/lists/filter-select';
import type { TListEmptyProps } from '../../components/lists/list-body';
import { PagedList, type TPagedListProps } from '../../components/lists/paged-list';
import { ListToolbar } from '../../components/lists/list-toolbar';
import { SearchField } from '../../components/lists/search-field';
import { RowActionButton } from '../../components/lists/row-action-button';
import { MoneyText } from './money-text';

/**
 * The pieces the money lists share (the movements of the boxes, expenses, income): filters, the
 * day and note cells, the row actions and the totals row, in a PagedList.
 */

/** An amount column: figures aligned at the end, never wrapped. */
export const figure = { fontVariantNumeric: 'tabular-nums', textAlign: 'end', whiteSpace: 'nowrap' } as const;

/** A filter of a money list whose first choice is "Any" (''): the list answers null for it. */
function AnyFilter({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string | number | null | undefined;
  onChange: (value: string | null) => void;
  options: Array<{ value: string; label: string }>;
}) {
  const { t } = useTranslation();
  return (
    <FilterSelect
      label={label}
      value={value ? String(value) : ''}
      onChange={(next) => onChange(next || null)}
      options={[{ value: '', label: t('money.any') }, ...options]}
    />
  );
}

/** One "any" select of a money list's toolbar: the query key it filters, its label and its choices. */
export interface TMoneySelect {
  key: string;
  label: string;
  options: Array<{ value: string; label: string }>;
}

/** The box select of a money list's toolbar. */
export function boxSelect(t: TFunction, boxes: TCashBox[]): TMoneySelect {
  return { key: 'box_id', label: t('money.box'), options: boxes.map((b) => ({ value: String(b.id), label: b.name })) };
}

/**
 * Whether some of a list's filters are set, and how to clear them all ("clear" shows only then).
 * The keys may include filters with no field of their own (a campaign opened from the analytics).
 */
function filterState<TQuery extends object>(
  query: TQuery,
  keys: Array<keyof TQuery & string>,
  update: (changes: Record<string, null>) => void,
) {
  const filtered = keys.some((key) => Boolean(query[key]));
  const clear = () => update(Object.fromEntries(keys.map((key) => [key, null])));
  return { filtered, onClear: filtered ? clear : undefined };
}

/** What a money list's state in the URL holds besides its filters: the page, and the days and words. */
type TMoneyQuery = { page: number; per_page: number; search?: string | null; from?: string | null; to?: string | null };

/**
 * A money list in its card (PagedList) under its toolbar: the search box when it has one, the "any"
 * selects and the days, and "clear" while any of `filterKeys` is set; the screen draws the rows.
 */
export function MoneyPagedList<TPage extends { data: unknown[]; total: number }, TQuery extends TMoneyQuery>({
  list,
  state,
  filterKeys,
  search,
  selects,
  empty,
  children,
}: {
  list: TPagedListProps<TPage>['query'];
  /** The list's state in the URL (useListState). */
  state: { query: TQuery; update: (changes: Record<string, string | number | null | undefined>) => void };
  filterKeys: Array<keyof TQuery & string>;
  search?: { label: string; placeholder: string };
  selects: TMoneySelect[];
  empty: TListEmptyProps;
  children: (page: TPage) => ReactNode;
}) {
  const { query, update } = state;
  const { filtered, onClear } = filterState(query, filterKeys, update);
  return (
    <PagedList
      query={list}
      state={state}
      filtered={filtered}
      toolbar={<MoneyToolbar query={query} update={update} onClear={onClear} search={search} selects={selects} />}
      empty={empty}
    >
      {children}
    </PagedList>
  );
}

/** The toolbar of a money list: its search box when it has one, its "any" selects, then the days. */
function MoneyToolbar({
  query,
  update,
  onClear,
  search,
  selects,
}: {
  query: { search?: string | null; from?: string | null; to?: string | null };
  update: (changes: Record<string, string | null>) => void;
  onClear?: () => void;
  search?: { label: string; placeholder: string };
  selects: TMoneySelect[];
}) {
  const values = query as Record<string, string | number | null | undefined>;
  return (
    <ListToolbar onClear={onClear}>
      {search && (
        <SearchField
          label={search.label}
          placeholder={search.placeholder}
          value={query.search ?? ''}
          onChange={(value) => update({ search: value })}
        />
      )}
      {selects.map((select) => (
        <AnyFilter
          key={select.key}
          label={select.label}
          value={values[select.key]}
          onChange={(value) => update({ [select.key]: value })}
          options={select.options}
        />
      ))}
      <DayRangeFilter from={query.from} to={query.to} onChange={update} />
    </ListToolbar>
  );
}

/** The from and to days of a money list. */
function DayRangeFilter({
  from,
  to,
  onChange,
}: {
  from: string | null | undefined;
  to: string | null | undefined;
  onChange: (changes: { from?: string | null; to?: string | null }) => void;
}) {
  const { t } = useTranslation();
  const day = (key: 'from' | 'to', value: string | null | undefined) => (
    <TextField
      size="small"
      type="date"
      label={t(`money.${key}`)}
      value={value ?? ''}
      onChange={(e) => onChange({ [key]: e.target.value || null })}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  return (
    <>
      {day('from', from)}
      {day('to', to)}
    </>
  );
}

/** The day of a movement or an entry, with a padlock when its day is closed. */
export function DayCell({ day, closed }: { day: string; closed: boolean }) {
  const { t } = useTranslation();
  return (
    <TableCell sx={{ whiteSpace: 'nowrap' }} dir="ltr">
      {closed && (
        <LockOutlinedIcon
          fontSize="inherit"
          titleAccess={t('money.closed')}
          sx={{ verticalAlign: 'middle', marginInlineEnd: 0.5, color: 'text.secondary' }}
        />
      )}
      {day}
    </TableCell>
  );
}

export function NoteCell({ note }: { note: string | null }) {
  return <TableCell sx={{ maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis' }}>{note}</TableCell>;
}

/**
 * A money list's table: its text columns, the amount column at the end, a blank column for the row
 * actions when the user may manage, the rows, and the totals row under them.
 */
export function MoneyTable({
  label,
  minWidth,
  columns,
  canManage,
  totals,
  children,
}: {
  label: string;
  minWidth: number;
  /** The headings before the amount column. */
  columns: string[];
  canManage: boolean;
  /** The footer row under the rows: what the page adds up to. */
  totals: { testId: string; label: ReactNode; amount: TCentimes; signed?: boolean };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" sx={{ minWidth }} aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column}>{column}</TableCell>
            ))}
            <TableCell sx={figure}>{t('money.amount')}</TableCell>
            {canManage && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
        <TableFooter>
          <TotalsRow {...totals} columns={columns.length} canManage={canManage} />
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

/** An amount cell of a row, its figures aligned at the end. */
export function AmountCell({ amount, signed }: { amount: TCentimes; signed?: boolean }) {
  return (
    <TableCell sx={figure}>
      <MoneyText amount={amount} signed={signed} />
    </TableCell>
  );
}

/** One small icon button of a row, named by its label; false where the row does not offer it. */
export type TRowAction = { label: string; icon: ReactNode; onClick: () => void } | false | null | undefined | '';

/** A cell of a row's icon buttons (at the row's end unless `atEnd` is false), those it offers only. */
export function RowActions({ actions, atEnd = true }: { actions: TRowAction[]; atEnd?: boolean }) {
  return (
    <TableCell sx={{ whiteSpace: 'nowrap', textAlign: atEnd ? 'end' : undefined }}>
      {actions.map(
        (action) =>
          action && (
            <RowActionButton
              key={action.label}
              size="small"
              title={action.label}
              label={action.label}
              icon={action.icon}
              onClick={action.onClick}
            />
          ),
      )}
    </TableCell>
  );
}

/** The footer row: what the list adds up to, under the amount column. */
function TotalsRow({
  testId,
  columns,
  label,
  amount,
  signed,
  canManage,
}: {
  testId: string;
  columns: number;
  label: ReactNode;
  amount: TCentimes;
  signed?: boolean;
  canManage: boolean;
}) {
  return (
    <TableRow data-testid={testId}>
      <TableCell colSpan={columns}>
        <Typography variant="subtitle2">{label}</Typography>
      </TableCell>
      <TableCell sx={figure}>
        <MoneyText amount={amount} signed={signed} sx={{ fontWeight: 600 }} />
      </TableCell>
      {canManage && <TableCell />}
    </TableRow>
  );
}
