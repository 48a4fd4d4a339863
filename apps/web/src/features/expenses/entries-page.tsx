import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import AddIcon from '@mui/icons-material/Add';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { AD_SOURCES, ZEntryListQuery, type TEntryDirection, type TEntryPage, type TMoneyEntry } from '@cod/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../app/pages/page-frame';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { SearchField } from '../../components/lists/search-field';
import { PagedList } from '../../components/lists/paged-list';
import { ListToolbar } from '../../components/lists/list-toolbar';
import { idParam, useListState } from '../../components/lists/use-list-state';
import { useAppAbility } from '../../lib/ability';
import { queryString } from '../../lib/api-client';
import { errorMessage } from '../../lib/server-errors';
import { toast } from '../../lib/toast';
import { useCasesQuery } from '../cash-boxes/cash-boxes-api';
import {
  AnyFilter,
  BoxFilter,
  DayCell,
  DayRangeFilter,
  figure,
  MoneyRowAction,
  NoteCell,
  TotalsRow,
} from '../cash-boxes/money-list';
import { MoneyText } from '../cash-boxes/money-text';
import { downloadFile } from '../imports/imports-api';
import { downloadReceipt, entriesPath, useCategoriesQuery, useDeleteEntry, useEntriesQuery } from './entries-api';
import { AdSpendDialog } from './ad-spend-dialog';
import { EntryDialog, categoryLabel } from './entry-dialog';

