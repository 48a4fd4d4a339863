import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { TCallCentreSettings } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { QueryCard, SettingsForm } from '../../components/cards/query-card';
import { useFieldErrors } from '../../components/forms/use-field-errors';
import { translateServerMessage } from '../../lib/server-message';
import { toast } from '../../lib/toast';
import { useStatusesQuery } from '../orders/orders-api';
import { useCallSettings, useSaveCallSettings } from './call-centre-api';

/** Issue 15.1-15.2: the shop settings' call rules card (no-answer rule, retry wait). */
export function CallRulesCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const settings = useCallSettings();
  return (
    <QueryCard
      testId="call-rules-settings"
      title={t('callcentre.settings.title')}
      help={t('callcentre.settings.help')}
      query={settings}
    >
      {(data) => <CallRulesForm key={JSON.stringify(data)} settings={data} canEdit={canEdit} />}
    </QueryCard>
  );
}

function CallRulesForm({ settings, canEdit }: { settings: TCallCentreSettings; canEdit: boolean }) {
  const { t } = useTranslation();
  const save = useSaveCallSettings();
  const statuses = useStatusesQuery();
  const [limit, setLimit] = useState(String(settings.unanswered_limit));
  const [hours, setHours] = useState(String(settings.unanswered_hours));
  const [statusId, setStatusId] = useState(
    settings.no_answer_status_id === null ? '' : String(settings.no_answer_status_id),
  );
  const [retry, setRetry] = useState(String(settings.retry_minutes));
  const { errors, guard } = useFieldErrors();
  const targets = (statuses.data?.data ?? []).filter((s) => s.type === 'pending' || s.type === 'cancelled');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    return guard(async () => {
      const answer = await save.mutateAsync({
        unanswered_limit: Number(limit),
        unanswered_hours: Number(hours),
        no_answer_status_id: statusId === '' ? null : Number(statusId),
        retry_minutes: Number(retry),
      } as TCallCentreSettings);
      void toast(translateServerMessage(t, answer), { variant: 'success' });
    });
  };

  const number = (
    id: keyof TCallCentreSettings,
    label: string,
    value: string,
    set: (v: string) => void,
    help: string,
  ) => (
    <TextField
      label={label}
      value={value}
      onChange={(e) => set(e.target.value)}
      disabled={!canEdit}
      error={Boolean(errors[id])}
      helperText={errors[id] ?? help}
      slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `call-${id}` } }}
    />
  );

  return (
    <SettingsForm onSubmit={submit}>
      <TextField
        select
        label={t('callcentre.settings.status')}
        value={statusId}
        onChange={(e) => setStatusId(e.target.value)}
        disabled={!canEdit}
        error={Boolean(errors.no_answer_status_id)}
        helperText={errors.no_answer_status_id ?? t('callcentre.settings.status_help')}
        slotProps={{
          select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'call-no-answer-status' } as object },
          inputLabel: { shrink: true },
        }}
      >
        <MenuItem value="">{t('callcentre.settings.off')}</MenuItem>
        {targets.map((status) => (
          <MenuItem key={status.id} value={String(status.id)}>
            {status.display_name}
          </MenuItem>
        ))}
      </TextField>
      {number('unanswered_limit', t('callcentre.settings.limit'), limit, setLimit, t('callcentre.settings.limit_help'))}
      {number('unanswered_hours', t('callcentre.settings.hours'), hours, setHours, t('callcentre.settings.hours_help'))}
      {number('retry_minutes', t('callcentre.settings.retry'), retry, setRetry, t('callcentre.settings.retry_help'))}
      {canEdit && (
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="call-rules-save">
            {t('callcentre.settings.save')}
          </Button>
        </Box>
      )}
    </SettingsForm>
  );
}
