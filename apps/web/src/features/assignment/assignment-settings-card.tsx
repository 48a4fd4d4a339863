import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ASSIGNMENT_MODES, type TAssignmentMode, type TAssignmentSettings } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { QueryCard, SettingsForm } from '../../components/cards/query-card';
import { SelectField } from '../../components/forms/select-field';
import { useFieldErrors } from '../../components/forms/use-field-errors';
import { toast } from '../../lib/toast';
import { useAssignmentSettingsQuery, useSaveAssignmentSettings } from './assignment-api';

/** Issue 15.3: the shop settings' automatic assignment card. */
export function AssignmentSettingsCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const settings = useAssignmentSettingsQuery();
  return (
    <QueryCard testId="assignment-settings" title={t('assignment.title')} help={t('assignment.help')} query={settings}>
      {(data) => <AssignmentForm key={JSON.stringify(data)} settings={data} canEdit={canEdit} />}
    </QueryCard>
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
  const { errors, guard } = useFieldErrors();
  const off = mode === 'off';

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    return guard(async () => {
      await save.mutateAsync({
        mode,
        max_open_orders: cap.trim() === '' ? null : Number(cap),
        release_after_minutes: release.trim() === '' ? null : Number(release),
        online_only: onlineOnly,
        use_product_permissions: byProduct,
      });
      void toast(t('assignment.saved'), { variant: 'success' });
    });
  };

  return (
    <SettingsForm onSubmit={submit}>
      <SelectField
        label={t('assignment.mode')}
        value={mode}
        onChange={(e) => setMode(e.target.value as TAssignmentMode)}
        disabled={!canEdit}
        error={Boolean(errors.mode)}
        helperText={errors.mode ?? t(`assignment.mode_help.${mode}`)}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'assignment-mode' } as object } }}
        options={ASSIGNMENT_MODES.map((value) => ({ value, label: t(`assignment.modes.${value}`) }))}
      />
      {/* The two limits: a number of open orders, a number of minutes (empty = none). */}
      {(
        [
          ['max_open_orders', 'cap', cap, setCap],
          ['release_after_minutes', 'release', release, setRelease],
        ] as const
      ).map(([field, name, value, set]) => (
        <TextField
          key={field}
          label={t(`assignment.${name}`)}
          value={value}
          onChange={(e) => set(e.target.value)}
          disabled={!canEdit || off}
          error={Boolean(errors[field])}
          helperText={errors[field] ?? t(`assignment.${name}_help`)}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `assignment-${name}` } }}
        />
      ))}
      <Box sx={{ display: 'grid', alignContent: 'start' }}>
        {(
          [
            ['online_only', onlineOnly, setOnlineOnly],
            ['by_product', byProduct, setByProduct],
          ] as const
        ).map(([name, checked, set]) => (
          <FormControlLabel
            key={name}
            control={<Switch checked={checked} onChange={(e) => set(e.target.checked)} />}
            label={t(`assignment.${name}`)}
            disabled={!canEdit || off}
          />
        ))}
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
    </SettingsForm>
  );
}
