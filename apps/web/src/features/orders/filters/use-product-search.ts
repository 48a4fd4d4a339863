import { useState } from 'react';
import type { AutocompleteInputChangeReason } from '@mui/material/Autocomplete';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { narrowWhileTyping, useProductOptionsQuery, type TProductOption } from '../orders-api';

// The picker searches as the user types; the list's own debounce then applies the choice.
const SEARCH_DEBOUNCE_MS = 300;

interface TProductSearchOptions {
  /** Load the options while the list is closed too (to name a product chosen earlier). */
  loadWhileClosed?: boolean;
  /** Forget the typed text when the field shows the chosen product again (a filter), not only on clear. */
  clearOnReset?: boolean;
}

/**
 * A product Autocomplete's search (GET /dashboard/products/options: what the user may sell): the
 * open state, the debounced text, the options as typed, and the props every product picker shares.
 */
export function useProductSearch({ loadWhileClosed = false, clearOnReset = false }: TProductSearchOptions = {}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const search = useDebouncedValue(text, SEARCH_DEBOUNCE_MS).trim();
  const options = useProductOptionsQuery(search, open || loadWhileClosed);
  const list = options.data?.data;

  const autocomplete = {
    size: 'small' as const,
    open,
    onOpen: () => setOpen(true),
    onClose: () => setOpen(false),
    onInputChange: (_: unknown, next: string, reason: AutocompleteInputChangeReason) => {
      if (reason === 'input') setText(next);
      if (reason === 'clear' || (clearOnReset && reason === 'reset')) setText('');
    },
    options: list ?? [],
    filterOptions: (items: TProductOption[]) => narrowWhileTyping(items, text, search),
    loading: options.isFetching,
    isOptionEqualToValue: (option: TProductOption, chosen: TProductOption) => option.id === chosen.id,
    getOptionLabel: (product: TProductOption) => product.name,
    noOptionsText: t('orders.filters.no_products'),
    loadingText: t('common.loading'),
  };
  return { list, autocomplete };
}
