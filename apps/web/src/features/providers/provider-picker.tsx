import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { TProvider } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useProvidersQuery } from './providers-api';

interface TProviderPickerProps {
  value: TProvider | null;
  onChange: (provider: TProvider | null) => void;
  error?: string;
}

/** Find a supplier by name, phone or e-mail. */
export function ProviderPicker({ value, onChange, error }: TProviderPickerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text, 300).trim();
  const providers = useProvidersQuery({ search: search || undefined, per_page: 25 });

  return (
    <Autocomplete
      value={value}
      onChange={(_, provider) => onChange(provider)}
      inputValue={text}
      onInputChange={(_, next) => setText(next)}
      options={providers.data?.data ?? []}
      filterOptions={(list) => list}
      loading={providers.isFetching}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      getOptionLabel={(provider) => provider.name}
      noOptionsText={t('providers.picker_none')}
      loadingText={t('common.loading')}
      renderInput={(params) => (
        <TextField {...params} label={t('providers.provider')} required error={Boolean(error)} helperText={error} />
      )}
    />
  );
}
