import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ASSIGNMENT_MODES, type TAssignmentMode, type TAssignmentSettings } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { failureMessage, fieldMessages, translateServerMessage } from '../../lib/server-message';
import { toast } from '../../lib/toast';
import { useAssignmentSettingsQuery, useSaveAssignmentSettings } from './assignment-api';

/** Issue 15.3: the shop settings' automatic assignment card. */
export function AssignmentSettingsCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const settings = useAssignmentSettingsQuery();
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid="assignment-settings">
      <Typography variant="h6" component="h2">
        {t('assignment.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('assignment.help')}
      </Typography>
      {settings.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failureMessage(t, settings.error)}
        </Alert>
      ) : settings.data ? (
        <AssignmentForm key={JSON.stringify(settings.data)} settings={settings.data} canEdit={canEdit} />
      ) : (
        <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} />
      )}
    </Paper>
  );
}

const text = (value: number | null) => (value === null ? '' : String(value));

function AssignmentForm({ settings, canEdit }: { settings: TAssignmentSettings; canEdit: boolean }) {
  const { t } = useTranslation();
  const save = useSaveAssignmentSettings();
  const [mode, setMode] = useState<TAssignmentMode>(settings.mode);
  const [cap, setCap] = useState(text(settings.max_open_orders));
  const [release, setRelease] = useState(text(settings.release_after_minutes));
  const [onlineOnly, setOnlineOnly] = useState(settings.online_only);
  const [byProduct, setByProduct] = useState(settings.use_product_permissions);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const off = mode === 'off';

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      await save.mutateAsync({
        mode,
        max_open_orders: cap.trim() === '' ? null : Number(cap),
        release_after_minutes: release.trim() === '' ? null : Number(release),
        online_only: onlineOnly,
        use_product_permissions: byProduct,
      });
      void toast(t('assignment.saved'), { variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setErrors(
          Object.fromEntries(
            Object.entries(fieldMessages(error)).map(([field, list]) => [field, translateServerMessage(t, list[0])]),
          ) as Record<string, string>,
        );
      } else void toast(failureMessage(t, error), { variant: 'error' });
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' } }}
    >
      <TextField
        select
        label={t('assignment.mode')}
        value={mode}
        onChange={(e) => setMode(e.target.value as TAssignmentMode)}
        disabled={!canEdit}
        error={Boolean(errors.mode)}
        helperText={errors.mode ?? t(`assignment.mode_help.${mode}`)}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'assignment-mode' } as object } }}
      >
        {ASSIGNMENT_MODES.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`assignment.modes.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('assignment.cap')}
        value={cap}
        onChange={(e) => setCap(e.target.value)}
        disabled={!canEdit || off}
        error={Boolean(errors.max_open_orders)}
        helperText={errors.max_open_orders ?? t('assignment.cap_help')}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'assignment-cap' } }}
      />
      <TextField
        label={t('assignment.release')}
        value={release}
        onChange={(e) => setRelease(e.target.value)}
        disabled={!canEdit || off}
        error={Boolean(errors.release_after_minutes)}
        helperText={errors.release_after_minutes ?? t('assignment.release_help')}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'assignment-release' } }}
      />
      <Box sx={{ display: 'grid', alignContent: 'start' }}>
        <FormControlLabel
          control={<Switch checked={onlineOnly} onChange={(e) => setOnlineOnly(e.target.checked)} />}
          label={t('assignment.online_only')}
          disabled={!canEdit || off}
        />
        <FormControlLabel
          control={<Switch checked={byProduct} onChange={(e) => setByProduct(e.target.checked)} />}
          label={t('assignment.by_product')}
          disabled={!canEdit || off}
        />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
        {t('assignment.manual_note')}
      </Typography>
      {canEdit && (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="assignment-save">
            {t('common.save')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
