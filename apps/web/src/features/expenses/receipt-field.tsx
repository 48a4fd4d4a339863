import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useTranslation } from 'react-i18next';
import { full } from '../cash-boxes/money-form';

/** The receipts the server takes (docs/decisions/0105, the central payments' rules). */
const ACCEPT = '.jpg,.jpeg,.png,.webp,.pdf,image/jpeg,image/png,image/webp,application/pdf';

/**
 * An entry's receipt in its dialog: the current or chosen file's name, choose, remove. `value`:
 * undefined keeps what is attached, a File replaces it, null removes it.
 */
export function ReceiptField({
  current,
  value,
  onChange,
}: {
  current: string | null;
  value: File | null | undefined;
  onChange: (value: File | null | undefined) => void;
}) {
  const { t } = useTranslation();
  const shown = value === undefined ? current : (value?.name ?? null);
  return (
    <Box sx={{ ...full, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }} data-testid="entry-receipt">
      <AttachFileIcon fontSize="small" color="action" />
      <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {shown ?? t('money.receipt_none')}
      </Typography>
      <Button component="label" size="small" variant="outlined">
        {t(shown ? 'money.receipt_replace' : 'money.receipt_choose')}
        <input
          hidden
          type="file"
          accept={ACCEPT}
          data-testid="entry-receipt-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onChange(file);
            e.target.value = '';
          }}
        />
      </Button>
      {shown && (
        <Button size="small" color="inherit" onClick={() => onChange(current ? null : undefined)}>
          {t('money.receipt_remove')}
        </Button>
      )}
    </Box>
  );
}
