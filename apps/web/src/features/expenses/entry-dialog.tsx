import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  AD_SOURCES,
  ZExpenseInput,
  ZIncomeInput,
  type TCashBox,
  type TEntryDirection,
  type TEntryInput,
  type TMoneyCategory,
  type TMoneyEntry,
} from '@cod/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogForm } from '../../components/dialogs/use-dialog-form';
import { mappedResolver } from '../../lib/mapped-resolver';
import { errorMessage } from '../../lib/server-errors';
import { toast } from '../../lib/toast';
import { amountText, centimesOf } from '../cash-boxes/amount-field';
import {
  AmountFormField,
  BoxSelect,
  DateField,
  FormSelect,
  full,
  idOf,
  MoneyFormDialog,
  todayIso,
} from '../cash-boxes/money-form';
import { useAddCategory, useEntryReceipt, useSaveEntry } from './entries-api';
import { ReceiptField } from './receipt-field';
import { ProductFilter } from '../orders/filters/product-filter';

export function categoryLabel(t: (key: string) => string, category: Pick<TMoneyCategory, 'code' | 'name'>) {
  return category.code ? t(`money.categories.${category.code}`) : (category.name ?? '');
}

type TEntryForm = {
  occurred_on: string;
  amount_centimes: string;
  category_id: string;
  box_id: string;
  note: string;
  sales_source: string;
  campaign_id: string;
  product_id: string;
};

const FIELDS = [
  'occurred_on',
  'amount_centimes',
  'category_id',
  'box_id',
  'note',
  'sales_source',
  'campaign_id',
  'product_id',
];

export function EntryDialog({
  direction,
  entry,
  boxes,
  categories,
  onClose,
}: {
  direction: TEntryDirection;
  entry: TMoneyEntry | null;
  boxes: TCashBox[];
  categories: TMoneyCategory[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveEntry(direction);
  const saveReceipt = useEntryReceipt(direction);
  // undefined: keep the attached receipt; a File: attach it; null: remove it.
  const [receipt, setReceipt] = useState<File | null | undefined>(undefined);
  const addCategory = useAddCategory(direction);
  const [newCategory, setNewCategory] = useState<string | null>(null);
  const isExpense = direction === 'expense';
  const live = boxes.filter((b) => !b.archived_at);
  const { form, serverError, fieldError, field, dialogProps } = useDialogForm<TEntryForm, TEntryInput>({
    resolver: mappedResolver(isExpense ? ZExpenseInput : ZIncomeInput, (v: TEntryForm) => ({
      occurred_on: v.occurred_on,
      amount_centimes: centimesOf(v.amount_centimes),
      category_id: idOf(v.category_id),
      box_id: idOf(v.box_id),
      note: v.note,
      ...(isExpense
        ? {
            sales_source: v.sales_source || null,
            campaign_id: v.campaign_id,
            product_id: v.product_id ? Number(v.product_id) : null,
          }
        : {}),
    })),
    defaultValues: {
      occurred_on: entry?.occurred_on ?? todayIso(),
      amount_centimes: amountText(entry?.amount_centimes),
      category_id: String(entry?.category_id ?? categories[0]?.id ?? ''),
      box_id: String(entry?.box_id ?? live[0]?.id ?? ''),
      note: entry?.note ?? '',
      sales_source: entry?.sales_source ?? '',
      campaign_id: entry?.campaign_id ?? '',
      product_id: entry?.product_id ? String(entry.product_id) : '',
    },
    fields: FIELDS,
    onClose,
    submit: async (input) => {
      const saved = await save.mutateAsync({ id: entry?.id ?? null, input });
      if (receipt !== undefined) {
        try {
          await saveReceipt.mutateAsync({ id: saved.id, file: receipt });
        } catch (error) {
          // The entry is saved: say so, with why the receipt was not attached.
          void toast(t('money.receipt_refused', { message: errorMessage(t, error) }), { variant: 'warning' });
          onClose();
          return;
        }
      }
      return t(isExpense ? 'money.expense_saved' : 'money.income_saved');
    },
  });
  const categoryId = form.watch('category_id');
  const isAds = categories.find((c) => String(c.id) === categoryId)?.code === 'ads';

  const createCategory = async () => {
    if (!newCategory?.trim()) return;
    try {
      const created = await addCategory.mutateAsync(newCategory.trim());
      form.setValue('category_id', String(created.id));
      setNewCategory(null);
    } catch (error) {
      void toast(errorMessage(t, error), { variant: 'error' });
    }
  };

  return (
    <MoneyFormDialog
      dialogProps={dialogProps}
      testId="entry-dialog"
      title={t(
        isExpense
          ? entry
            ? 'money.edit_expense'
            : 'money.new_expense'
          : entry
            ? 'money.edit_income'
            : 'money.new_income',
      )}
      submitLabel={t('common.save')}
      serverError={serverError}
    >
      <AmountFormField form={form} name="amount_centimes" error={fieldError('amount_centimes')} required autoFocus />
      <DateField form={form} name="occurred_on" error={fieldError('occurred_on')} required />
      {newCategory === null ? (
        <TextField
          select
          label={t('money.category')}
          value={categoryId}
          onChange={(e) =>
            e.target.value === '__new' ? setNewCategory('') : form.setValue('category_id', e.target.value)
          }
          error={Boolean(fieldError('category_id'))}
          helperText={fieldError('category_id')}
          slotProps={{ htmlInput: { 'data-testid': 'entry-category' } }}
        >
          {categories.map((c) => (
            <MenuItem key={c.id} value={String(c.id)}>
              {categoryLabel(t, c)}
            </MenuItem>
          ))}
          <MenuItem value="__new" sx={{ fontStyle: 'italic' }}>
            {t('money.add_category')}
          </MenuItem>
        </TextField>
      ) : (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            label={t('money.new_category')}
            value={newCategory}
            onChange={(e) => setNewCategory(e.target.value)}
            sx={{ flex: 1 }}
          />
          <Button onClick={() => void createCategory()} disabled={addCategory.isPending} sx={{ mt: 1 }}>
            {t('money.add')}
          </Button>
        </Box>
      )}
      <BoxSelect
        form={form}
        boxes={boxes}
        name="box_id"
        label={t(isExpense ? 'money.paid_from' : 'money.paid_into')}
        error={fieldError('box_id')}
      />
      {isExpense && isAds && (
        <>
          <FormSelect
            form={form}
            name="sales_source"
            label={t('money.sales_source')}
            error={fieldError('sales_source')}
            testId="entry-source"
            options={AD_SOURCES.map((source) => ({ value: source, label: t(`money.sources.${source}`) }))}
          >
            <MenuItem value="">{t('money.none')}</MenuItem>
          </FormSelect>
          <TextField
            {...field('campaign_id')}
            label={t('money.campaign_id')}
            slotProps={{ htmlInput: { dir: 'ltr' } }}
          />
          <ProductFilter
            value={form.watch('product_id')}
            onChange={(productId) => form.setValue('product_id', productId)}
            label={t('money.product')}
            placeholder={t('money.none')}
            testId="entry-product"
            selectedName={entry?.product_name}
            sx={full}
          />
        </>
      )}
      <TextField {...field('note')} label={t('money.note')} multiline minRows={2} sx={full} />
      <ReceiptField current={entry?.attachment_name ?? null} value={receipt} onChange={setReceipt} />
    </MoneyFormDialog>
  );
}
