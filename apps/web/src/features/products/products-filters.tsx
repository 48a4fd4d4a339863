import type { TProductListQuery } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../components/lists/filter-select';
import { ListToolbar } from '../../components/lists/list-toolbar';
import { SectionSearchField } from '../../components/catalogue-kit/section-search-field';
import { YesNoFilter } from '../../components/catalogue-kit/yes-no-filter';

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

// The yes/no filters after the status, in this order; the stock screen has no variants filter.
const FLAG_FILTERS = [
  { param: 'low_stock', label: 'stock.level', yes: 'stock.low_only', no: 'stock.ok_only', catalogueOnly: false },
  {
    param: 'has_variants',
    label: 'products.variants_column',
    yes: 'products.with_variants',
    no: 'products.without_variants',
    catalogueOnly: true,
  },
] as const;

interface TProductsFiltersProps {
  query: TProductListQuery;
  update: (changes: Record<string, string | null>) => void;
  /** The stock screen has no archived products and no variants filter. */
  variant?: 'catalogue' | 'stock';
}

export function ProductsFilters({ query, update, variant = 'catalogue' }: TProductsFiltersProps) {
  const { t } = useTranslation();
  const status = statusOf(query);
  const filtered =
    Boolean(query.search) || status !== 'all' || query.has_variants !== undefined || query.low_stock !== undefined;

  return (
    <ListToolbar
      onClear={
        filtered
          ? () => update({ search: null, active: null, archived: null, has_variants: null, low_stock: null })
          : undefined
      }
    >
      <SectionSearchField section="products" search={query.search} update={update} />
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
      {FLAG_FILTERS.filter((filter) => variant === 'catalogue' || !filter.catalogueOnly).map((filter) => (
        <YesNoFilter
          key={filter.param}
          label={t(filter.label)}
          value={query[filter.param]}
          onChange={(value) => update({ [filter.param]: value })}
          yes={t(filter.yes)}
          no={t(filter.no)}
        />
      ))}
    </ListToolbar>
  );
}
