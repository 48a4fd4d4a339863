import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { REMITTANCE_ISSUES, type TCarrierBox, type TCashBox, type TRemittanceResult } from '@cod/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialogActions } from '../../components/dialogs/form-dialog-actions';
import { ResponsiveDialog } from '../../components/dialogs/responsive-dialog';
import { failureMessages } from '../../lib/server-message';
import { boxOptions, FormErrorAlert, full, moneyGrid, SheetFileChooser, todayIso } from '../cash-boxes/money-form';
import { MoneyText } from '../cash-boxes/money-text';
import { useCarrierCashQuery, useFetchRemittance, useUploadStatement } from './remittances-api';

/**
 * What the box received and what it did not (decision 0141): the parcels this statement newly
 * paid are credited; lines paid before, unknown or short-paid credit nothing until resolved.
 */
function CreditTotals({ result }: { result: TRemittanceResult }) {
  const { t } = useTranslation();
  const held = REMITTANCE_ISSUES.filter((reason) => result.not_credited[reason].count > 0);
  return (
    <Table size="small" aria-label={t('money.credit_totals')} data-testid="remittance-credit">
      <TableBody>
        <TableRow>
          <TableCell>{t('money.credited_to_box', { box: result.box_name })}</TableCell>
          <TableCell sx={{ textAlign: 'end' }}>{result.matched_count}</TableCell>
          <TableCell sx={{ textAlign: 'end' }} data-testid="remittance-credited">
            <MoneyText amount={result.credited_centimes} />
          </TableCell>
        </TableRow>
        {held.map((reason) => (
          <TableRow key={reason} data-testid="remittance-not-credited">
            <TableCell>{t('money.not_credited', { reason: t(`money.issue_reasons.${reason}`) })}</TableCell>
            <TableCell sx={{ textAlign: 'end' }}>{result.not_credited[reason].count}</TableCell>
            <TableCell sx={{ textAlign: 'end' }}>
              <MoneyText amount={result.not_credited[reason].centimes} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ResultView({ result }: { result: TRemittanceResult }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="remittance-result">
      <Alert severity={result.issue_count ? 'warning' : 'success'}>
        {t('money.remittance_summary', { matched: result.matched_count, issues: result.issue_count })}{' '}
        <MoneyText amount={result.amount_centimes} />
      </Alert>
      <CreditTotals result={result} />
      {result.issues.length > 0 && (
        <Table size="small" aria-label={t('money.differences')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('money.line')}</TableCell>
              <TableCell>{t('money.tracking')}</TableCell>
              <TableCell>{t('money.reason')}</TableCell>
              <TableCell sx={{ textAlign: 'end' }}>{t('money.expected')}</TableCell>
              <TableCell sx={{ textAlign: 'end' }}>{t('money.paid')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.issues.map((issue) => (
              <TableRow key={issue.line} data-testid="remittance-issue">
                <TableCell>{issue.line}</TableCell>
                <TableCell dir="ltr">{issue.tracking_number}</TableCell>
                <TableCell>{t(`money.issue_reasons.${issue.reason}`)}</TableCell>
                <TableCell sx={{ textAlign: 'end' }}>
                  {issue.expected_centimes === null ? '—' : <MoneyText amount={issue.expected_centimes} />}
                </TableCell>
                <TableCell sx={{ textAlign: 'end' }}>
                  <MoneyText amount={issue.paid_centimes} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/**
 * Record a carrier's remittance from its statement (CSV/XLSX), or fetched from the carrier's API
 * where it gives its parcels' payment status (decision 0113): matched, differences listed.
 */
export function RemittanceDialog({
  carriers,
  boxes,
  onClose,
}: {
  carriers: TCarrierBox[];
  boxes: TCashBox[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const upload = useUploadStatement();
  const fetchFromCarrier = useFetchRemittance();
  const cash = useCarrierCashQuery();
  const busy = upload.isPending || fetchFromCarrier.isPending;
  const live = boxes.filter((b) => !b.archived_at);
  const [companyId, setCompanyId] = useState(String(carriers[0]?.shipping_company_id ?? ''));
  const [boxId, setBoxId] = useState(String(live[0]?.id ?? ''));
  const [day, setDay] = useState(todayIso());
  const [reference, setReference] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<TRemittanceResult | null>(null);
  const canFetch = Boolean(cash.data?.some((c) => c.shipping_company_id === Number(companyId) && c.fetch_payments));

  const statement = { shipping_company_id: Number(companyId), box_id: Number(boxId), received_on: day, reference };
  /** Records the remittance the carrier's API or the statement gives, and shows what matched. */
  const record = async (remit: () => Promise<TRemittanceResult>) => {
    setError(null);
    try {
      setResult(await remit());
    } catch (failure) {
      // The 422's own messages (a statement's columns, a carrier without payment status...).
      setError(failureMessages(t, failure).join(' '));
    }
  };
  const fetchPayments = () => record(() => fetchFromCarrier.mutateAsync(statement));
  const submit = () =>
    file ? record(() => upload.mutateAsync({ ...statement, file })) : setError(t('money.statement_required'));

  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      busy={busy}
      maxWidth="md"
      testId="remittance-dialog"
      title={t('money.record_remittance')}
      actions={
        result ? (
          <Button onClick={onClose} variant="contained">
            {t('money.done')}
          </Button>
        ) : (
          <FormDialogActions
            onCancel={onClose}
            busy={busy}
            onSubmit={() => void submit()}
            submitLabel={t('money.match_statement')}
            submitTestId="remittance-submit"
          />
        )
      }
    >
      {result ? (
        <ResultView result={result} />
      ) : (
        <Box sx={moneyGrid}>
          <FormErrorAlert>{error}</FormErrorAlert>
          <TextField select label={t('money.carrier')} value={companyId} onChange={(e) => setCompanyId(e.target.value)}>
            {carriers.map((c) => (
              <MenuItem key={c.shipping_company_id} value={String(c.shipping_company_id)}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label={t('money.paid_into')} value={boxId} onChange={(e) => setBoxId(e.target.value)}>
            {boxOptions(boxes)}
          </TextField>
          <TextField
            type="date"
            label={t('money.date')}
            value={day}
            onChange={(e) => setDay(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField label={t('money.reference')} value={reference} onChange={(e) => setReference(e.target.value)} />
          <SheetFileChooser
            label={t('money.choose_statement')}
            help={t('money.statement_help')}
            file={file}
            testId="statement-file"
            onChange={setFile}
          />
          {canFetch && (
            <Box sx={full}>
              <Button
                variant="outlined"
                onClick={() => void fetchPayments()}
                disabled={busy}
                data-testid="remittance-fetch"
              >
                {t('money.fetch_from_carrier')}
              </Button>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
                {t('money.fetch_from_carrier_help')}
              </Typography>
            </Box>
          )}
        </Box>
      )}
    </ResponsiveDialog>
  );
}
