import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TCallAttempt, TCallOutcome } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format-date';
import { useCallCard } from './call-centre-api';

export const OUTCOME_COLORS: Record<TCallOutcome, 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  no_answer: 'warning',
  busy: 'warning',
  phone_off: 'warning',
  wrong_number: 'error',
  callback: 'info',
  confirmed: 'success',
  cancelled: 'error',
  whatsapp: 'default',
};

/** Issue 15.1: the order's attempts, newest first (the call dialog and the status timeline). */
export function CallAttemptList({ attempts }: { attempts: readonly TCallAttempt[] }) {
  const { t, i18n } = useTranslation();
  if (!attempts.length) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="call-history-empty">
        {t('callcentre.history.empty')}
      </Typography>
    );
  }
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }} data-testid="call-history">
      {attempts.map((attempt) => (
        <Box
          component="li"
          key={attempt.id}
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, minWidth: 0 }}
        >
          <Chip
            size="small"
            color={OUTCOME_COLORS[attempt.outcome]}
            variant="outlined"
            label={t(`callcentre.outcomes.${attempt.outcome}`)}
          />
          <Typography variant="caption" color="text.secondary">
            {t('callcentre.history.by', {
              who: attempt.user?.name ?? t('callcentre.history.system'),
              date: formatDateTime(attempt.created_at, i18n.language),
            })}
          </Typography>
          {attempt.callback_at && (
            <Typography variant="caption">
              {t('callcentre.history.callback_at', { date: formatDateTime(attempt.callback_at, i18n.language) })}
            </Typography>
          )}
          {attempt.note && (
            <Typography variant="body2" sx={{ flexBasis: '100%', overflowWrap: 'anywhere' }}>
              <bdi>{attempt.note}</bdi>
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}

/** The same, loading the order's card itself (the status timeline dialog). */
export function CallHistorySection({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const card = useCallCard(orderId);
  return (
    <Box component="section" sx={{ mt: 3, display: 'grid', gap: 1 }}>
      <Typography variant="subtitle2" component="h3">
        {t('callcentre.history.title')}
      </Typography>
      {card.isPending ? (
        <Skeleton variant="rounded" height={40} />
      ) : card.data ? (
        <CallAttemptList attempts={card.data.attempts} />
      ) : null}
    </Box>
  );
}
