import { useState } from 'react';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import { formatDZD } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { ltr } from '../../lib/bidi';
import { formatDateTime } from '../../lib/format-date';
import { ListPagination } from '../../components/lists/list-pagination';
import { ListEmpty, ListError, ListLoading, ListRefreshing } from '../../components/lists/list-states';
import { useProviderPurchasesQuery } from './providers-api';
import { ListTable } from '../../components/lists/list-table';

const figure = { fontVariantNumeric: 'tabular-nums', textAlign: 'end', whiteSpace: 'nowrap' } as const;

/** Issue 3.3: what was bought from this provider, line by line, with the totals. */
export function ProviderPurchases({ providerId }: { providerId: number }) {
  const { t, i18n } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, per_page: 10 });
  const purchases = useProviderPurchasesQuery(providerId, paging);

  if (purchases.isLoading) return <ListLoading rows={3} />;
  if (purchases.isError && !purchases.data) {
    return <ListError error={purchases.error} onRetry={() => void purchases.refetch()} />;
  }
  if (!purchases.data?.data.length) {
    return (
      <ListEmpty
        icon={<LocalShippingOutlinedIcon fontSize="large" />}
        title={t('providers.no_purchases_title')}
        message={t('providers.no_purchases_message')}
      />
    );
  }
  const { data, total, totals } = purchases.data;
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
      <Box
        sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', p: 1.5, bgcolor: 'action.hover' }}
        data-testid="purchase-totals"
      >
        <Typography variant="body2">{t('providers.total_units', { count: totals.quantity })}</Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('providers.total_cost', { total: ltr(formatDZD(totals.total_cost)) })}
        </Typography>
      </Box>
      <ListRefreshing active={purchases.isFetching} />
      <ListTable
        columns={[
          t('stock.when'),
          t('products.product'),
          { label: t('stock.quantity'), sx: figure },
          { label: t('stock.unit_cost'), sx: figure },
          { label: t('providers.line_total'), sx: figure },
        ]}
        sx={{ minWidth: 560 }}
        aria-label={t('providers.purchases')}
      >
        {data.map((line) => (
          <TableRow key={line.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(line.created_at, i18n.language)}</TableCell>
            <TableCell>
              {line.product_name}
              {line.variant_name && (
                <Typography variant="caption" color="text.secondary" component="div">
                  {line.variant_name}
                </Typography>
              )}
            </TableCell>
            <TableCell sx={figure}>{line.quantity}</TableCell>
            <TableCell sx={figure}>
              <bdi>{line.unit_cost === null ? '—' : formatDZD(line.unit_cost)}</bdi>
            </TableCell>
            <TableCell sx={figure}>
              <bdi>{line.unit_cost === null ? '—' : formatDZD(line.unit_cost * line.quantity)}</bdi>
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
      <ListPagination
        total={total}
        page={paging.page}
        perPage={paging.per_page}
        onChange={(changes) => setPaging((current) => ({ ...current, ...changes }))}
      />
    </Box>
  );
}
