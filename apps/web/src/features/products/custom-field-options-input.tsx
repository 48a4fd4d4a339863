import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import type { TProductFormValues } from '@cod/shared';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../../lib/server-message';

type TOptionsError = { message?: string; root?: { message?: string } } & Record<number, { message?: string }>;

/** The choices of a select field, typed one by one (Enter, comma or leaving the box adds one). */
export function CustomFieldOptionsInput({ index }: { index: number }) {
  const { t } = useTranslation();
  const { control } = useFormContext<TProductFormValues>();
  const { field, fieldState } = useController({ control, name: `custom_fields.${index}.options` });
  const options = field.value ?? [];
  // The list ("needs an option") or one option ("listed twice"): the first message wins.
  const error = fieldState.error as TOptionsError | undefined;
  const itemError = options.map((_, i) => error?.[i]?.message).find(Boolean);
  const message = translateServerMessage(t, error?.message ?? error?.root?.message ?? itemError);

  const [text, setText] = useState('');
  const add = (values: string[]) =>
    field.onChange(
      values
        .flatMap((value) => value.split(','))
        .map((value) => value.trim())
        .filter(Boolean),
    );

  return (
    <Autocomplete
      multiple
      freeSolo
      autoSelect
      options={[] as string[]}
      value={options}
      inputValue={text}
      onInputChange={(_, value, reason) => {
        // A comma closes an option, as on most tag inputs.
        if (reason === 'input' && value.includes(',')) {
          add([...options, value]);
          setText('');
        } else setText(value);
      }}
      onChange={(_, values) => add(values)}
      onBlur={field.onBlur}
      renderValue={(values, getItemProps) =>
        values.map((option, i) => {
          const { key, ...itemProps } = getItemProps({ index: i });
          return (
            <Chip
              key={key}
              size="small"
              label={option}
              color={error?.[i]?.message ? 'error' : 'default'}
              {...itemProps}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          size="small"
          label={t('custom_fields.options')}
          placeholder={options.length ? undefined : t('custom_fields.options_hint')}
          required
          error={Boolean(message)}
          helperText={message ?? t('custom_fields.options_help')}
        />
      )}
    />
  );
}
