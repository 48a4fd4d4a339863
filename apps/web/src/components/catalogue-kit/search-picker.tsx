import { useState, type ReactNode, type Ref } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../lib/use-debounced-value';

// Pickers search sooner than lists: the user is waiting on the dropdown.
const PICKER_DEBOUNCE_MS = 300;

/** The rows a picker offers for what was typed: one page of a list query. */
export type TPickerRows<TRow> = (params: { search: string | undefined; per_page: number }) => {
  data?: { data: TRow[] };
  isFetching: boolean;
};

interface TSearchPickerProps<TRow extends { id: number; name: string }> {
  value: TRow | null;
  onChange: (row: TRow | null) => void;
  label: string;
  /** The list query the typed text searches (a hook: called on every render). */
  useRows: TPickerRows<TRow>;
  /** What the dropdown says when nothing matches. */
  noOptionsText: string;
  /** How one option reads in the dropdown (its name when left out). */
  renderRow?: (row: TRow) => ReactNode;
  error?: string;
  required?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
  size?: 'small' | 'medium';
}

/** Find a row by typing: the server searches (debounced), the dropdown shows its first page. */
export function SearchPicker<TRow extends { id: number; name: string }>({
  value,
  onChange,
  label,
  useRows,
  noOptionsText,
  renderRow,
  error,
  required,
  inputRef,
  onBlur,
  size,
}: TSearchPickerProps<TRow>) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text, PICKER_DEBOUNCE_MS).trim();
  const rows = useRows({ search: search || undefined, per_page: 25 });

  return (
    <Autocomplete
      value={value}
      onChange={(_, row) => onChange(row)}
      onBlur={onBlur}
      inputValue={text}
      onInputChange={(_, next) => setText(next)}
      options={rows.data?.data ?? []}
      filterOptions={(list) => list}
      loading={rows.isFetching}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      getOptionLabel={(row) => row.name}
      noOptionsText={noOptionsText}
      loadingText={t('common.loading')}
      size={size}
      renderOption={
        renderRow &&
        (({ key, ...props }, row) => (
          <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5 }}>
            {renderRow(row)}
          </Box>
        ))
      }
      renderInput={(inputParams) => (
        <TextField
          {...inputParams}
          inputRef={inputRef}
          label={label}
          required={required}
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}
