import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { central, openReceipt, openReceiptPdf } from './central-api';
import type { TPaymentRow } from './central-types';
import { CentralListPage, CreateLink } from './central-list';
import { useCentralRows } from './central-rows';
import { ReasonField } from './central-form';
import { CentralSaveDialog, useCentralSave } from './central-save-dialog';
import { formatDay, money } from './central-ui';

/** /central/payments (issue 19.4): every recorded payment, this month's by default. */
export function PaymentsPage() {
  const { t } = useTranslation();
  const [month, setMonth] = useState('');
  const payments = useCentralRows<TPaymentRow>('payments', { month });
  const list = payments.data?.data ?? [];
  const total = list.filter((p) => !p.voided_at).reduce((sum, p) => sum + p.amount, 0);
  return (
    <CentralListPage
      title={t('central.nav.payments')}
      actions={<CreateLink to="/central/payments/create" label={t('central.payments.record')} />}
      filters={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            size="small"
            type="month"
            label={t('central.payments.month')}
            value={month}
            onChange={(e) => setMonth(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {list.length > 0 && <Chip label={t('central.payments.total', { amount: money(total) })} />}
        </Stack>
      }
      query={payments}
      emptyTitle={t('central.payments.empty')}
    >
      {(rows) => (
        <Paper variant="outlined" sx={{ minWidth: 0 }}>
          <PaymentsTable payments={rows} />
        </Paper>
      )}
    </CentralListPage>
  );
}

export function PaymentsTable({ payments, compact = false }: { payments: TPaymentRow[]; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const [voiding, setVoiding] = useState<TPaymentRow | null>(null);
  return (
    <TableContainer>
      <Table size="small" aria-label={t('central.nav.payments')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('central.payments.paid_on')}</TableCell>
            {!compact && <TableCell>{t('central.tenants.shop')}</TableCell>}
            <TableCell>{t('central.tenants.plan')}</TableCell>
            <TableCell align="right">{t('central.payments.amount')}</TableCell>
            <TableCell>{t('central.payments.method')}</TableCell>
            <TableCell>{t('central.payments.period')}</TableCell>
            <TableCell>{t('central.payments.recorded_by')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {payments.map((payment) => (
            <TableRow
              key={payment.id}
              sx={{ opacity: payment.voided_at ? 0.55 : 1 }}
              data-testid={`payment-${payment.id}`}
            >
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(payment.paid_on, i18n.language)}</TableCell>
              {!compact && <TableCell>{payment.tenant_name}</TableCell>}
              <TableCell>{payment.plan}</TableCell>
              <TableCell
                align="right"
                sx={{ whiteSpace: 'nowrap', textDecoration: payment.voided_at ? 'line-through' : undefined }}
              >
                {money(payment.amount)}
              </TableCell>
              <TableCell>
                {t(`central.methods.${payment.method}`)}
                {payment.reference && (
                  <div>
                    <small>{payment.reference}</small>
                  </div>
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDay(payment.period_from, i18n.language)} → {formatDay(payment.period_to, i18n.language)}
              </TableCell>
              <TableCell>{payment.recorded_by ?? t('central.payments.online')}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Button
                  size="small"
                  onClick={() => void openReceiptPdf(payment.id, i18n.language === 'ar' ? 'ar' : 'fr')}
                >
                  {t('central.payments.receipt_pdf')}
                </Button>
                {payment.has_receipt && (
                  <Button size="small" onClick={() => void openReceipt(payment.id)}>
                    {t('central.payments.receipt')}
                  </Button>
                )}
                {payment.voided_at ? (
                  <Tooltip title={`${payment.voided_by ?? ''}: ${payment.void_reason ?? ''}`}>
                    <Chip size="small" color="default" label={t('central.payments.voided')} />
                  </Tooltip>
                ) : (
                  <Button size="small" color="error" onClick={() => setVoiding(payment)}>
                    {t('central.payments.void')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {voiding && <VoidDialog payment={voiding} onClose={() => setVoiding(null)} />}
    </TableContainer>
  );
}

function VoidDialog({ payment, onClose }: { payment: TPaymentRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const { save, errors } = useCentralSave(
    () => central.post<{ code: string }>(`/central/payments/${payment.id}/void`, { reason }),
    onClose,
  );
  return (
    <CentralSaveDialog
      title={t('central.payments.void_title', { amount: money(payment.amount) })}
      save={save}
      general={null}
      onClose={onClose}
      maxWidth="xs"
      submitLabel={t('central.payments.void')}
      submitColor="error"
    >
      <ReasonField errors={errors} label={t('central.tenants.reason')} value={reason} onChange={setReason} />
    </CentralSaveDialog>
  );
}
