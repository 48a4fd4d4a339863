import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../../lib/server-message';
import { listedErrors, progressPercent, type TImportBatch, type TImportStatus } from './import-progress';
import { useImportProgress } from './use-import-progress';

interface TImportProgressDialogProps {
  open: boolean;
  batchId: number | null;
  onClose: () => void;
  onCompleted?: (batch: TImportBatch) => void;
  onCancelled?: (batch: TImportBatch) => void;
  /** SPEC 4: reloads only the orders data (the dialog then closes). */
  onRefreshOrders: () => void;
}

const BANNER: Record<TImportStatus, { key: string; severity: 'info' | 'success' | 'error' | 'warning' }> = {
  processing: { key: 'imports.progress.banner_processing', severity: 'info' },
  completed: { key: 'imports.progress.banner_completed', severity: 'success' },
  failed: { key: 'imports.progress.banner_failed', severity: 'error' },
  cancelled: { key: 'imports.progress.banner_cancelled', severity: 'warning' },
};

/**
 * SPEC 2.4 / 4 Import Progress dialog: persistent (no outside click or Escape), at most 600 px;
 * overall progress with its percentage; tiles Total Rows, Processed, Failed; the status banner; a
 * collapsible View Errors list ('Row {n}: {message}', the first 10, then '... and N more
 * errors'). Cancel Import only while processing, Close only when not, Refresh Orders only when
 * completed; the header close icon is hidden while processing.
 */
export function ImportProgressDialog(props: TImportProgressDialogProps) {
  const { t } = useTranslation();
  const { batch, errors, totalErrors, cancel } = useImportProgress(props.batchId, props.open, props);
  const [showErrors, setShowErrors] = useState(false);
  const status: TImportStatus = batch?.status ?? 'processing';
  const processing = status === 'processing';
  const percent = progressPercent(batch);
  const errorCount = Math.max(totalErrors, errors.length);
  const { shown, more } = listedErrors(errors, errorCount);

  const tile = (label: string, value: number | null | undefined, testId: string) => (
    <Paper variant="outlined" sx={{ p: 1.5, textAlign: 'center' }}>
      <Typography variant="h6" data-testid={testId}>
        {value ?? 0}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
    </Paper>
  );

  return (
    <Dialog
      open={props.open}
      // SPEC 2.4: persistent; only the buttons close it.
      onClose={() => undefined}
      disableEscapeKeyDown
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: 600 } } }}
      data-testid="import-progress-dialog"
    >
      <DialogTitle sx={{ paddingInlineEnd: 6 }}>
        {t('imports.progress.title')}
        {!processing && (
          <IconButton
            aria-label={t('common.close')}
            onClick={props.onClose}
            sx={{ position: 'absolute', insetInlineEnd: 8, top: 8 }}
            data-testid="import-progress-x"
          >
            <CloseIcon />
          </IconButton>
        )}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Box>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
            <Typography variant="body2">{t('imports.progress.overall')}</Typography>
            <Typography variant="body2" data-testid="import-percent">
              {`${percent}%`}
            </Typography>
          </Box>
          <LinearProgress variant="determinate" value={percent} />
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1.5 }}>
          {tile(t('imports.progress.total_rows'), batch?.total_rows, 'import-total')}
          {tile(t('imports.progress.processed'), batch?.success_count, 'import-processed')}
          {tile(t('imports.progress.failed'), batch?.failed_count, 'import-failed')}
        </Box>
        <Alert severity={BANNER[status].severity} data-testid="import-banner">
          {t(BANNER[status].key)}
        </Alert>
        {errorCount > 0 && (
          <Box>
            <Button
              size="small"
              color="error"
              onClick={() => setShowErrors((v) => !v)}
              endIcon={showErrors ? <ExpandLessIcon /> : <ExpandMoreIcon />}
              data-testid="import-view-errors"
            >
              {t('imports.progress.view_errors', { count: errorCount })}
            </Button>
            <Collapse in={showErrors}>
              <Box component="ul" sx={{ m: 0, paddingInlineStart: 3 }} data-testid="import-errors">
                {shown.map((error) => (
                  <Typography component="li" variant="body2" key={error.row_number}>
                    {t('imports.progress.row_error', {
                      row: error.row_number,
                      // Translated from its code; an answer without codes (before decision 0045) says its own words.
                      message: error.code ? translateServerMessage(t, error.code) : error.error_message,
                    })}
                  </Typography>
                ))}
                {more > 0 && (
                  <Typography component="li" variant="body2" color="text.secondary" sx={{ listStyle: 'none' }}>
                    {t('imports.progress.more_errors', { count: more })}
                  </Typography>
                )}
              </Box>
            </Collapse>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {processing && (
          <Button color="error" onClick={() => void cancel()} data-testid="import-cancel">
            {t('imports.progress.cancel')}
          </Button>
        )}
        {!processing && (
          <Button onClick={props.onClose} data-testid="import-close">
            {t('common.close')}
          </Button>
        )}
        {status === 'completed' && (
          <Button variant="contained" onClick={props.onRefreshOrders} data-testid="import-refresh">
            {t('imports.progress.refresh')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
