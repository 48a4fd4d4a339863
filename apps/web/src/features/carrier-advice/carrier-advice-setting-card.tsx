import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { announceResult } from '../../lib/announce-result';
import { useCarrierAdviceSettingsQuery, useSaveCarrierAdviceSettings } from './carrier-advice-api';
import { CardHeading } from '../../components/cards/card-heading';

/** Issue 15.6: the shop's choice to pre-select the advised company (docs/decisions/0091). */
export function CarrierAdviceSettingCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const settings = useCarrierAdviceSettingsQuery();
  const save = useSaveCarrierAdviceSettings();
  const onChange = (preselect: boolean) =>
    announceResult(t, async () => {
      const answer = await save.mutateAsync(preselect);
      await settings.refetch();
      return answer;
    });
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid="carrier-advice-setting">
      <CardHeading
        title={t('carrier_advice.setting_title')}
        help={t('carrier_advice.setting_help')}
        helpSx={{ mb: 1 }}
      />
      <FormControlLabel
        control={
          <Switch
            checked={settings.data?.preselect ?? false}
            disabled={!canEdit || !settings.data || save.isPending}
            onChange={(event) => void onChange(event.target.checked)}
            slotProps={{ input: { 'aria-label': t('carrier_advice.preselect') } }}
          />
        }
        label={t('carrier_advice.preselect')}
      />
    </Paper>
  );
}
