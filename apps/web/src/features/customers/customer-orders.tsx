import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatDZD } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format-date';

/**
 * One of the customer's latest orders as GET /dashboard/customers/{phone}/history lists them
 * (SPEC 3 types them as `orders`; the orders module answers these fields).
 */
interface TOrderLike {
  id?: number;
  order_number?: string | number;
  total?: number | string;
  status?: string | { name?: string; display_name?: string; color?: string };
  created_at?: string;
}

const isOrder = (value: unknown): value is TOrderLike => typeof value === 'object' && value !== null;

function StatusChip({ status }: { status: TOrderLike['status'] }) {
  if (!status) return null;
  const label = typeof status === 'string' ? status : (status.display_name ?? status.name);
  const color = typeof status === 'string' ? undefined : status.color;
  if (!label) return null;
  return <Chip size="small" label={label} variant="outlined" sx={color ? { borderColor: color, color } : undefined} />;
}

/** The customer's latest orders (SPEC 3 `orders`), newest first. */
export function CustomerOrders({ orders }: { orders: unknown[] }) {
  const { t, i18n } = useTranslation();
  const rows = orders.filter(isOrder);
  if (!rows.length) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('customers.no_orders')}
      </Typography>
    );
  }
  return (
    <List dense disablePadding data-testid="customer-orders">
      {rows.map((order, index) => (
        <ListItem key={order.id ?? index} divider sx={{ gap: 1.5, flexWrap: 'wrap' }}>
          <ListItemText
            primary={t('customers.order_line', { number: order.order_number ?? order.id ?? '' })}
            secondary={order.created_at ? formatDateTime(order.created_at, i18n.language) : undefined}
            sx={{ flex: '1 1 160px' }}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <StatusChip status={order.status} />
            {order.total !== undefined && (
              <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                <bdi>{formatDZD(order.total)}</bdi>
              </Typography>
            )}
          </Box>
        </ListItem>
      ))}
    </List>
  );
}
