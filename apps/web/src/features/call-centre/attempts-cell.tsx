import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import PhoneCallbackIcon from '@mui/icons-material/PhoneCallback';
import type { TOrderRow } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format-date';

/** Issue 15.1: the list's attempts column: how many calls, the last outcome, a pending call-back. */
export function AttemptsCell({ order }: { order: TOrderRow }) {
  const { t, i18n } = useTranslation();
  const call = order.call;
  if (!call || call.attempts_count === 0) {
    return (
      <Typography variant="body2" color="text.disabled" data-testid="attempts-count">
        0
      </Typography>
    );
  }
  const last = call.last_outcome ? t(`callcentre.outcomes.${call.last_outcome}`) : '';
  return (
    <Tooltip
      title={
        call.last_attempt_at
          ? t('callcentre.list.last_attempt', {
              outcome: last,
              date: formatDateTime(call.last_attempt_at, i18n.language),
            })
          : last
      }
    >
      <Box sx={{ display: 'grid', whiteSpace: 'nowrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="attempts-count">
          {call.attempts_count}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          {call.callback_at && <PhoneCallbackIcon sx={{ fontSize: 14 }} />}
          {call.callback_at ? formatDateTime(call.callback_at, i18n.language) : last}
        </Typography>
      </Box>
    </Tooltip>
  );
}
