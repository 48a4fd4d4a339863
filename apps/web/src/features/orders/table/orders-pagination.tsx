import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** SPEC 9: page sizes 10, 25, 50, 100 (default 25). */
export const ORDERS_PAGE_SIZES = [10, 25, 50, 100] as const;

interface TOrdersPaginationProps {
  total: number;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}

/**
 * SPEC 2.4: a page control showing 7 pages (first, last, the current one with its neighbours and
 * the gaps between: seven places) plus a page-size select.
 */
export function OrdersPagination({ total, page, perPage, onPage, onPerPage }: TOrdersPaginationProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / perPage));
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  const sizes: number[] = ORDERS_PAGE_SIZES.includes(perPage as 10)
    ? [...ORDERS_PAGE_SIZES]
    : [...ORDERS_PAGE_SIZES, perPage];
  return (
    <Box
      component="nav"
      aria-label={t('orders.pagination.label')}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1.5,
        px: 2,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <TextField
          select
          size="small"
          label={t('orders.pagination.per_page')}
          value={perPage}
          onChange={(event) => onPerPage(Number(event.target.value))}
          sx={{ width: 110 }}
          data-testid="per-page"
        >
          {sizes.map((size) => (
            <MenuItem key={size} value={size}>
              {size}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary" data-testid="displayed-rows">
          {t('orders.pagination.displayed', { from, to, total })}
        </Typography>
      </Box>
      <Pagination
        count={pages}
        page={Math.min(page, pages)}
        onChange={(_, next) => onPage(next)}
        siblingCount={1}
        boundaryCount={1}
        shape="rounded"
        color="primary"
        getItemAriaLabel={(type, item) =>
          type === 'page' ? t('orders.pagination.page', { page: item }) : t(`orders.pagination.${type}`)
        }
      />
    </Box>
  );
}
