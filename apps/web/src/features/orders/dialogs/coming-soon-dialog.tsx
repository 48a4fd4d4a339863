import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ConstructionOutlinedIcon from '@mui/icons-material/ConstructionOutlined';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { ResponsiveDialog } from '../../../components/dialogs/responsive-dialog';

/**
 * The actions whose calls belong to later issues (import, barcode, PDF, XLSX, the shipping
 * company's assign/dispatch/validate/tickets/timeline/driver): the entry is where SPEC puts it and
 * says honestly that it is not there yet.
 */
export function ComingSoonDialog({ feature, onClose }: { feature: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      maxWidth="xs"
      title={feature}
      testId="coming-soon-dialog"
      actions={
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('common.close')}
        </Button>
      }
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <ConstructionOutlinedIcon color="warning" />
        <Typography>{t('orders.coming_soon.message', { feature })}</Typography>
      </Box>
    </ResponsiveDialog>
  );
}
