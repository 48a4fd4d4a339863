import type { TProductListQuery } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../components/lists/filter-select';
import { ListToolbar } from '../../components/lists/list-toolbar';
import { SearchField } from '../../components/lists/search-field';

export type TProductStatusFilter = 'all' | 'active' | 'inactive' | 'archived';

/** The status select is two API filters: active and archived. */
export function statusOf(query: Partial<TProductListQuery>): TProductStatusFilter {
  if (query.archived) return 'archived';
  if (query.active === true) return 'active';
  if (query.active === false) return 'inactive';
  return 'all';
}

const STATUS_PARAMS: Record<TProductStatusFilter, { active?: string; archived?: string }> = {
  all: {},
  active: { active: 'true' },
  inactive: { active: 'false' },
  archived: { archived: 'true' },
};

interface TProductsFiltersProps {
  query: TProductListQuery;
  update: (changes: Record<string, string | null>) => void;
  /** The stock screen has no archived products and no variants filter. */
  variant?: 'catalogue' | 'stock';
}

export function ProductsFilters({ query, update, variant = 'catalogue' }: TProductsFiltersProps) {
  const { t } = useTranslation();
  const status = statusOf(query);
  const hasVariants = query.has_variants === undefined ? 'any' : query.has_variants ? 'with' : 'without';
  const lowStock = query.low_stock === undefined ? 'any' : query.low_stock ? 'low' : 'ok';
  const filtered = Boolean(query.search) || status !== 'all' || hasVariants !== 'any' || lowStock !== 'any';

  return (
    <ListToolbar
      onClear={
        filtered
          ? () => update({ search: null, active: null, archived: null, has_variants: null, low_stock: null })
          : undefined
      }
    >
      <SearchField
        label={t('products.search')}
        placeholder={t('products.search_hint')}
        value={query.search ?? ''}
        onChange={(search) => update({ search })}
      />
      {variant === 'catalogue' && (
        <FilterSelect
          label={t('products.status_column')}
          value={status}
          onChange={(value) => update({ active: null, archived: null, ...STATUS_PARAMS[value] })}
          options={[
            { value: 'all', label: t('products.status.all') },
            { value: 'active', label: t('products.status.active') },
            { value: 'inactive', label: t('products.status.inactive') },
            { value: 'archived', label: t('products.status.archived') },
          ]}
        />
      )}
      <FilterSelect
        label={t('stock.level')}
        value={lowStock}
        onChange={(value) => update({ low_stock: value === 'any' ? null : String(value === 'low') })}
        options={[
          { value: 'any', label: t('lists.any') },
          { value: 'low', label: t('stock.low_only') },
          { value: 'ok', label: t('stock.ok_only') },
        ]}
      />
      {variant === 'catalogue' && (
        <FilterSelect
          label={t('products.variants_column')}
          value={hasVariants}
          onChange={(value) => update({ has_variants: value === 'any' ? null : String(value === 'with') })}
          options={[
            { value: 'any', label: t('lists.any') },
            { value: 'with', label: t('products.with_variants') },
            { value: 'without', label: t('products.without_variants') },
          ]}
        />
      )}
    </ListToolbar>
  );
}
