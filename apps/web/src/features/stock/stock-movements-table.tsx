import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDZD, type TStockMovement } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { ltr } from '../../lib/bidi';
import { formatDateTime } from '../../lib/format-date';
import { MovementKindChip, onHandChange, signedQuantity } from './movement-kind';
import { ListTable } from '../../components/lists/list-table';

const figure = { fontVariantNumeric: 'tabular-nums', textAlign: 'end', whiteSpace: 'nowrap' } as const;

/** Who moved what, when, why: the stock history (issue 3.4). */
export function StockMovementsTable({
  movements,
  showProduct = true,
}: {
  movements: TStockMovement[];
  showProduct?: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <ListTable
      columns={[
        t('stock.when'),
        showProduct && t('products.product'),
        t('stock.kind'),
        { label: t('stock.quantity'), sx: figure },
        { label: t('stock.on_hand_after'), sx: figure },
        t('stock.details'),
        t('stock.by'),
      ]}
      sx={{ minWidth: 820 }}
      aria-label={t('stock.movements')}
    >
      {movements.map((movement) => {
        const change = onHandChange(movement);
        return (
          <TableRow key={movement.id} hover data-testid="movement-row">
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(movement.created_at, i18n.language)}</TableCell>
            {showProduct && (
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {movement.product_name}
                </Typography>
                {movement.variant_name && (
                  <Typography variant="caption" color="text.secondary">
                    {movement.variant_name}
                  </Typography>
                )}
              </TableCell>
            )}
            <TableCell>
              <MovementKindChip kind={movement.kind} />
            </TableCell>
            <TableCell
              sx={{
                ...figure,
                fontWeight: 700,
                color: change === null ? 'text.secondary' : change > 0 ? 'success.main' : 'error.main',
              }}
            >
              <bdi>{signedQuantity(movement)}</bdi>
            </TableCell>
            <TableCell sx={figure}>{movement.on_hand_after}</TableCell>
            <TableCell sx={{ maxWidth: 280 }}>
              <Box sx={{ display: 'grid', gap: 0.25 }}>
                {movement.provider_name && (
                  <Typography variant="body2">
                    {movement.provider_name}
                    {movement.unit_cost !== null && (
                      <Typography component="span" variant="caption" color="text.secondary">
                        {' · '}
                        {t('stock.unit_cost_value', { cost: ltr(formatDZD(movement.unit_cost)) })}
                      </Typography>
                    )}
                  </Typography>
                )}
                {movement.order_id !== null && (
                  <Typography variant="body2">{t('stock.order_ref', { id: movement.order_id })}</Typography>
                )}
                {movement.reason && (
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {movement.reason}
                  </Typography>
                )}
              </Box>
            </TableCell>
            <TableCell>{movement.user?.name ?? t('stock.by_system')}</TableCell>
          </TableRow>
        );
      })}
    </ListTable>
  );
}
