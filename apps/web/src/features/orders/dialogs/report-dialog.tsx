import { useState } from 'react';
import TextField from '@mui/material/TextField';
import type { TOrderRow } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { announceResult } from '../../../lib/announce-result';
import { FormDialog } from '../../../components/ops-kit/form-dialog';
import { useReportOrder } from '../orders-api';
import { DateTimeField } from './date-time-field';
import { nowLocal, statusFormErrors } from './status-form-rules';
import { translateServerMessage } from '../../../lib/server-message';

/**
 * SPEC 2.4 report date picker: schedules the call back of an order (POST .../{id}/report); the
 * order takes the shop's reported status with the date-time (Y-m-d H:i, 24 h).
 */
export function ReportDialog({ order, onClose }: { order: TOrderRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [reportDate, setReportDate] = useState(order.formatted_reported_at ?? '');
  const [description, setDescription] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const report = useReportOrder();
  const check = () =>
    statusFormErrors({ status: 0, statusType: 'reported', description, report_date: reportDate, cancelled_at: '' })
      .report_date;
  const error = submitted ? check() : undefined;

  const submit = async () => {
    setSubmitted(true);
    if (check()) return;
    const body = { report_date: reportDate, description: description.trim() || null };
    const done = await announceResult(t, () => report.mutateAsync({ id: order.id, body }), {
      failureKey: 'orders.messages.status_failed',
    });
    if (done) onClose();
  };

  return (
    <FormDialog
      onClose={onClose}
      busy={report.isPending}
      title={t('orders.report_dialog.title', { number: order.order_number })}
      testId="report-dialog"
      onSave={submit}
      submitLabel={t('orders.report_dialog.submit')}
    >
      <DateTimeField
        label={t('orders.status_dialog.report_date')}
        required
        value={reportDate}
        minDate={nowLocal().slice(0, 10)}
        onChange={setReportDate}
        error={translateServerMessage(t, error)}
        testId="report-date"
      />
      <TextField
        label={t('orders.status_dialog.description')}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
    </FormDialog>
  );
}
