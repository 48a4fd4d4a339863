import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { ZPurchaseInput, formatDZD, type TProvider, type TPurchaseInput } from '@cod/shared';
import { FormProvider, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ltr } from '../../lib/bidi';
import { mappedResolver } from '../../lib/mapped-resolver';
import { FormDialogActions } from '../../components/dialogs/form-dialog-actions';
import { NoteField } from '../../components/catalogue-kit/note-field';
import { ResponsiveDialog } from '../../components/dialogs/responsive-dialog';
import { useDialogForm } from '../../components/dialogs/use-dialog-form';
import { ProviderPicker } from '../providers/provider-picker';
import { useRecordPurchase } from './stock-api';
import { PurchaseLineFields, type TPurchaseForm, type TPurchaseLineForm } from './purchase-line-fields';
import { translateServerMessage } from '../../lib/server-message';

const newLine = (): TPurchaseLineForm => ({ product: null, variant_id: null });

export function toPurchase(values: TPurchaseForm): Record<string, unknown> {
  return {
    provider_id: values.provider_id,
    note: values.note,
    lines: values.lines.map((line) => ({
      product_id: line.product?.id,
      variant_id: line.variant_id,
      quantity: line.quantity,
      unit_cost: line.unit_cost,
    })),
  };
}

const resolver = mappedResolver(ZPurchaseInput, toPurchase);
const FIELDS = [
  'provider_id',
  'note',
  'lines',
  'lines.*.product_id',
  'lines.*.variant_id',
  'lines.*.quantity',
  'lines.*.unit_cost',
];

/** Issues 3.3/3.4: one delivery from a provider, one or more lines, recorded in one go. */
export function PurchaseDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const purchase = useRecordPurchase();
  const [provider, setProvider] = useState<TProvider | null>(null);
  const { form, busy, serverError, fieldError, field, dialogProps } = useDialogForm<TPurchaseForm, TPurchaseInput>({
    resolver,
    defaultValues: { lines: [newLine()], note: '' },
    fields: FIELDS,
    onClose,
    submit: async (input) => {
      await purchase.mutateAsync(input);
      return t('stock.purchase_recorded', { provider: provider?.name ?? '' });
    },
  });
  const { control, setValue, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'lines', keyName: 'key' });
  const lines = useWatch({ control, name: 'lines' });
  const total = lines.reduce(
    (sum, line) =>
      sum + (Number.isFinite(line.quantity) && Number.isFinite(line.unit_cost) ? line.quantity! * line.unit_cost! : 0),
    0,
  );
  const linesError = translateServerMessage(
    t,
    formState.errors.lines?.message ?? formState.errors.lines?.root?.message,
  );

  return (
    <FormProvider {...form}>
      <ResponsiveDialog
        {...dialogProps}
        maxWidth="md"
        title={t('stock.purchase_title')}
        testId="purchase-dialog"
        actions={
          <>
            <Typography sx={{ marginInlineEnd: 'auto', fontWeight: 600 }} data-testid="purchase-total">
              {t('stock.purchase_total', { total: ltr(formatDZD(total)) })}
            </Typography>
            <FormDialogActions onCancel={onClose} busy={busy} submitLabel={t('stock.purchase_submit')} />
          </>
        }
      >
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          {serverError && (
            <Alert severity="error" role="alert">
              {serverError}
            </Alert>
          )}
          <ProviderPicker
            value={provider}
            error={fieldError('provider_id')}
            onChange={(next) => {
              setProvider(next);
              setValue('provider_id', next?.id, { shouldValidate: formState.isSubmitted });
            }}
          />
          {linesError && <Alert severity="error">{linesError}</Alert>}
          {fields.map((field, index) => (
            <PurchaseLineFields
              key={field.key}
              index={index}
              canRemove={fields.length > 1}
              onRemove={() => remove(index)}
            />
          ))}
          <Box>
            <Button variant="outlined" startIcon={<AddIcon />} onClick={() => append(newLine())}>
              {t('stock.add_line')}
            </Button>
          </Box>
          <NoteField {...field('note')} label={t('stock.note')} placeholder={t('stock.note_hint')} />
        </Box>
      </ResponsiveDialog>
    </FormProvider>
  );
}
