import type { FormEvent, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../lib/server-message';
import { CardHeading } from './card-heading';

interface TQueryCardProps<T> {
  testId: string;
  title: string;
  help: string;
  /** The settings the card edits: an error alert while they fail, a placeholder while they load. */
  query: { isError: boolean; error: unknown; data: T | undefined };
  /** The form, given the loaded settings (keyed by them, so a refetch starts it afresh). */
  children: (data: T) => ReactNode;
}

/** A shop settings card: its heading, then the form once its settings have loaded. */
export function QueryCard<T>({ testId, title, help, query, children }: TQueryCardProps<T>) {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid={testId}>
      <CardHeading title={title} help={help} />
      {query.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failureMessage(t, query.error)}
        </Alert>
      ) : query.data ? (
        children(query.data)
      ) : (
        <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} />
      )}
    </Paper>
  );
}

/** The form of a settings card: two columns from a tablet up, one on a phone. */
export function SettingsForm({ onSubmit, children }: { onSubmit: (event: FormEvent) => unknown; children: ReactNode }) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event: FormEvent) => void onSubmit(event)}
      sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' } }}
    >
      {children}
    </Box>
  );
}
