import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useDebouncedCallback } from '../../lib/use-debounced-callback';
import { ListPagination } from '../../components/lists/list-pagination';
import { ListError, ListLoading, ListRefreshing } from '../../components/lists/list-states';
import { ProductThumbnail } from '../products/product-thumbnail';
import { useProductsQuery } from '../products/products-api';

interface TProductChecklistProps {
  selected: ReadonlySet<number>;
  onToggle: (productId: number, checked: boolean) => void;
}

/** The catalogue, page by page, with a box per product: ticked ones are the user's. */
export function ProductChecklist({ selected, onToggle }: TProductChecklistProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [paging, setPaging] = useState({ page: 1, per_page: 10 });
  // A new search starts again from the first page.
  const applySearch = useDebouncedCallback((typed: string) => {
    setSearch(typed.trim());
    setPaging((current) => ({ ...current, page: 1 }));
  }, 300);
  useEffect(() => applySearch(text), [applySearch, text]);
  const products = useProductsQuery({ search: search || undefined, ...paging });

  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
      <Box sx={{ p: 1.5 }}>
        <TextField
          size="small"
          fullWidth
          label={t('products.search')}
          placeholder={t('products.search_hint')}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </Box>
      <ListRefreshing active={products.isFetching && !products.isLoading} />
      {products.isLoading ? (
        <ListLoading rows={4} />
      ) : products.isError && !products.data ? (
        <ListError error={products.error} onRetry={() => void products.refetch()} />
      ) : (
        <>
          <List dense disablePadding aria-label={t('product_permissions.products')}>
            {(products.data?.data ?? []).map((product) => {
              const checked = selected.has(product.id);
              const labelId = `product-check-${product.id}`;
              return (
                <ListItem key={product.id} disablePadding divider>
                  <ListItemButton onClick={() => onToggle(product.id, !checked)} dense>
                    <ListItemIcon sx={{ minWidth: 40 }}>
                      <Checkbox
                        edge="start"
                        checked={checked}
                        tabIndex={-1}
                        disableRipple
                        slotProps={{ input: { 'aria-labelledby': labelId } }}
                      />
                    </ListItemIcon>
                    <Box sx={{ marginInlineEnd: 1.5 }}>
                      <ProductThumbnail url={product.thumbnail_url} size={32} />
                    </Box>
                    <ListItemText id={labelId} primary={product.name} secondary={<bdi>{product.sku}</bdi>} />
                  </ListItemButton>
                </ListItem>
              );
            })}
            {products.data?.data.length === 0 && (
              <ListItem>
                <ListItemText secondary={t('products.picker_none')} />
              </ListItem>
            )}
          </List>
          <ListPagination
            total={products.data?.total ?? 0}
            page={paging.page}
            perPage={paging.per_page}
            onChange={(changes) => setPaging((current) => ({ ...current, ...changes }))}
          />
        </>
      )}
    </Box>
  );
}
