import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { TOrderRow } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { useCallCard } from './call-centre-api';
import { OutcomePanel } from './outcome-panel';

/** Issue 15.1: call outcomes in the status dialog (recording one closes the dialog). */
export function StatusDialogOutcomes({ order, onDone }: { order: TOrderRow; onDone: () => void }) {
  const { t } = useTranslation();
  const card = useCallCard(order.id);
  if (!card.data) return null;
  return (
    <Box sx={{ mt: 2 }} data-testid="status-dialog-outcomes">
      <Divider sx={{ mb: 2 }} />
      <Typography variant="subtitle2" gutterBottom>
        {t('callcentre.dialog.outcome_title')}
      </Typography>
      <OutcomePanel orderId={order.id} callbackSuggestion={card.data.callback_suggestion} onRecorded={onDone} />
    </Box>
  );
}
