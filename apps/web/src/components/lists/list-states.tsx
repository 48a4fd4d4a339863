import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/server-errors';
import { RetryAlert } from '../cards/retry-alert';

/** Shown while a list's first page loads. */
export function ListLoading({ rows = 5 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <Box role="progressbar" aria-busy="true" aria-label={t('common.loading')} sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={40} />
      ))}
    </Box>
  );
}

/** A thin bar while a later page or a new filter loads (the previous rows stay visible). */
export function ListRefreshing({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return <Box sx={{ height: 4 }}>{active && <LinearProgress aria-label={t('common.loading')} />}</Box>;
}

/** A list that could not be loaded, with a way to try again (`inset`: padded inside the list's card). */
export function ListError({ error, onRetry, inset = true }: { error: unknown; onRetry: () => void; inset?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: inset ? 2 : 0 }}>
      <RetryAlert retryLabel={t('lists.retry')} onRetry={onRetry}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('lists.load_failed')}
        </Typography>
        {errorMessage(t, error)}
      </RetryAlert>
    </Box>
  );
}

interface TListEmptyProps {
  icon: ReactNode;
  title: string;
  message: string;
  action?: ReactNode;
}

/** Nothing to show: either nothing exists yet (with the create action) or the filters match nothing. */
export function ListEmpty({ icon, title, message, action }: TListEmptyProps) {
  return (
    <Box sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }}>
      <Box
        aria-hidden
        sx={{
          display: 'inline-grid',
          placeItems: 'center',
          width: 64,
          height: 64,
          borderRadius: '50%',
          bgcolor: 'action.selected',
          color: 'primary.main',
          mb: 2,
        }}
      >
        {icon}
      </Box>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480, marginInline: 'auto' }}>
        {message}
      </Typography>
      {action && <Box sx={{ mt: 3 }}>{action}</Box>}
    </Box>
  );
}
