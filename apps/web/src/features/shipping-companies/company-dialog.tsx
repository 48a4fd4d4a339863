import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TCarrierPresetView, TShippingCompany } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { ResponsiveDialog } from '../../components/dialogs/responsive-dialog';
import { errorMessage } from '../../lib/server-errors';
import { fieldMessages, translateServerMessage } from '../../lib/server-message';
import { useCarrierPresets, useSaveCompany } from './shipping-companies-api';

interface TCompanyDialogProps {
  company: TShippingCompany | null;
  onClose: () => void;
}

type TForm = {
  preset: string;
  name: string;
  code: string;
  base_url: string;
  credentials: Record<string, string>;
  active: boolean;
  all_wilayas: boolean;
  served: string;
};

const toList = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 1 && n <= 58);

/**
 * /shippingcompanies/create|edit (issue 5.3): carrier, name, credentials (secrets come back masked
 * and are kept unless retyped, decision 0019), base URL for an EcoTrack tenant, served wilayas.
 */
export function CompanyDialog({ company, onClose }: TCompanyDialogProps) {
  const { t } = useTranslation();
  const presets = useCarrierPresets();
  const save = useSaveCompany();
  const [form, setForm] = useState<TForm>({
    preset: company?.code ?? '',
    name: company?.name ?? '',
    code: company?.code ?? '',
    base_url: company?.base_url ?? '',
    credentials: { ...(company?.credentials ?? {}) },
    active: company?.active ?? true,
    all_wilayas: company ? company.served_wilayas === null : true,
    served: company?.served_wilayas?.join(', ') ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const list = presets.data?.data ?? [];
  const preset: TCarrierPresetView | undefined =
    list.find((p) => p.code === form.preset) ?? (company ? list.find((p) => p.kind === company.kind) : undefined);
  const set = (patch: Partial<TForm>) => setForm((f) => ({ ...f, ...patch }));
  const fieldError = (name: string) => errors[name]?.[0];

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!preset) return setErrors({ kind: [t('shipping.companies.pick_carrier')] });
    try {
      await save.mutateAsync({
        id: company?.id ?? null,
        input: {
          kind: preset.kind,
          code: form.code || preset.code,
          name: form.name,
          base_url: form.base_url || null,
          credentials: form.credentials,
          active: form.active,
          served_wilayas: form.all_wilayas ? null : toList(form.served),
        },
      });
      void toast(t(company ? 'shipping.companies.updated' : 'shipping.companies.created', { name: form.name }), {
        variant: 'success',
      });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const byField = Object.entries(fieldMessages(error));
        setErrors(
          Object.fromEntries(byField.map(([field, list]) => [field, list.map((m) => translateServerMessage(t, m))])),
        );
      } else setAlert(errorMessage(t, error));
    }
  };

  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      busy={save.isPending}
      testId="shipping-company-dialog"
      title={
        company ? t('shipping.companies.edit_title', { name: company.name }) : t('shipping.companies.create_title')
      }
      actions={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
        {alert && <Alert severity="error">{alert}</Alert>}
        <TextField
          select
          required
          label={t('shipping.companies.carrier')}
          value={preset?.code ?? ''}
          onChange={(event) => {
            const next = list.find((p) => p.code === event.target.value);
            set({
              preset: event.target.value,
              code: next?.code ?? '',
              name: form.name || next?.name || '',
              credentials: {},
            });
          }}
          error={Boolean(fieldError('kind'))}
          helperText={fieldError('kind')}
          slotProps={{ htmlInput: { 'data-testid': 'carrier-select' } }}
        >
          {list.map((p) => (
            <MenuItem key={p.code} value={p.code}>
              {p.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          required
          label={t('shipping.companies.name')}
          value={form.name}
          onChange={(event) => set({ name: event.target.value })}
          error={Boolean(fieldError('name'))}
          helperText={fieldError('name')}
        />
        <TextField
          label={t('shipping.companies.code')}
          value={form.code}
          onChange={(event) => set({ code: event.target.value })}
          error={Boolean(fieldError('code'))}
          helperText={fieldError('code') ?? t('shipping.companies.code_help')}
          slotProps={{ htmlInput: { dir: 'ltr' } }}
        />
        {preset && preset.kind !== 'manual' && (
          <TextField
            label={t('shipping.companies.base_url')}
            value={form.base_url}
            placeholder={preset.base_url ?? ''}
            onChange={(event) => set({ base_url: event.target.value })}
            error={Boolean(fieldError('base_url'))}
            helperText={fieldError('base_url') ?? t('shipping.companies.base_url_help')}
            slotProps={{ htmlInput: { dir: 'ltr' } }}
          />
        )}
        {preset?.credential_fields.map((field) => (
          <TextField
            key={field.name}
            required={field.required}
            label={t(`shipping.companies.credential.${field.name}`, { defaultValue: field.name })}
            type={field.secret ? 'password' : 'text'}
            autoComplete="off"
            value={form.credentials[field.name] ?? ''}
            onChange={(event) => set({ credentials: { ...form.credentials, [field.name]: event.target.value } })}
            error={Boolean(fieldError(`credentials.${field.name}`))}
            helperText={
              fieldError(`credentials.${field.name}`) ??
              (company && field.secret ? t('shipping.companies.secret_kept') : undefined)
            }
            slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': `credential-${field.name}` } }}
          />
        ))}
        <FormControlLabel
          control={<Switch checked={form.active} onChange={(event) => set({ active: event.target.checked })} />}
          label={t('shipping.companies.active')}
        />
        <FormControlLabel
          control={
            <Switch checked={form.all_wilayas} onChange={(event) => set({ all_wilayas: event.target.checked })} />
          }
          label={t('shipping.companies.all_wilayas')}
        />
        {!form.all_wilayas && (
          <TextField
            label={t('shipping.companies.served_wilayas')}
            value={form.served}
            onChange={(event) => set({ served: event.target.value })}
            helperText={fieldError('served_wilayas') ?? t('shipping.companies.served_help')}
            error={Boolean(fieldError('served_wilayas'))}
          />
        )}
        {company?.webhook_url && (
          <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {t('shipping.companies.webhook_url')}: <bdi>{company.webhook_url}</bdi>
          </Typography>
        )}
      </Box>
    </ResponsiveDialog>
  );
}
