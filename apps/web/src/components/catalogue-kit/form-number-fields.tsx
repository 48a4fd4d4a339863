import InputAdornment from '@mui/material/InputAdornment';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { parseNumberInput, parseOptionalNumberInput } from '../../lib/number-input';
import { FormTextField, type TFormTextFieldProps } from './form-text-field';

type TFormNumberFieldProps<TForm extends FieldValues> = Omit<TFormTextFieldProps<TForm>, 'setValueAs' | 'slotProps'> & {
  /** An empty field is no number (null), not an error. */
  optional?: boolean;
};

const numberParser = (optional: boolean | undefined) => (optional ? parseOptionalNumberInput : parseNumberInput);

/** A whole number of units (a quantity, a stock count): the digit keyboard, digits left to right. */
export function FormCountField<TForm extends FieldValues>({ optional, ...field }: TFormNumberFieldProps<TForm>) {
  return (
    <FormTextField<TForm>
      {...field}
      setValueAs={numberParser(optional)}
      slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
    />
  );
}

/** An amount in dinars: a decimal typed left to right, the currency after it. */
export function FormMoneyField<TForm extends FieldValues>({ optional, ...field }: TFormNumberFieldProps<TForm>) {
  const { t } = useTranslation();
  return (
    <FormTextField<TForm>
      {...field}
      setValueAs={numberParser(optional)}
      slotProps={{
        htmlInput: { inputMode: 'decimal', dir: 'ltr' },
        input: { endAdornment: <InputAdornment position="end">{t('common.currency_suffix')}</InputAdornment> },
      }}
    />
  );
}
