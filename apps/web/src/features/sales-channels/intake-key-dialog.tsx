import { useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';

interface TIntakeKeyDialogProps {
  channelName: string;
  intakeKey: string;
  /** Created or rotated: the wording differs (a rotation has just disabled the old key). */
  reason: 'created' | 'rotated';
  onClose: () => void;
}

async function copyText(text: string, input: HTMLTextAreaElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard API (plain http on a LAN address): select the text so Ctrl+C works.
    input?.select();
    return false;
  }
}

/**
 * Issue 3.7: the channel's intake key, shown once. Only its hash is kept by the server, so this
 * dialog does not close on a stray click or Escape, only on the explicit button.
 */
export function IntakeKeyDialog({ channelName, intakeKey, reason, onClose }: TIntakeKeyDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const input = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState<'yes' | 'select' | null>(null);

  return (
    <Dialog open maxWidth="sm" fullWidth fullScreen={phone} aria-labelledby={titleId} data-testid="intake-key-dialog">
      <DialogTitle id={titleId}>{t('sales_channels.key_title', { name: channelName })}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="warning" role="alert">
          <AlertTitle>{t('sales_channels.key_once_title')}</AlertTitle>
          {t('sales_channels.key_once_message')}
          {reason === 'rotated' && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('sales_channels.key_rotated_message')}
            </Typography>
          )}
        </Alert>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
          <TextField
            inputRef={input}
            label={t('sales_channels.intake_key')}
            value={intakeKey}
            fullWidth
            // Multi-line, so the whole key shows on a phone too (it is one unbroken word).
            multiline
            onFocus={(event) => event.target.select()}
            helperText={copied === 'select' ? t('sales_channels.key_select_hint') : undefined}
            slotProps={{
              htmlInput: { readOnly: true, dir: 'ltr', spellCheck: false, 'data-testid': 'intake-key' },
              input: { sx: { fontFamily: 'monospace', fontSize: 14, lineHeight: 1.6, wordBreak: 'break-all' } },
            }}
          />
          <Button
            variant={copied === 'yes' ? 'outlined' : 'contained'}
            color={copied === 'yes' ? 'success' : 'primary'}
            startIcon={copied === 'yes' ? <CheckIcon /> : <ContentCopyIcon />}
            onClick={async () => setCopied((await copyText(intakeKey, input.current)) ? 'yes' : 'select')}
            sx={{ flexShrink: 0, minHeight: 56 }}
          >
            {copied === 'yes' ? t('sales_channels.copied') : t('sales_channels.copy')}
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('sales_channels.key_usage')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('sales_channels.key_done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
