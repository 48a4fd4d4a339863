import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import type { FormEventHandler, ReactNode } from 'react';

/**
 * A card of the profile that is one form (the details, the password): its heading, a grid of
 * fields led by the failed save's message, and the submit button at its end.
 */
export function AccountFormCard({
  testId,
  onSubmit,
  heading,
  columns,
  serverError,
  submitLabel,
  submitting,
  children,
}: {
  testId: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  heading: ReactNode;
  /** The grid's columns from a tablet up (one column on a phone). */
  columns: string;
  serverError: string | undefined;
  submitLabel: string;
  submitting: boolean;
  children: ReactNode;
}) {
  return (
    <Paper component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, sm: 3 } }} data-testid={testId}>
      {heading}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: columns } }}>
        {serverError && (
          <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
            {serverError}
          </Alert>
        )}
        {children}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button type="submit" variant="contained" disabled={submitting}>
          {submitLabel}
        </Button>
      </Box>
    </Paper>
  );
}
