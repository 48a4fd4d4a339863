import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatDZD } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import type { TCustomerHistory } from './customers-api';

/** SPEC 3 customer summary: how many orders, how much spent, delivered vs returned. */
export function CustomerSummary({ history }: { history: TCustomerHistory | undefined }) {
  const { t } = useTranslation();
  const tiles: Array<[string, string, string?]> = history
    ? [
        [t('customers.total_orders'), String(history.total_orders)],
        [t('customers.total_spent'), formatDZD(history.total_spent)],
        [t('customers.successful_orders'), String(history.successful_orders), 'success.main'],
        [
          t('customers.returned_orders'),
          String(history.returned_orders),
          history.returned_orders ? 'error.main' : undefined,
        ],
      ]
    : [];
  return (
    <Box
      data-testid="customer-summary"
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}
    >
      {history
        ? tiles.map(([label, value, color]) => (
            <Paper key={label} variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
              <Typography variant="caption" color="text.secondary" component="div">
                {label}
              </Typography>
              <Typography variant="h6" component="div" sx={{ color, overflowWrap: 'anywhere' }}>
                <bdi>{value}</bdi>
              </Typography>
            </Paper>
          ))
        : Array.from({ length: 4 }, (_, i) => <Skeleton key={i} variant="rounded" height={68} />)}
    </Box>
  );
}