function EntriesTable({
  direction,
  page,
  canManage,
  onEdit,
  onDelete,
}: {
  direction: TEntryDirection;
  page: TEntryPage;
  canManage: boolean;
  onEdit: (entry: TMoneyEntry) => void;
  onDelete: (entry: TMoneyEntry) => void;
}) {
  const { t } = useTranslation();
  const isExpense = direction === 'expense';
  const columns = isExpense ? 7 : 5;
  const download = (entry: TMoneyEntry) =>
    downloadReceipt(direction, entry).catch((error: unknown) => toast(errorMessage(t, error), { variant: 'error' }));
  return (
    <TableContainer>
      <Table
        size="small"
        sx={{ minWidth: isExpense ? 860 : 640 }}
        aria-label={t(isExpense ? 'nav.expenses' : 'nav.income')}
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('money.date')}</TableCell>
            <TableCell>{t('money.category')}</TableCell>
            <TableCell>{t('money.box')}</TableCell>
            {isExpense && <TableCell>{t('money.sales_source')}</TableCell>}
            {isExpense && <TableCell>{t('money.campaign_id')}</TableCell>}
            <TableCell>{t('money.note')}</TableCell>
            <TableCell>{t('money.receipt')}</TableCell>
            <TableCell sx={figure}>{t('money.amount')}</TableCell>
            {canManage && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {page.data.map((entry) => (
            <TableRow key={entry.id} hover data-testid="entry-row">
              <DayCell day={entry.occurred_on} closed={entry.closed} />
              <TableCell>
                <Chip
                  size="small"
                  variant="outlined"
                  label={categoryLabel(t, { code: entry.category_code, name: entry.category_name })}
                />
              </TableCell>
              <TableCell>{entry.box_name}</TableCell>
              {isExpense && <TableCell>{entry.sales_source ? t(`money.sources.${entry.sales_source}`) : ''}</TableCell>}
              {isExpense && (
                <TableCell dir="ltr" sx={{ fontFamily: 'monospace' }}>
                  {entry.campaign_id}
                </TableCell>
              )}
              <NoteCell note={entry.note} />
              <TableCell>
                {entry.attachment_name && (
                  <MoneyRowAction
                    label={t('money.receipt_download', { name: entry.attachment_name })}
                    icon={<AttachFileIcon fontSize="small" />}
                    onClick={() => void download(entry)}
                  />
                )}
              </TableCell>
              <TableCell sx={figure}>
                <MoneyText amount={entry.amount_centimes} />
              </TableCell>
              {canManage && (
                <TableCell sx={{ whiteSpace: 'nowrap', textAlign: 'end' }}>
                  {!entry.closed && !entry.remittance_id && (
                    <>
                      <MoneyRowAction
                        label={t('money.edit')}
                        icon={<EditOutlinedIcon fontSize="small" />}
                        onClick={() => onEdit(entry)}
                      />
                      <MoneyRowAction
                        label={t('money.delete')}
                        icon={<DeleteOutlineIcon fontSize="small" />}
                        onClick={() => onDelete(entry)}
                      />
                    </>
                  )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TotalsRow
            testId="entries-totals"
            columns={columns}
            label={t('money.total_of', { count: page.total })}
            amount={page.totals.amount_centimes}
            canManage={canManage}
          />
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

/** /dashboard/expenses and /dashboard/incomes (issue 13.2, 13.3): one list shape, two directions. */
export function EntriesPage({ direction }: { direction: TEntryDirection }) {
  const { t } = useTranslation();
  const isExpense = direction === 'expense';
  const canManage = useAppAbility().can('manage', isExpense ? 'expenses' : 'income');
  const { query, params, update, setDialog } = useListState(ZEntryListQuery);
  const entries = useEntriesQuery(direction, query);
  const categories = useCategoriesQuery(direction);
  const cases = useCasesQuery();
  const remove = useDeleteEntry(direction);
  const [deleting, setDeleting] = useState<TMoneyEntry | null>(null);
  const [exporting, setExporting] = useState(false);
  const dialog = params.get('dialog');
  const id = idParam(params);
  const boxes = cases.data?.boxes ?? [];
  const filtered = Boolean(
    query.search ||
    query.from ||
    query.to ||
    query.category_id ||
    query.box_id ||
    query.sales_source ||
    query.campaign_id,
  );
  const editing = dialog === 'edit' && id !== null ? (entries.data?.data.find((e) => e.id === id) ?? null) : null;

  const exportXlsx = async () => {
    setExporting(true);
    try {
      const { page: _page, per_page: _perPage, ...filters } = query;
      await downloadFile(`${entriesPath(direction)}/export${queryString({ ...filters })}`, {
        fallbackName: isExpense ? 'expenses.xlsx' : 'incomes.xlsx',
      });
    } catch (error) {
      void toast(errorMessage(t, error), { variant: 'error' });
    } finally {
      setExporting(false);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      void toast(t('money.entry_deleted'), { variant: 'success' });
    } catch (error) {
      void toast(errorMessage(t, error), { variant: 'error' });
    }
    setDeleting(null);
  };

  const actions = (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlinedIcon />}
        onClick={() => void exportXlsx()}
        disabled={exporting}
      >
        {t('money.export_xlsx')}
      </Button>
      {canManage && isExpense && (
        <Button
          variant="outlined"
          startIcon={<UploadFileOutlinedIcon />}
          onClick={() => setDialog({ dialog: 'ad-spend' })}
          disabled={!boxes.length}
          data-testid="import-ad-spend"
        >
          {t('money.import_ad_spend')}
        </Button>
      )}
      {canManage && (
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setDialog({ dialog: 'create' })}
          disabled={!boxes.length || !categories.data}
        >
          {t(isExpense ? 'money.new_expense' : 'money.new_income')}
        </Button>
      )}
    </Box>
  );

  const clearFilters = () =>
    update({
      search: null,
      from: null,
      to: null,
      category_id: null,
      box_id: null,
      sales_source: null,
      campaign_id: null,
    });

  return (
    <PageFrame
      title={t(isExpense ? 'nav.expenses' : 'nav.income')}
      crumbs={[t('nav.accounting')]}
      subtitle={t(isExpense ? 'money.expenses_subtitle' : 'money.incomes_subtitle')}
      actions={actions}
    >
      <PagedList
        query={entries}
        state={{ query, update }}
        filtered={filtered}
        toolbar={
          <ListToolbar onClear={filtered ? clearFilters : undefined}>
            <SearchField
              label={t('money.search')}
              placeholder={t('money.search_hint')}
              value={query.search ?? ''}
              onChange={(search) => update({ search })}
            />
            <AnyFilter
              label={t('money.category')}
              value={query.category_id}
              onChange={(category_id) => update({ category_id })}
              options={(categories.data ?? []).map((c) => ({ value: String(c.id), label: categoryLabel(t, c) }))}
            />
            <BoxFilter boxes={boxes} value={query.box_id} onChange={update} />
            {isExpense && (
              <AnyFilter
                label={t('money.sales_source')}
                value={query.sales_source}
                onChange={(sales_source) => update({ sales_source })}
                options={AD_SOURCES.map((s) => ({ value: s, label: t(`money.sources.${s}`) }))}
              />
            )}
            <DayRangeFilter from={query.from} to={query.to} onChange={update} />
          </ListToolbar>
        }
        empty={{
          icon: <ReceiptLongOutlinedIcon fontSize="large" />,
          title: t(isExpense ? 'money.no_expenses_title' : 'money.no_incomes_title'),
          message: t(boxes.length ? 'money.no_entries_message' : 'money.no_boxes_message'),
        }}
      >
        {(data) => (
          <EntriesTable
            direction={direction}
            page={data}
            canManage={canManage}
            onEdit={(entry) => setDialog({ dialog: 'edit', id: entry.id })}
            onDelete={setDeleting}
          />
        )}
      </PagedList>
      {canManage && categories.data && (dialog === 'create' || editing) && (
        <EntryDialog
          direction={direction}
          entry={editing}
          boxes={boxes}
          categories={categories.data}
          onClose={() => setDialog(null)}
        />
      )}
      {canManage && isExpense && dialog === 'ad-spend' && boxes.length > 0 && (
        <AdSpendDialog boxes={boxes} onClose={() => setDialog(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('money.delete_entry_title')}
        message={t('money.delete_entry_message')}
        confirmLabel={t('money.delete')}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
        busy={remove.isPending}
        danger
      />
    </PageFrame>
  );
}
