import { useEffect, useState } from 'react';
import type { TOrderTab } from '@cod/shared';
import { FilterFields } from './filter-fields';
import type { TFilterValues } from './filter-values';
import { useDebouncedCommit } from './use-debounced-commit';

// SPEC 9: filter changes are debounced 300 ms.
export const FILTER_DEBOUNCE_MS = 300;

interface TFilterBarProps {
  values: TFilterValues;
  tab: TOrderTab;
  onApply: (changes: Partial<TFilterValues>) => void;
}

/** The wide screen's filters: each change shows at once and reaches the URL after a pause. */
export function FilterBar({ values, tab, onApply }: TFilterBarProps) {
  const [draft, setDraft] = useState(values);
  const commit = useDebouncedCommit<TFilterValues>(onApply, FILTER_DEBOUNCE_MS);
  const urlKey = JSON.stringify(values);

  // Back/forward, Clear filters or the phone dialog changed the URL: the fields follow it.
  useEffect(() => setDraft(JSON.parse(urlKey) as TFilterValues), [urlKey]);

  return (
    <FilterFields
      values={draft}
      tab={tab}
      onChange={(changes) => {
        setDraft((current) => ({ ...current, ...changes }));
        commit(changes);
      }}
    />
  );
}
