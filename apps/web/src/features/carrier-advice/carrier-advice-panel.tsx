import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatCentimes, type TCarrierAdviceRowRated, type TCentimes } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { useCarrierAdviceQuery } from './carrier-advice-api';
import { ListTable } from '../../components/lists/list-table';

export interface TCarrierAdvicePanelProps {
  orderIds: readonly number[];
  selectedId: number | '';
  /** A row clicked, or the best company pre-selected (shop setting, nothing chosen yet). */
  onPick: (companyId: number) => void;
}

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)} %`);

/** The figures of each company, right-aligned after its name: delivery rate, days, fee. */
const FIGURE_COLUMNS = ['rate', 'days', 'fee'] as const;

/**
 * Issue 15.6 (docs/decisions/0091): in the assign-to-shipping and dispatch dialogs, each company's
 * delivery rate, average delivery days and fee in the orders' wilaya (commune when it speaks), over
 * the shop's last 90 days; the best one marked, and pre-selected when the shop turned that on.
 */
export function CarrierAdvicePanel({ orderIds, selectedId, onPick }: TCarrierAdvicePanelProps) {
  const { t } = useTranslation();
  const advice = useCarrierAdviceQuery(orderIds);
  const data = advice.data;
  const preselected = useRef(false);

  useEffect(() => {
    if (!data || preselected.current) return;
    preselected.current = true;
    if (data.preselect && data.best_company_id !== null && selectedId === '') onPick(data.best_company_id);
  }, [data, onPick, selectedId]);

  if (advice.isLoading) return <Skeleton variant="rounded" height={96} data-testid="carrier-advice-loading" />;
  // Orders in several wilayas, or a shop without companies: nothing to advise.
  if (!data || data.state_id == null || !data.rows?.length) return null;

  const figures = (row: TCarrierAdviceRowRated) => (row.basis === 'commune' && row.commune ? row.commune : row.wilaya);

  return (
    <Box data-testid="carrier-advice" sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="subtitle2">{t('carrier_advice.title', { days: data.window_days })}</Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <ListTable
          columns={[
            t('carrier_advice.company'),
            ...FIGURE_COLUMNS.map((key) => ({ label: t(`carrier_advice.${key}`), align: 'right' as const })),
          ]}
          aria-label={t('carrier_advice.title', { days: data.window_days })}
          sx={{ '& th, & td': { px: { xs: 0.75, sm: 2 } } }}
          container={false}
        >
          {data.rows.map((row) => {
            const f = figures(row);
            const best = row.shipping_company_id === data.best_company_id;
            return (
              <TableRow
                key={row.shipping_company_id}
                hover
                selected={row.shipping_company_id === selectedId}
                onClick={() => onPick(row.shipping_company_id)}
                sx={{ cursor: 'pointer' }}
                data-testid={`carrier-advice-row-${row.shipping_company_id}`}
              >
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <span>{row.name}</span>
                    {best && (
                      <Chip
                        size="small"
                        color="success"
                        label={t('carrier_advice.best')}
                        data-testid="carrier-advice-best"
                      />
                    )}
                  </Box>
                </TableCell>
                <TableCell align="right">
                  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                    {percent(row.rate)}
                  </Box>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {row.rate === null
                      ? t('carrier_advice.not_enough', { count: f.delivered + f.returned })
                      : t(row.basis === 'commune' ? 'carrier_advice.basis_commune' : 'carrier_advice.basis_wilaya', {
                          delivered: f.delivered,
                          total: f.delivered + f.returned,
                        })}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {f.avg_delivery_days === null ? '—' : t('carrier_advice.days_value', { days: f.avg_delivery_days })}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {row.fee_centimes === null ? '—' : formatCentimes(row.fee_centimes as TCentimes)}
                </TableCell>
              </TableRow>
            );
          })}
        </ListTable>
      </Box>
      {data.best_company_id === null && (
        <Typography variant="caption" color="text.secondary">
          {t('carrier_advice.no_best')}
        </Typography>
      )}
    </Box>
  );
}
