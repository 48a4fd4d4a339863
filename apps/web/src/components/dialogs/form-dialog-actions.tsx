import Button, { type ButtonProps } from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

export interface TFormDialogActionsProps {
  onCancel: () => void;
  submitLabel: string;
  /** While saving both buttons are off, so a second click cannot post twice. */
  busy: boolean;
  /** Without it the button submits the dialog's form. */
  onSubmit?: () => void;
  /** Off for another reason than saving (nothing to submit yet). */
  submitDisabled?: boolean;
  submitColor?: ButtonProps['color'];
  submitTestId?: string;
}

/** Cancel, then the dialog's main action. */
export function FormDialogActions({
  onCancel,
  submitLabel,
  busy,
  onSubmit,
  submitDisabled = false,
  submitColor,
  submitTestId,
}: TFormDialogActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Button onClick={onCancel} disabled={busy}>
        {t('common.cancel')}
      </Button>
      <Button
        type={onSubmit ? 'button' : 'submit'}
        variant="contained"
        color={submitColor}
        onClick={onSubmit}
        disabled={busy || submitDisabled}
        data-testid={submitTestId}
      >
        {submitLabel}
      </Button>
    </>
  );
}
