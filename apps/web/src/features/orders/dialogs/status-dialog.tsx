import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { TOrderRow, TOrderTab, TStatus } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { announceResult } from '../../../lib/announce-result';
import { ResponsiveDialog } from '../../../components/dialogs/responsive-dialog';
import { AnswerInputs } from '../custom-fields/answer-inputs';
import {
  answersOf,
  customFieldErrors,
  hasErrors,
  orderRequestWithAnswers,
  productsWithFields,
  type TCustomFieldAnswers,
} from '../custom-fields/custom-field-rules';
import { useChangeStatus, useSaveOrder } from '../orders-api';
import { offeredStatuses, offeredStatusTypes, statusTypeOf } from '../row-action-rules';
import { StatusChip } from '../table/order-cells';
import { StatusFields } from './status-fields';
import { StatusDialogOutcomes } from '../../call-centre/status-dialog-outcomes';
import { statusFormErrors, statusRequestOf, type TStatusFormInput } from './status-form-rules';

interface TStatusDialogProps {
  order: TOrderRow;
  tab: TOrderTab;
  statuses: readonly TStatus[];
  onClose: () => void;
}

const EMPTY: TStatusFormInput = { status: '', statusType: null, description: '', report_date: '', cancelled_at: '' };

/**
 * SPEC 2.4 single status update (with description). Confirming an order whose products ask
 * required custom fields asks them here first ('This field is required', SPEC 5): they are saved
 * with the order, then the status changes.
 */
export function StatusDialog({ order, tab, statuses, onClose }: TStatusDialogProps) {
  const { t } = useTranslation();
  const offered = useMemo(
    () => offeredStatuses(statuses, offeredStatusTypes(tab, statusTypeOf(order))),
    [statuses, tab, order],
  );
  const [value, setValue] = useState<TStatusFormInput>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const products = useMemo(() => productsWithFields(order), [order]);
  const [answers, setAnswers] = useState<TCustomFieldAnswers>(() => answersOf(order));
  const change = useChangeStatus();
  const save = useSaveOrder();
  const busy = change.isPending || save.isPending;

  const missingBefore = useMemo(() => customFieldErrors(products, answersOf(order)), [products, order]);
  const asksFields = value.statusType === 'confirmed' && hasErrors(missingBefore);
  const errors = submitted ? statusFormErrors(value) : {};
  const fieldErrors = submitted && asksFields ? customFieldErrors(products, answers) : {};

  const submit = async () => {
    setSubmitted(true);
    if (Object.keys(statusFormErrors(value)).length) return;
    if (asksFields && hasErrors(customFieldErrors(products, answers))) return;
    const saveThenChange = async () => {
      if (asksFields) await save.mutateAsync({ id: order.id, input: orderRequestWithAnswers(order, answers) });
      return change.mutateAsync({ id: order.id, body: statusRequestOf(value) });
    };
    if (await announceResult(t, saveThenChange, { failureKey: 'orders.messages.status_failed' })) onClose();
  };

  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      busy={busy}
      title={t('orders.status_dialog.title', { number: order.order_number })}
      testId="status-dialog"
      onSave={submit}
      submit={{ submitLabel: t('orders.status_dialog.submit'), submitDisabled: offered.length === 0 }}
    >
      {order.latest_status && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('orders.status_dialog.current')}
          </Typography>
          <StatusChip status={order.latest_status.status} />
        </Box>
      )}
      {offered.length === 0 ? (
        <Alert severity="info">{t('orders.status_dialog.none_offered')}</Alert>
      ) : (
        <StatusFields statuses={offered} value={value} onChange={setValue} errors={errors} />
      )}
      {asksFields && (
        <Box sx={{ mt: 2 }}>
          <Divider sx={{ mb: 2 }} />
          <Typography variant="subtitle2" gutterBottom>
            {t('orders.status_dialog.custom_fields')}
          </Typography>
          <AnswerInputs
            products={products}
            answers={answers}
            setAnswers={setAnswers}
            errors={fieldErrors}
            required={() => t('orders.validation.field_required')}
          />
        </Box>
      )}
      {/* Issue 15.1: a call's outcome is recorded here too (an attempt; confirmed/cancelled move the status). */}
      {offered.length > 0 && <StatusDialogOutcomes order={order} onDone={onClose} />}
    </ResponsiveDialog>
  );
}
