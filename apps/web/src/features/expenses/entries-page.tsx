import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import AddIcon from '@mui/icons-material/Add';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { AD_SOURCES, ZEntryListQuery, type TEntryDirection, type TEntryPage, type TMoneyEntry } from '@cod/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../app/pages/page-frame';
import { ActionBar, ExportButton } from '../../components/money-kit/action-bar';
import { toastOutcome, useBusyTask } from '../../components/money-kit/use-busy-task';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { idParam, useListState } from '../../components/lists/use-list-state';
import { useAppAbility } from '../../lib/ability';
import { queryString } from '../../lib/api-client';
import { errorMessage } from '../../lib/server-errors';
import { toast } from '../../lib/toast';
import { useCasesQuery } from '../cash-boxes/cash-boxes-api';
import {
  AmountCell,
  boxSelect,
  DayCell,
  MoneyPagedList,
  MoneyTable,
  NoteCell,
  RowActions,
} from '../cash-boxes/money-list';
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
  const download = (entry: TMoneyEntry) =>
    downloadReceipt(direction, entry).catch((error: unknown) => toast(errorMessage(t, error), { variant: 'error' }));
  const columns = [
    t('money.date'),
    t('money.category'),
    t('money.box'),
    ...(isExpense ? [t('money.sales_source'), t('money.campaign_id')] : []),
    t('money.note'),
    t('money.receipt'),
  ];
  return (
    <MoneyTable
      label={t(isExpense ? 'nav.expenses' : 'nav.income')}
      minWidth={isExpense ? 860 : 640}
      columns={columns}
      canManage={canManage}
      totals={{
        testId: 'entries-totals',
        label: t('money.total_of', { count: page.total }),
        amount: page.totals.amount_centimes,
      }}
    >
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
          <RowActions
            atEnd={false}
            actions={[
              entry.attachment_name && {
                label: t('money.receipt_download', { name: entry.attachment_name }),
                icon: <AttachFileIcon fontSize="small" />,
                onClick: () => void download(entry),
              },
            ]}
          />
          <AmountCell amount={entry.amount_centimes} />
          {canManage && (
            <RowActions
              actions={
                !entry.closed && !entry.remittance_id
                  ? [
                      {
                        label: t('money.edit'),
                        icon: <EditOutlinedIcon fontSize="small" />,
                        onClick: () => onEdit(entry),
                      },
                      {
                        label: t('money.delete'),
                        icon: <DeleteOutlineIcon fontSize="small" />,
                        onClick: () => onDelete(entry),
                      },
                    ]
                  : []
              }
            />
          )}
        </TableRow>
      ))}
    </MoneyTable>
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
  const dialog = params.get('dialog');
  const id = idParam(params);
  const boxes = cases.data?.boxes ?? [];

  const editing = dialog === 'edit' && id !== null ? (entries.data?.data.find((e) => e.id === id) ?? null) : null;

  const exportXlsx = useBusyTask(() => {
    const { page: _page, per_page: _perPage, ...filters } = query;
    return downloadFile(`${entriesPath(direction)}/export${queryString({ ...filters })}`, {
      fallbackName: isExpense ? 'expenses.xlsx' : 'incomes.xlsx',
    });
  });

  const confirmDelete = async () => {
    if (!deleting) return;
    await toastOutcome(t, () => remove.mutateAsync(deleting.id), t('money.entry_deleted'));
    setDeleting(null);
  };

  const actions = (
    <ActionBar>
      <ExportButton label={t('money.export_xlsx')} busy={exportXlsx.busy} onClick={exportXlsx.run} />
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
    </ActionBar>
  );

  return (
    <PageFrame
      title={t(isExpense ? 'nav.expenses' : 'nav.income')}
      crumbs={[t('nav.accounting')]}
      subtitle={t(isExpense ? 'money.expenses_subtitle' : 'money.incomes_subtitle')}
      actions={actions}
    >
      <MoneyPagedList
        list={entries}
        state={{ query, update }}
        filterKeys={['search', 'from', 'to', 'category_id', 'box_id', 'sales_source', 'campaign_id']}
        search={{ label: t('money.search'), placeholder: t('money.search_hint') }}
        selects={[
          {
            key: 'category_id',
            label: t('money.category'),
            options: (categories.data ?? []).map((c) => ({ value: String(c.id), label: categoryLabel(t, c) })),
          },
          boxSelect(t, boxes),
          ...(isExpense
            ? [
                {
                  key: 'sales_source',
                  label: t('money.sales_source'),
                  options: AD_SOURCES.map((s) => ({ value: s, label: t(`money.sources.${s}`) })),
                },
              ]
            : []),
        ]}
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
      </MoneyPagedList>
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
