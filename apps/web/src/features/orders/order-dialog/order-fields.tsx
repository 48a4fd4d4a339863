import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import type { TextFieldProps } from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, type TSelectOption } from '../../../components/forms/select-field';
import { translateServerMessage } from '../../../lib/server-message';
import type { TOrderFormState } from './order-form-values';

type TTextName = 'customer_full_name' | 'customer_phone_1' | 'customer_phone_2' | 'customer_address' | 'note';
type TIdName = 'state_id' | 'city_id' | 'stopdesk_id' | 'agent_id' | 'status_id' | 'shipping_company_id';

/**
 * A text field of the order form: `textField(name, hint)` registers it and gives it its message
 * (the form's, translated, else `hint`).
 */
export function useOrderTextField() {
  const { t } = useTranslation();
  const { register, formState } = useFormContext<TOrderFormState>();
  return (name: TTextName, hint?: string) => ({
    ...register(name),
    error: Boolean(formState.errors[name]),
    helperText: translateServerMessage(t, formState.errors[name]?.message) ?? hint,
  });
}

type TOrderSelectProps = Omit<TextFieldProps, 'select' | 'name' | 'value' | 'onChange' | 'children'> & {
  name: TIdName;
  options: readonly TSelectOption[];
  /** The label of the empty choice ('' = none); without it an id must be chosen. */
  none?: string;
  hint?: string;
  /** Shows no choice (the options belong to another wilaya and are still loading). */
  blank?: boolean;
  /** After a choice: clears what depended on the previous one. */
  onPicked?: () => void;
};

/** An id of the order form chosen in a select (wilaya, commune, centre, agent, status, carrier). */
export function OrderSelect({ name, options, none, hint, blank = false, onPicked, ...field }: TOrderSelectProps) {
  const { t } = useTranslation();
  const { control, formState } = useFormContext<TOrderFormState>();
  const error = formState.errors[name];
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: input }) => (
        <SelectField
          slotProps={none === undefined ? undefined : { select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          {...field}
          value={blank ? '' : input.value}
          inputRef={input.ref}
          onChange={(event) => {
            input.onChange(event.target.value === '' ? '' : Number(event.target.value));
            onPicked?.();
          }}
          error={Boolean(error)}
          helperText={translateServerMessage(t, error?.message) ?? hint}
          options={options}
        >
          {none !== undefined && <MenuItem value="">{none}</MenuItem>}
        </SelectField>
      )}
    />
  );
}

type TSwitchName = 'is_stopdesk' | 'free_delivery';

interface TOrderSwitchProps {
  name: TSwitchName;
  label: string;
  testId: string;
  /** After a change: clears what the switch no longer allows. */
  onToggled?: (on: boolean) => void;
  /** The id of the hint that explains the switch. */
  describedBy?: string;
}

/** A yes/no of the order form (stop desk, free delivery). */
export function OrderSwitch({ name, label, testId, onToggled, describedBy }: TOrderSwitchProps) {
  const { control } = useFormContext<TOrderFormState>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Switch
              checked={field.value}
              onChange={(event) => {
                field.onChange(event.target.checked);
                onToggled?.(event.target.checked);
              }}
              slotProps={describedBy ? { input: { 'aria-describedby': describedBy } } : undefined}
              data-testid={testId}
            />
          }
          label={label}
        />
      )}
    />
  );
}
