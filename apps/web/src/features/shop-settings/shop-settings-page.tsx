import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { WEEK_DAYS, ZShopSettingsInput, type TShopSettings } from '@cod/shared';
import { Controller, useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PhoneField } from '../../components/money-kit/phone-field';
import type { z } from 'zod';
import { PageFrame } from '../../app/pages/page-frame';
import { applyServerErrors, fieldMatcher } from '../../lib/server-errors';
import { translateServerMessage } from '../../lib/server-message';
import { toast } from '../../lib/toast';
import { useUserData } from '../../lib/use-session';
import { LogoField } from './logo-field';
import { useCompanyOptionsQuery, useSaveShopSettings, useShopSettingsQuery } from './shop-settings-api';
import { WorkingDayRow } from './working-hours-field';
import { AssignmentSettingsCard } from '../assignment/assignment-settings-card';
import { WhatsAppTemplatesCard } from '../whatsapp/whatsapp-templates-card';
import { CarrierAdviceSettingCard } from '../carrier-advice/carrier-advice-setting-card';
import { WebhooksCard } from '../webhooks/webhooks-card';
import { CallRulesCard } from '../call-centre/call-rules-card';
import { CardHeading } from '../../components/cards/card-heading';
import { RetryAlert } from '../../components/cards/retry-alert';
import { useFormFields } from '../../components/forms/use-form-fields';
import { SelectField } from '../../components/forms/select-field';

type TForm = z.input<typeof ZShopSettingsInput>;
type TOutput = z.output<typeof ZShopSettingsInput>;

const FIELDS = [
  'shop_name',
  'sender_address',
  'sender_phone',
  'time_zone',
  'default_shipping_company_id',
  'working_hours.*.open',
  'working_hours.*.close',
  'whatsapp_phone',
  'low_stock_threshold',
];

function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const all = intl.supportedValuesOf?.('timeZone') ?? [];
  return all.includes('Africa/Algiers') ? all : ['Africa/Algiers', ...all];
}

const formOf = (settings: TShopSettings): TForm => ({
  shop_name: settings.shop_name,
  sender_address: settings.sender_address ?? '',
  sender_phone: settings.sender_phone ?? '',
  time_zone: settings.time_zone,
  default_shipping_company_id: settings.default_shipping_company_id,
  working_hours: settings.working_hours,
  whatsapp_phone: settings.whatsapp_phone ?? '',
  low_stock_threshold: settings.low_stock_threshold,
});

/** /dashboard/shop-settings (issue 18.5, system group; also linked from the profile). */
export function ShopSettingsPage() {
  const { t } = useTranslation();
  const settings = useShopSettingsQuery();
  const canManage = Boolean(useUserData()?.permissions.includes('manage settings'));
  return (
    <PageFrame title={t('nav.shop_settings')} crumbs={[t('nav.system')]} subtitle={t('shop_settings.subtitle')}>
      {settings.isError ? (
        <RetryAlert retryLabel={t('account.retry')} onRetry={settings.refetch}>
          {t('shop_settings.load_failed')}
        </RetryAlert>
      ) : settings.data ? (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <SettingsForm settings={settings.data} />
          {/* Issue 15.3-15.4: automatic assignment and WhatsApp templates, each its own form. */}
          <AssignmentSettingsCard canEdit={canManage} />
          <WhatsAppTemplatesCard canEdit={canManage} />
          {/* Issue 15.6-15.7: carrier advice pre-selection and outbound webhooks. */}
          <CarrierAdviceSettingCard canEdit={canManage} />
          <WebhooksCard canEdit={canManage} />
          {/* Issue 15.1-15.2: the call rules (no-answer rule, retry wait). */}
          <CallRulesCard canEdit={canManage} />
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 3 }} data-testid="shop-settings-loading">
          <Skeleton variant="rounded" height={220} />
          <Skeleton variant="rounded" height={320} />
        </Box>
      )}
    </PageFrame>
  );
}

function Section({ title, help, children }: { title: string; help?: string; children: React.ReactNode }) {
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <CardHeading title={title} help={help} />
      <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' } }}>
        {children}
      </Box>
    </Paper>
  );
}

