import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import type { TCashBox, TCentimes } from '@cod/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../components/lists/filter-select';
import { RowActionButton } from '../../components/lists/row-action-button';
import { MoneyText } from './money-text';

/**
 * The pieces the money lists share (the movements of the boxes, expenses, income): filters, the
 * day and note cells, the row actions and the totals row (the paged body is PagedList).
 */

/** An amount column: figures aligned at the end, never wrapped. */
export const figure = { fontVariantNumeric: 'tabular-nums', textAlign: 'end', whiteSpace: 'nowrap' } as const;

/** A filter of a money list whose first choice is "Any" (''): the list answers null for it. */
export function AnyFilter({
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

/** The box filter of a money list. */
export function BoxFilter({
  boxes,
  value,
  onChange,
}: {
  boxes: TCashBox[];
  value: number | null | undefined;
  onChange: (changes: { box_id: string | null }) => void;
}) {
  const { t } = useTranslation();
  return (
    <AnyFilter
      label={t('money.box')}
      value={value}
      onChange={(box_id) => onChange({ box_id })}
      options={boxes.map((b) => ({ value: String(b.id), label: b.name }))}
    />
  );
}

/** The from and to days of a money list. */
export function DayRangeFilter({
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

/** A small icon button of a row, named by its label. */
export function MoneyRowAction({ label, icon, onClick }: { label: string; icon: ReactNode; onClick: () => void }) {
  return <RowActionButton size="small" title={label} label={label} icon={icon} onClick={onClick} />;
}

/** The footer row: what the list adds up to, under the amount column. */
export function TotalsRow({
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
