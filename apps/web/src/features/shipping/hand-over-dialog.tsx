import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ResponsiveDialog } from '../../components/dialogs/responsive-dialog';
import { useAssignShipping, useCompanyOptions, useDispatch } from './shipping-api';
import { showHandOverOutcome } from './shipping-outcome';
import { failureMessage } from '../../lib/server-message';
import { CarrierAdvicePanel } from '../carrier-advice/carrier-advice-panel';

export interface THandOverDialogProps {
  /** SPEC 4 ready tab: Assign to Shipping, or Dispatch through a company. */
  mode: 'assign' | 'dispatch';
  orderIds: readonly number[];
  onClose: () => void;
  /** After the call (whatever its outcome): the screen clears its selection. */
  onDone?: (result: { succeeded: number[]; failed: number[] }) => void;
}

/**
 * SPEC 2.4 "assign to shipping company" and "dispatch" dialogs: pick a company, send the selected
 * orders, then SPEC 8's outcome (partial, all failed, all succeeded) as a 5000 ms toast (SPEC 9).
 */
export function HandOverDialog({ mode, orderIds, onClose, onDone }: THandOverDialogProps) {
  const { t } = useTranslation();
  const companies = useCompanyOptions();
  const assign = useAssignShipping();
  const dispatch = useDispatch();
  const [companyId, setCompanyId] = useState<number | ''>('');
  const [error, setError] = useState<string | null>(null);
  const busy = assign.isPending || dispatch.isPending;
  const single = orderIds.length === 1;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    // SPEC 5: a company and at least one order.
    if (!orderIds.length) return setError(t('shipping.select_orders'));
    if (companyId === '') return setError(t('shipping.select_company'));
    setError(null);
    try {
      const body = { shipping_company_id: companyId, order_ids: [...orderIds] };
      const result =
        mode === 'assign'
          ? await assign.mutateAsync(body).then((r) => ({ ok: r.shipping_success, errors: r.shipping_errors }))
          : await dispatch.mutateAsync(body).then((r) => ({ ok: r.dispatch_success, errors: r.dispatch_errors }));
      showHandOverOutcome(t, mode, result.ok.length, result.errors, single);
      onDone?.({ succeeded: result.ok.map((s) => s.order_id), failed: result.errors.map((e) => e.order_id) });
      onClose();
    } catch (caught) {
      setError(failureMessage(t, caught, 'shipping.unexpected'));
    }
  };

  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      busy={busy}
      testId={`${mode}-shipping-dialog`}
      maxWidth="sm"
      title={t(mode === 'assign' ? 'shipping.assign_title' : 'shipping.dispatch_title')}
      submit={{
        submitLabel: t(mode === 'assign' ? 'shipping.assign' : 'shipping.dispatch'),
        submitDisabled: !orderIds.length,
      }}
    >
      <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('shipping.selected_orders', { n: orderIds.length })}
        </Typography>
        {error && <Alert severity="error">{error}</Alert>}
        <TextField
          select
          label={t('shipping.company')}
          required
          value={companyId}
          onChange={(event) => setCompanyId(Number(event.target.value))}
          disabled={companies.isLoading}
          helperText={companies.data && !companies.data.data.length ? t('shipping.no_companies') : undefined}
          slotProps={{ htmlInput: { 'data-testid': 'shipping-company-select' } }}
        >
          {(companies.data?.data ?? []).map((company) => (
            <MenuItem key={company.id} value={company.id}>
              {company.name}
            </MenuItem>
          ))}
        </TextField>
        {/* Issue 15.6: the shop's delivery history per company for these orders' wilaya. */}
        <CarrierAdvicePanel orderIds={orderIds} selectedId={companyId} onPick={setCompanyId} />
      </Box>
    </ResponsiveDialog>
  );
}
