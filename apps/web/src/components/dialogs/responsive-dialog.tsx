import type { FormEventHandler, ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import type { PaperProps } from '@mui/material/Paper';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialogActions, type TFormDialogActionsProps } from './form-dialog-actions';

interface TResponsiveDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  /** Makes the dialog a <form>: Enter submits, the actions' submit button posts it. */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** Instead of `onSubmit`: the dialog is a form whose submit (Enter, the main action) calls this. */
  onSave?: () => unknown;
  /** While saving, a click outside or Escape must not drop the user's input. */
  busy?: boolean;
  testId?: string;
  /** Instead of `actions`: Cancel and the main action (FormDialogActions, off while `busy`). */
  submit?: Omit<TFormDialogActionsProps, 'onCancel' | 'busy'>;
}

/** Every catalogue dialog: full screen on phones, a close button, optionally a form. */
export function ResponsiveDialog({
  open,
  onClose,
  title,
  children,
  actions,
  maxWidth = 'sm',
  onSubmit,
  onSave,
  busy = false,
  testId,
  submit,
}: TResponsiveDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const submitForm: FormEventHandler<HTMLFormElement> | undefined =
    onSubmit ??
    (onSave &&
      ((event) => {
        event.preventDefault();
        void onSave();
      }));
  const buttons = actions ?? (submit && <FormDialogActions onCancel={onClose} busy={busy} {...submit} />);

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullScreen={phone}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      data-testid={testId}
      slotProps={{
        // The paper itself is the <form>, so the scrolling content and the actions stay one form.
        paper: submitForm
          ? ({ component: 'form', noValidate: true, onSubmit: submitForm } as unknown as PaperProps)
          : undefined,
      }}
    >
      <DialogTitle id={titleId} sx={{ paddingInlineEnd: 7 }}>
        {title}
      </DialogTitle>
      <IconButton
        aria-label={t('common.close')}
        onClick={onClose}
        disabled={busy}
        sx={{ position: 'absolute', insetInlineEnd: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>{children}</DialogContent>
      {buttons && <DialogActions sx={{ px: 3, py: 1.5, flexWrap: 'wrap', gap: 1 }}>{buttons}</DialogActions>}
    </Dialog>
  );
}
