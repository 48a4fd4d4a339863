import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { ResponsiveDialog } from '../dialogs/responsive-dialog';

interface TReadOnlyDialogProps {
  title: ReactNode;
  testId: string;
  onClose: () => void;
  children: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  /** The one button's words; "Close" unless the screen has its own. */
  closeLabel?: string;
}

/** A dialog that only shows something (a history, a log): its one action closes it. */
export function ReadOnlyDialog({ title, testId, onClose, children, maxWidth, closeLabel }: TReadOnlyDialogProps) {
  const { t } = useTranslation();
  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      maxWidth={maxWidth}
      title={title}
      testId={testId}
      actions={<Button onClick={onClose}>{closeLabel ?? t('common.close')}</Button>}
    >
      {children}
    </ResponsiveDialog>
  );
}
