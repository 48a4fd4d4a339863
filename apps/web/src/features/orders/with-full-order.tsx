import type { ReactNode } from 'react';
import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import type { TOrderRow } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { useOrderQuery } from './orders-api';

/**
 * A list row carries what the table shows (docs/decisions/0049): no custom-field questions or
 * answers. The dialogs that need them (status, custom fields) get the order itself from
 * GET /dashboard/orders/{id}; should that fail, the row is what they work with.
 */
export function WithFullOrder({ order, children }: { order: TOrderRow; children: (order: TOrderRow) => ReactNode }) {
  const { t } = useTranslation();
  const full = useOrderQuery(order.id);
  if (full.isPending) {
    return (
      <Backdrop open sx={{ zIndex: (theme) => theme.zIndex.modal }} data-testid="order-loading">
        <CircularProgress aria-label={t('orders.table.loading_order')} />
      </Backdrop>
    );
  }
  return children(full.data ?? order);
}
