import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { ButtonProps } from '@mui/material/Button';
import { ResponsiveDialog } from '../dialogs/responsive-dialog';

interface TFormDialogProps {
  title: ReactNode;
  testId: string;
  onClose: () => void;
  /** The form's submit (Enter, the main button). */
  onSave: () => unknown;
  busy: boolean;
  submitLabel: string;
  submitTestId?: string;
  submitColor?: ButtonProps['color'];
  /** Why the last save failed, shown above the fields. */
  error?: string | null;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  children: ReactNode;
}

/** A settings dialog's form: the fields in a column, the save's failure above them, Cancel and Save. */
export function FormDialog({
  title,
  testId,
  onClose,
  onSave,
  busy,
  submitLabel,
  submitTestId,
  submitColor,
  error,
  maxWidth,
  children,
}: TFormDialogProps) {
  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      busy={busy}
      maxWidth={maxWidth}
      testId={testId}
      title={title}
      onSave={onSave}
      submit={{ submitLabel, submitTestId, submitColor }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {error && <Alert severity="error">{error}</Alert>}
        {children}
      </Stack>
    </ResponsiveDialog>
  );
}
