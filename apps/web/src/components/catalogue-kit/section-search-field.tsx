import { useTranslation } from 'react-i18next';
import { SearchField } from '../lists/search-field';

interface TSectionSearchFieldProps {
  /** The i18n section: `<section>.search` is the label, `<section>.search_hint` the placeholder. */
  section: string;
  search: string | null | undefined;
  update: (changes: { search: string }) => void;
}

/** A catalogue list's search box, reading and writing `search` in the list's URL state. */
export function SectionSearchField({ section, search, update }: TSectionSearchFieldProps) {
  const { t } = useTranslation();
  return (
    <SearchField
      label={t(`${section}.search`)}
      placeholder={t(`${section}.search_hint`)}
      value={search ?? ''}
      onChange={(next) => update({ search: next })}
    />
  );
}
