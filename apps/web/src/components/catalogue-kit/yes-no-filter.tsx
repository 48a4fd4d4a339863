import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../lists/filter-select';

interface TYesNoFilterProps {
  label: string;
  /** The list query's flag: unset is "any". */
  value: boolean | undefined;
  /** The URL parameter: null for "any", else 'true' or 'false'. */
  onChange: (value: string | null) => void;
  /** What the true and false choices read ("Blocked", "Not blocked"). */
  yes: string;
  no: string;
}

/** A list filter on a yes/no flag of the rows, with "any" first. */
export function YesNoFilter({ label, value, onChange, yes, no }: TYesNoFilterProps) {
  const { t } = useTranslation();
  return (
    <FilterSelect
      label={label}
      value={value === undefined ? 'any' : value ? 'yes' : 'no'}
      onChange={(choice) => onChange(choice === 'any' ? null : String(choice === 'yes'))}
      options={[
        { value: 'any', label: t('lists.any') },
        { value: 'yes', label: yes },
        { value: 'no', label: no },
      ]}
    />
  );
}
