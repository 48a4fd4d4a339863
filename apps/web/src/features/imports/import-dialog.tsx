import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { FormDialogActions } from '../../components/dialogs/form-dialog-actions';
import { downloadFile, importApi, importPaths, type TImportStarted } from './imports-api';
import { importFailureMessages } from './import-progress';
import { translateServerMessage } from '../../lib/server-message';

/** SPEC 5: .xlsx, .xls or .csv. */
const ACCEPT = '.xlsx,.xls,.csv';

interface TImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** The server took the file: the Import Progress dialog takes over. */
  onStarted: (started: TImportStarted) => void;
}

/**
 * SPEC 2.4 import dialog: a file (.xlsx, .xls, .csv; required 'Please select a file to import'),
 * the template download, Import. SPEC 8: 'Import started with N rows'; a refused file shows the
 * listed errors, else the message, else 'Import failed'.
 */
export function ImportDialog({ open, onClose, onStarted }: TImportDialogProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    if (busy) return;
    setFile(null);
    setProblem(null);
    onClose();
  };

  const submit = async () => {
    if (!file) {
      setProblem(t('imports.dialog.file_required'));
      return;
    }
    setBusy(true);
    try {
      const started = await importApi.start(file);
      void toast(t('imports.toast.started', { count: started.total_rows }), { variant: 'success' });
      setFile(null);
      setProblem(null);
      onStarted(started);
    } catch (error) {
      const messages =
        error instanceof ApiError && error.status < 500
          ? [...new Set(importFailureMessages(error.body).map((m) => translateServerMessage(t, m)))]
          : [];
      const shown = messages.length ? messages : [t('imports.toast.failed')];
      setProblem(shown.join(' '));
      for (const message of shown) void toast(message, { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const template = () =>
    void downloadFile(importPaths.template, { fallbackName: 'orders_import_template.xlsx' }).catch(
      () => void toast(t('imports.toast.template_failed'), { variant: 'error' }),
    );

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: 600 } } }}
      data-testid="import-dialog"
    >
      <DialogTitle>{t('imports.dialog.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {t('imports.dialog.help')}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<UploadFileOutlinedIcon />} onClick={() => input.current?.click()}>
            {t('imports.dialog.choose')}
          </Button>
          <Typography variant="body2" data-testid="import-file-name" sx={{ overflowWrap: 'anywhere' }}>
            {file ? file.name : t('imports.dialog.no_file')}
          </Typography>
          <input
            ref={input}
            type="file"
            hidden
            accept={ACCEPT}
            data-testid="import-file-input"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setProblem(null);
              event.target.value = '';
            }}
          />
        </Box>
        <Typography variant="caption" color="text.secondary">
          {t('imports.dialog.types')}
        </Typography>
        {problem && (
          <Alert severity="error" data-testid="import-problem">
            {problem}
          </Alert>
        )}
        <Link
          component="button"
          type="button"
          onClick={template}
          sx={{ justifySelf: 'start' }}
          data-testid="import-template"
        >
          {t('imports.dialog.template')}
        </Link>
      </DialogContent>
      <DialogActions>
        <FormDialogActions
          onCancel={close}
          busy={busy}
          submitLabel={t('imports.dialog.submit')}
          onSubmit={() => void submit()}
          submitTestId="import-submit"
        />
      </DialogActions>
    </Dialog>
  );
}
