import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { SelectField, type TSelectOption } from '../forms/select-field';
import { useSubmitError } from '../forms/use-field-errors';
import { FormDialog } from './form-dialog';

interface TChoiceConfirmDialogProps {
  title: ReactNode;
  /** What the confirmation does, above the choice. */
  explain: ReactNode;
  testId: string;
  confirmLabel: string;
  confirmTestId: string;
  busy: boolean;
  onClose: () => void;
  /** Runs on confirm; what it throws is shown in the dialog. */
  onConfirm: () => Promise<void>;
  choice: {
    label: string;
    value: number | '';
    onChange: (value: number | '') => void;
    options: readonly TSelectOption[];
    /** Items shown before the options (a "none" choice). */
    leading?: ReactNode;
  };
}

/**
 * A destructive confirmation that first asks where the open work goes: who takes a deactivated
 * user's orders, which status replaces a deleted one.
 */
export function ChoiceConfirmDialog({
  title,
  explain,
  testId,
  confirmLabel,
  confirmTestId,
  busy,
  onClose,
  onConfirm,
  choice,
}: TChoiceConfirmDialogProps) {
  const { error, guard } = useSubmitError();
  return (
    <FormDialog
      maxWidth="xs"
      onClose={onClose}
      busy={busy}
      testId={testId}
      title={title}
      onSave={() => guard(onConfirm)}
      submitColor="error"
      submitLabel={confirmLabel}
      submitTestId={confirmTestId}
      error={error}
    >
      <Typography variant="body2">{explain}</Typography>
      <SelectField
        label={choice.label}
        value={choice.value}
        onChange={(event) => choice.onChange(Number(event.target.value) || '')}
        options={choice.options}
      >
        {choice.leading}
      </SelectField>
    </FormDialog>
  );
}
