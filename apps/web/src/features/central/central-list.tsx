import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import AddIcon from '@mui/icons-material/Add';
import { SUBSCRIPTION_STATUSES } from '@cod/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SelectField } from '../../components/forms/select-field';
import { CentralPageFrame, LoadState, StatusChip } from './central-ui';

/**
 * Every central list screen's frame: the title under "Central administration", its action, its
 * filters, and the list's loading, error (with retry) and empty states around the rows. With
 * `head`, the rows sit in the central table (labelled by the title).
 */
export function CentralListPage<TRow>({
  title,
  actions,
  filters,
  query,
  emptyTitle,
  emptyMessage,
  dialogs,
  head,
  children,
}: {
  title: string;
  actions?: ReactNode;
  filters?: ReactNode;
  query: { isPending: boolean; error: unknown; refetch: () => unknown; data?: { data: TRow[] } };
  emptyTitle: string;
  emptyMessage?: string;
  /** Dialogs the screen opens (shown whatever the list's state: "New" works on an empty list). */
  dialogs?: ReactNode;
  head?: THeadCell[];
  children: (rows: TRow[]) => ReactNode;
}) {
  const rows = query.data?.data ?? [];
  return (
    <CentralPageFrame title={title} actions={actions}>
      {filters}
      <LoadState
        loading={query.isPending}
        error={query.error}
        empty={rows.length === 0}
        onRetry={() => void query.refetch()}
        emptyTitle={emptyTitle}
        emptyMessage={emptyMessage}
      >
        {head ? (
          <CentralTable label={title} head={head}>
            {children(rows)}
          </CentralTable>
        ) : (
          children(rows)
        )}
      </LoadState>
      {dialogs}
    </CentralPageFrame>
  );
}

/** A head cell: its label, right-aligned for numbers; '' for the actions' column. */
export type THeadCell = string | { label: string; align: 'right' };

/** The central lists' table: outlined, dense, labelled, its head from `head`. */
export function CentralTable({ label, head, children }: { label: string; head: THeadCell[]; children: ReactNode }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {head.map((cell, i) =>
              typeof cell === 'string' ? (
                <TableCell key={i}>{cell}</TableCell>
              ) : (
                <TableCell key={i} align={cell.align}>
                  {cell.label}
                </TableCell>
              ),
            )}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}

/** The subscription status filter of the tenants and subscriptions lists ('' is any status). */
export function StatusFilter({ value, onChange }: { value: string; onChange: (status: string) => void }) {
  const { t } = useTranslation();
  return (
    <SelectField
      size="small"
      label={t('central.tenants.status')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 180, maxWidth: 240 }}
      options={SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: t(`central.status.${s}`) }))}
    >
      <MenuItem value="">{t('central.tenants.any_status')}</MenuItem>
    </SelectField>
  );
}

/** The last cell of a plan's or a tutorial's row: edit, and archive or restore when it may be. */
export function EditArchiveCell({
  onEdit,
  onArchive,
  archiveLabel,
}: {
  onEdit: () => void;
  onArchive?: () => void;
  archiveLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
      <Button size="small" onClick={onEdit}>
        {t('common.edit')}
      </Button>
      {onArchive && (
        <Button size="small" color="inherit" onClick={onArchive}>
          {archiveLabel}
        </Button>
      )}
    </TableCell>
  );
}

/** A list's "create" button at the top of its page: a link to the creation screen. */
export function CreateLink({ to, label }: { to: string; label: string }) {
  return (
    <Button component={RouterLink} to={to} variant="contained" startIcon={<AddIcon />}>
      {label}
    </Button>
  );
}

/** The head of the columns every list of tenants starts with (TenantCells): shop, plan, status. */
export const tenantHead = (t: TFunction): THeadCell[] => [
  t('central.tenants.shop'),
  t('central.tenants.plan'),
  t('central.tenants.status'),
];

/** A tenant's first cells in a list: its name (a link, with `under` it), its plan and its status. */
export function TenantCells({
  id,
  name,
  plan,
  status,
  under,
}: {
  id: number;
  name: string | null | undefined;
  plan: ReactNode;
  status: string | null;
  under?: ReactNode;
}) {
  return (
    <>
      <TableCell>
        <TenantLink id={id} name={name} />
        {under}
      </TableCell>
      <TableCell>{plan}</TableCell>
      <TableCell>
        <StatusChip status={status} />
      </TableCell>
    </>
  );
}

/** A tenant's name, linking to its detail screen. */
export function TenantLink({ id, name }: { id: number; name: string | null | undefined }) {
  return (
    <Link component={RouterLink} to={`/central/tenants/show?id=${id}`}>
      {name}
    </Link>
  );
}
