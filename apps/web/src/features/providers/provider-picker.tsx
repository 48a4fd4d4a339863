import type { TProvider } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { SearchPicker } from '../../components/catalogue-kit/search-picker';
import { useProvidersQuery } from './providers-api';

interface TProviderPickerProps {
  value: TProvider | null;
  onChange: (provider: TProvider | null) => void;
  error?: string;
}

/** Find a supplier by name, phone or e-mail. */
export function ProviderPicker(picker: TProviderPickerProps) {
  const { t } = useTranslation();
  return (
    <SearchPicker
      {...picker}
      label={t('providers.provider')}
      required
      useRows={useProvidersQuery}
      noOptionsText={t('providers.picker_none')}
    />
  );
}
