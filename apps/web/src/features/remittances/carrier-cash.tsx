import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { AGEING_BUCKETS, sumCentimes } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { ListError, ListLoading } from '../../components/lists/list-states';
import { MoneyText } from '../cash-boxes/money-text';
import { useCarrierCashQuery } from './remittances-api';

const figure = { fontVariantNumeric: 'tabular-nums', textAlign: 'end', whiteSpace: 'nowrap' } as const;

/**
 * "Cash with carriers" (issue 13.4): what each carrier owes (return fees deducted, decision 0112),
 * aged by days since delivery.
 */
export function CarrierCash() {
  const { t } = useTranslation();
  const carriers = useCarrierCashQuery();
  if (carriers.isLoading) return <ListLoading />;
  if (carriers.isError) return <ListError error={carriers.error} onRetry={() => void carriers.refetch()} />;
  const data = carriers.data ?? [];
  if (!data.length) return null;
  return (
    <Paper sx={{ overflow: 'hidden', mb: 3 }}>
      <Typography variant="h6" sx={{ px: 2, pt: 2 }}>
        {t('money.cash_with_carriers')}
      </Typography>
      <TableContainer>
        <Table size="small" sx={{ minWidth: 720 }} aria-label={t('money.cash_with_carriers')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('money.carrier')}</TableCell>
              <TableCell sx={figure}>{t('money.parcels')}</TableCell>
              {AGEING_BUCKETS.map((bucket) => (
                <TableCell key={bucket} sx={figure}>
                  {t(`money.buckets.${bucket}`)}
                </TableCell>
              ))}
              <TableCell sx={figure}>{t('money.owed')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((carrier) => (
              <TableRow key={carrier.shipping_company_id} data-testid="carrier-cash-row" data-name={carrier.name}>
                <TableCell>{carrier.name}</TableCell>
                <TableCell sx={figure}>{carrier.parcels}</TableCell>
                {AGEING_BUCKETS.map((bucket) => (
                  <TableCell key={bucket} sx={figure}>
                    <MoneyText
                      amount={carrier.buckets[bucket].centimes}
                      color={bucket === 'd30_plus' && carrier.buckets[bucket].parcels ? 'error' : undefined}
                    />
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {t('money.parcel_count', { count: carrier.buckets[bucket].parcels })}
                    </Typography>
                  </TableCell>
                ))}
                <TableCell sx={figure}>
                  <MoneyText amount={carrier.owed_centimes} sx={{ fontWeight: 600 }} data-testid="carrier-owed" />
                  {carrier.returned_parcels > 0 && (
                    // Decision 0112: the returns' fees are already taken off what is owed.
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      sx={{ display: 'block' }}
                      data-testid="carrier-return-fees"
                    >
                      {t('money.return_fees_deducted')} <MoneyText amount={carrier.return_fees_centimes} /> (
                      {t('money.parcel_count', { count: carrier.returned_parcels })})
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell>{t('money.totals')}</TableCell>
              <TableCell sx={figure}>{data.reduce((sum, c) => sum + c.parcels, 0)}</TableCell>
              {AGEING_BUCKETS.map((bucket) => (
                <TableCell key={bucket} sx={figure}>
                  <MoneyText amount={sumCentimes(data.map((c) => c.buckets[bucket].centimes))} />
                </TableCell>
              ))}
              <TableCell sx={figure}>
                <MoneyText amount={sumCentimes(data.map((c) => c.owed_centimes))} sx={{ fontWeight: 600 }} />
              </TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>
    </Paper>
  );
}