function SettingsForm({ settings }: { settings: TShopSettings }) {
  const { t } = useTranslation();
  const user = useUserData();
  const canEdit = Boolean(user?.permissions.includes('manage settings'));
  const save = useSaveShopSettings();
  const companies = useCompanyOptionsQuery();
  const zones = useMemo(timeZones, []);
  const form = useForm<TForm, unknown, TOutput>({
    resolver: zodResolver(ZShopSettingsInput),
    defaultValues: formOf(settings),
  });
  const { control, formState } = form;
  const { fieldError, field } = useFormFields(form);
  const defaultCompany = useController({ control, name: 'default_shipping_company_id' }).field;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const answer = await save.mutateAsync(input);
      // The saved values as the server keeps them (phones in national form); a logo upload in
      // between changes only the logo, never what is being typed.
      form.reset(formOf(answer.settings));
      void toast(translateServerMessage(t, answer), { variant: 'success' });
    } catch (error) {
      applyServerErrors({ error, setError: form.setError, t, isField: fieldMatcher(FIELDS) });
    }
  });

  const full = { gridColumn: '1 / -1' } as const;
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 3 }} data-testid="shop-settings">
      {formState.errors.root?.server && <Alert severity="error">{formState.errors.root.server.message}</Alert>}
      <Section title={t('shop_settings.identity')} help={t('shop_settings.identity_help')}>
        <TextField {...field('shop_name')} label={t('shop_settings.shop_name')} required disabled={!canEdit} />
        <Box sx={full}>
          <LogoField url={settings.logo_url} canEdit={canEdit} />
        </Box>
      </Section>

      <Section title={t('shop_settings.labels')} help={t('shop_settings.labels_help')}>
        <TextField
          {...field('sender_address')}
          label={t('shop_settings.sender_address')}
          multiline
          minRows={2}
          disabled={!canEdit}
          sx={full}
        />
        <PhoneField {...field('sender_phone')} label={t('shop_settings.sender_phone')} disabled={!canEdit} />
        <SelectField
          label={t('shop_settings.default_company')}
          value={defaultCompany.value ?? ''}
          onChange={(event) => defaultCompany.onChange(event.target.value === '' ? null : Number(event.target.value))}
          inputRef={defaultCompany.ref}
          disabled={!canEdit}
          error={Boolean(fieldError('default_shipping_company_id'))}
          helperText={fieldError('default_shipping_company_id') ?? t('shop_settings.default_company_help')}
          data-testid="default-company"
          options={(companies.data?.data ?? []).map((company) => ({ value: company.id, label: company.name }))}
        >
          <MenuItem value="">{t('shop_settings.no_default_company')}</MenuItem>
        </SelectField>
      </Section>

      <Section title={t('shop_settings.contact')} help={t('shop_settings.contact_help')}>
        <PhoneField
          {...field('whatsapp_phone')}
          label={t('shop_settings.whatsapp_phone')}
          disabled={!canEdit}
          helperText={fieldError('whatsapp_phone') ?? t('shop_settings.whatsapp_help')}
        />
        <Controller
          control={control}
          name="time_zone"
          render={({ field }) => (
            <Autocomplete
              options={zones}
              value={field.value}
              disableClearable
              disabled={!canEdit}
              onChange={(_, value) => field.onChange(value)}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('shop_settings.time_zone')}
                  inputRef={field.ref}
                  error={Boolean(fieldError('time_zone'))}
                  helperText={fieldError('time_zone') ?? t('shop_settings.time_zone_help')}
                />
              )}
            />
          )}
        />
        <TextField
          {...field('low_stock_threshold')}
          label={t('shop_settings.low_stock_threshold')}
          type="number"
          disabled={!canEdit}
          helperText={fieldError('low_stock_threshold') ?? t('shop_settings.low_stock_help')}
          slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
        />
      </Section>

      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <CardHeading
          title={t('shop_settings.working_hours')}
          help={t('shop_settings.working_hours_help')}
          helpSx={{ mb: 1 }}
        />
        {WEEK_DAYS.map((day) => (
          <Controller
            key={day}
            control={control}
            name={`working_hours.${day}`}
            render={({ field }) => (
              <WorkingDayRow
                day={day}
                value={field.value ?? null}
                onChange={field.onChange}
                disabled={!canEdit}
                errors={{
                  open: fieldError(`working_hours.${day}.open`),
                  close: fieldError(`working_hours.${day}.close`),
                }}
              />
            )}
          />
        ))}
      </Paper>

      {canEdit && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', position: 'sticky', bottom: 16 }}>
          <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
            {t('shop_settings.save')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
