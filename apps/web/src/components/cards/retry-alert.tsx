import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';

interface TRetryAlertProps {
  /** What failed to load, in the screen's words. */
  children: ReactNode;
  /** The button's label ("Retry", "Try again"). */
  retryLabel: string;
  onRetry: () => unknown;
  sx?: SxProps<Theme>;
}

/** Something could not be loaded: an error alert with a button that asks for it again. */
export function RetryAlert({ children, retryLabel, onRetry, sx }: TRetryAlertProps) {
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={() => void onRetry()}>
          {retryLabel}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
