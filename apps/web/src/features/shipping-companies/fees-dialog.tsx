import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import type { TShippingCompany, TShippingFeeRow } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { ResponsiveDialog } from '../../components/dialogs/responsive-dialog';
import { errorMessage } from '../../lib/server-errors';
import { useCompanyFees, useImportFees, useSaveFees } from './shipping-companies-api';

type TFeeKind = 'home' | 'desk' | 'back';
type TDraft = Record<number, Record<TFeeKind, string>>;

const text = (fee: number | null | undefined) => fee?.toString() ?? '';
const toDraft = (rows: readonly TShippingFeeRow[]): TDraft =>
  Object.fromEntries(
    rows.map((r) => [r.state_id, { home: text(r.home_fee), desk: text(r.stopdesk_fee), back: text(r.return_fee) }]),
  );
const toFee = (value: string) => (value.trim() === '' ? null : Number(value));
/** A fee is empty, or a number of 0 or more (the server says the same, per field). */
const badFee = (fee: number | null) => fee !== null && (Number.isNaN(fee) || fee < 0);
const LABELS: Record<TFeeKind, string> = {
  home: 'shipping.companies.home_fee',
  desk: 'shipping.companies.stopdesk_fee',
  // What the carrier bills for a parcel that comes back: taken off what it owes (decision 0112).
  back: 'shipping.companies.return_fee',
};

/**
 * Issue 5.3: per-wilaya fees for home and stop-desk delivery, imported from the carrier and editable,
 * and the return fee (issue 13.4, decision 0112), typed by the shop (the import keeps it).
 */
export function FeesDialog({ company, onClose }: { company: TShippingCompany; onClose: () => void }) {
  const { t } = useTranslation();
  const fees = useCompanyFees(company.id);
  const save = useSaveFees();
  const importFees = useImportFees();
  const [draft, setDraft] = useState<TDraft | null>(null);
  const rows = fees.data?.data ?? [];
  const current = draft ?? toDraft(rows);
  const edit = (stateId: number, patch: Partial<Record<TFeeKind, string>>) =>
    setDraft({ ...current, [stateId]: { ...current[stateId]!, ...patch } });

  const onImport = async () => {
    try {
      const answer = await importFees.mutateAsync(company.id);
      // The carrier's import brings delivery fees; the return fees typed here stay as drafted.
      const imported = toDraft(answer.data);
      setDraft(
        Object.fromEntries(
          Object.entries(imported).map(([id, fee]) => [id, { ...fee, back: current[Number(id)]?.back ?? fee.back }]),
        ),
      );
      void toast(t('shipping.companies.fees_imported'), { variant: 'success' });
    } catch (error) {
      void toast(errorMessage(t, error), { variant: 'error' });
    }
  };
  const onSave = async () => {
    const payload = rows.map((r) => ({
      state_id: r.state_id,
      home_fee: toFee(current[r.state_id]?.home ?? ''),
      stopdesk_fee: toFee(current[r.state_id]?.desk ?? ''),
      return_fee: toFee(current[r.state_id]?.back ?? ''),
    }));
    if (payload.some((p) => badFee(p.home_fee) || badFee(p.stopdesk_fee) || badFee(p.return_fee))) {
      return void toast(t('shipping.companies.fee_invalid'), { variant: 'error' });
    }
    try {
      await save.mutateAsync({ id: company.id, fees: payload });
      void toast(t('shipping.companies.fees_saved'), { variant: 'success' });
      onClose();
    } catch (error) {
      void toast(errorMessage(t, error), { variant: 'error' });
    }
  };

  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      maxWidth="md"
      busy={save.isPending}
      testId="fees-dialog"
      title={t('shipping.companies.fees_title', { name: company.name })}
      actions={
        <>
          {company.kind !== 'manual' && (
            <Button onClick={() => void onImport()} disabled={importFees.isPending}>
              {t('shipping.companies.import_fees')}
            </Button>
          )}
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button variant="contained" onClick={() => void onSave()} disabled={save.isPending || !rows.length}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      {fees.isLoading ? (
        <CircularProgress size={28} aria-label={t('shipping.loading')} />
      ) : fees.isError ? (
        <Alert severity="error">{errorMessage(t, fees.error)}</Alert>
      ) : (
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell>{t('shipping.companies.wilaya')}</TableCell>
              <TableCell>{t('shipping.companies.home_fee')}</TableCell>
              <TableCell>{t('shipping.companies.stopdesk_fee')}</TableCell>
              <TableCell>{t('shipping.companies.return_fee')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.state_id}>
                <TableCell>
                  {String(row.state_id).padStart(2, '0')} {row.state_name}
                </TableCell>
                {(['home', 'desk', 'back'] as const).map((kind) => (
                  <TableCell key={kind}>
                    <TextField
                      size="small"
                      type="number"
                      value={current[row.state_id]?.[kind] ?? ''}
                      onChange={(event) => edit(row.state_id, { [kind]: event.target.value })}
                      slotProps={{
                        htmlInput: {
                          min: 0,
                          'aria-label': `${row.state_name} ${t(LABELS[kind])}`,
                        },
                      }}
                    />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </ResponsiveDialog>
  );
}
