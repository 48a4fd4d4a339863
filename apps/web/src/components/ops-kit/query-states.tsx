import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ListError } from '../lists/list-states';

interface TQueryStatesProps {
  query: { isError: boolean; error: unknown; refetch: () => unknown };
  /** The first load (isLoading, or isPending for a query that always runs). */
  loading: boolean;
  /** Whether the answer holds nothing to show. */
  isEmpty: boolean;
  /** The words shown when it is empty. */
  emptyText: string;
  children: ReactNode;
}

/**
 * A short list inside a dialog (STYLE: loading, empty and error states on every list): three
 * skeleton rows, the error with a retry, the empty words, or the rows.
 */
export function QueryStates({ query, loading, isEmpty, emptyText, children }: TQueryStatesProps) {
  if (loading) {
    return (
      <Box sx={{ display: 'grid', gap: 1 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={56} />
        ))}
      </Box>
    );
  }
  if (query.isError) return <ListError error={query.error} onRetry={() => void query.refetch()} />;
  if (isEmpty) {
    return (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
        {emptyText}
      </Typography>
    );
  }
  return <>{children}</>;
}
