import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/server-errors';

interface TDetailStatesProps<TData> {
  query: { isError: boolean; error: unknown; data: TData | undefined };
  /** The heights of the placeholder blocks while the row loads: the shape of what comes. */
  skeletons: readonly number[];
  /** The row's sections, once it is here. */
  children: (data: TData) => ReactNode;
}

/** A row not here yet: why it failed, else placeholder blocks while it loads. */
export function PendingState({ query, skeletons }: Omit<TDetailStatesProps<unknown>, 'children'>) {
  const { t } = useTranslation();
  if (query.isError) return <Alert severity="error">{errorMessage(t, query.error)}</Alert>;
  return (
    <Box role="progressbar" aria-busy="true" aria-label={t('common.loading')} sx={{ display: 'grid', gap: 2 }}>
      {skeletons.map((height, index) => (
        <Skeleton key={index} variant="rounded" height={height} />
      ))}
    </Box>
  );
}

/** A details dialog's body: the failure, placeholders while loading, then the row's sections. */
export function DetailStates<TData>({ query, skeletons, children }: TDetailStatesProps<TData>) {
  if (query.isError || !query.data) return <PendingState query={query} skeletons={skeletons} />;
  return <Box sx={{ display: 'grid', gap: 3 }}>{children(query.data)}</Box>;
}
