import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { AD_SOURCES, type TAdSource, type TCashBox } from '@cod/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialogActions } from '../../components/dialogs/form-dialog-actions';
import { ResponsiveDialog } from '../../components/dialogs/responsive-dialog';
import { failureMessages } from '../../lib/server-message';
import { toast } from '../../lib/toast';
import { boxOptions, full, moneyGrid, SheetFileChooser } from '../cash-boxes/money-form';
import { ProductFilter } from '../orders/filters/product-filter';
import { useImportAdSpend } from './entries-api';

/**
 * Import ad spend (issue 13.2, decision 0105): an ads manager's CSV/XLSX export (date, campaign_id,
 * amount), the source, box and optional product chosen here. All rows or none: the rows in error
 * are listed by line.
 */
export function AdSpendDialog({ boxes, onClose }: { boxes: TCashBox[]; onClose: () => void }) {
  const { t } = useTranslation();
  const upload = useImportAdSpend();
  const live = boxes.filter((b) => !b.archived_at);
  const [source, setSource] = useState<TAdSource>('facebook');
  const [boxId, setBoxId] = useState(String(live[0]?.id ?? ''));
  const [productId, setProductId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<string[]>([]);

  const submit = async () => {
    if (!file) return setErrors([t('money.ad_spend_file_required')]);
    setErrors([]);
    try {
      const result = await upload.mutateAsync({
        sales_source: source,
        box_id: Number(boxId),
        product_id: productId ? Number(productId) : undefined,
        file,
      });
      void toast(t('money.ad_spend_imported', { count: result.imported }), { variant: 'success' });
      onClose();
    } catch (failure) {
      setErrors(failureMessages(t, failure));
    }
  };

  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      busy={upload.isPending}
      maxWidth="sm"
      testId="ad-spend-dialog"
      title={t('money.import_ad_spend')}
      actions={
        <FormDialogActions
          onCancel={onClose}
          busy={upload.isPending}
          onSubmit={() => void submit()}
          submitLabel={t('money.import')}
          submitTestId="ad-spend-submit"
        />
      }
    >
      <Box sx={moneyGrid}>
        {errors.length > 0 && (
          <Alert severity="error" sx={full} data-testid="ad-spend-errors">
            {errors.length > 1 && t('money.ad_spend_nothing_recorded')}
            <Box
              component="ul"
              sx={{ m: 0, ps: errors.length > 1 ? 2 : 0, listStyle: errors.length > 1 ? 'disc' : 'none' }}
            >
              {errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </Box>
          </Alert>
        )}
        <TextField
          select
          label={t('money.sales_source')}
          value={source}
          onChange={(e) => setSource(e.target.value as TAdSource)}
          slotProps={{ htmlInput: { 'data-testid': 'ad-spend-source' } }}
        >
          {AD_SOURCES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`money.sources.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={t('money.paid_from')} value={boxId} onChange={(e) => setBoxId(e.target.value)}>
          {boxOptions(boxes)}
        </TextField>
        <ProductFilter
          value={productId}
          onChange={setProductId}
          label={t('money.product')}
          placeholder={t('money.none')}
          testId="ad-spend-product"
          sx={full}
        />
        <SheetFileChooser
          label={t('money.choose_export')}
          help={t('money.ad_spend_help')}
          file={file}
          testId="ad-spend-file"
          onChange={setFile}
        />
      </Box>
    </ResponsiveDialog>
  );
}
