import { useState } from 'react';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { PLAN_FEATURES, type TPlan } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../components/buttons/add-button';
import { central } from './central-api';
import { CentralListPage, EditArchiveCell } from './central-list';
import { fieldBinder, HalfCell } from './central-form';
import { CentralSaveDialog, useCentralSave, useEditableCollection } from './central-save-dialog';
import { limitText, money } from './central-ui';

const LIMITS = ['max_orders_per_month', 'max_users', 'max_shipping_companies', 'max_sales_channels'] as const;

type TForm = Record<'name' | 'price_month' | 'price_year' | 'duration_days' | (typeof LIMITS)[number], string> & {
  features: Partial<Record<string, boolean>>;
};

const toForm = (plan: TPlan | null): TForm => ({
  name: plan?.name ?? '',
  price_month: String(plan?.price_month ?? ''),
  price_year: String(plan?.price_year ?? ''),
  duration_days: String(plan?.duration_days ?? 30),
  max_orders_per_month: plan?.max_orders_per_month?.toString() ?? '',
  max_users: plan?.max_users?.toString() ?? '',
  max_shipping_companies: plan?.max_shipping_companies?.toString() ?? '',
  max_sales_channels: plan?.max_sales_channels?.toString() ?? '',
  features: plan?.features ?? {},
});

const numberOrNull = (v: string) => (v.trim() === '' ? null : Number(v));

/** /central/plans (issue 19.1): prices in DZD, limits (empty = unlimited), features, archive. */
export function PlansPage() {
  const { t } = useTranslation();
  const { query: plans, editing, setEditing, archive } = useEditableCollection<TPlan>('plans');

  return (
    <CentralListPage
      title={t('central.nav.plans')}
      actions={<AddButton label={t('central.plans.new')} onClick={() => setEditing('new')} />}
      dialogs={editing && <PlanDialog plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      query={plans}
      emptyTitle={t('central.plans.empty')}
      head={[
        t('central.plans.name'),
        { label: t('central.plans.price_month'), align: 'right' },
        { label: t('central.plans.price_year'), align: 'right' },
        t('central.plans.limits'),
        { label: t('central.plans.subscribers'), align: 'right' },
        '',
      ]}
    >
      {(rows) =>
        rows.map((plan) => (
          <TableRow key={plan.id} hover data-testid={`plan-${plan.name}`}>
            <TableCell>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{plan.name}</span>
                {plan.is_trial && (
                  <Chip
                    size="small"
                    color="info"
                    label={t('central.plans.trial_days', { count: plan.duration_days })}
                  />
                )}
                {plan.archived && <Chip size="small" label={t('central.plans.archived')} />}
              </Stack>
            </TableCell>
            <TableCell align="right">{money(plan.price_month)}</TableCell>
            <TableCell align="right">{money(plan.price_year)}</TableCell>
            <TableCell sx={{ minWidth: 220 }}>
              {LIMITS.map((limit) => (
                <div key={limit}>
                  {t(`central.plans.${limit}`)}: {limitText(t, plan[limit])}
                </div>
              ))}
            </TableCell>
            <TableCell align="right">{plan.subscribers}</TableCell>
            <EditArchiveCell
              onEdit={() => setEditing(plan)}
              onArchive={plan.is_trial ? undefined : () => archive.mutate(plan)}
              archiveLabel={plan.archived ? t('central.plans.restore') : t('central.plans.archive')}
            />
          </TableRow>
        ))
      }
    </CentralListPage>
  );
}

function PlanDialog({ plan, onClose }: { plan: TPlan | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<TForm>(() => toForm(plan));
  const { save, errors } = useCentralSave(() => {
    const body = {
      name: form.name,
      price_month: Number(form.price_month || 'x'),
      price_year: Number(form.price_year || 'x'),
      duration_days: Number(form.duration_days || 'x'),
      ...Object.fromEntries(LIMITS.map((limit) => [limit, numberOrNull(form[limit])])),
      features: form.features,
    };
    return plan
      ? central.put<{ code: string }>(`/central/plans/${plan.id}`, body)
      : central.post<{ code: string }>('/central/plans', body);
  }, onClose);
  const bind = fieldBinder(form, setForm, errors);
  const field = (name: keyof Omit<TForm, 'features'>, label: string, helper?: string) => (
    <TextField fullWidth label={label} {...bind(name, helper)} inputMode={name === 'name' ? 'text' : 'numeric'} />
  );
  return (
    <CentralSaveDialog
      title={plan ? t('central.plans.edit', { name: plan.name }) : t('central.plans.new')}
      save={save}
      general={errors.general}
      onClose={onClose}
    >
      {field('name', t('central.plans.name'))}
      <Grid container spacing={2}>
        <HalfCell>{field('price_month', t('central.plans.price_month_dzd'))}</HalfCell>
        <HalfCell>{field('price_year', t('central.plans.price_year_dzd'))}</HalfCell>
        <HalfCell>{field('duration_days', t('central.plans.duration_days'))}</HalfCell>
        {LIMITS.map((limit) => (
          <HalfCell key={limit}>
            {field(limit, t(`central.plans.${limit}`), t('central.plans.empty_unlimited'))}
          </HalfCell>
        ))}
      </Grid>
      <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
        {PLAN_FEATURES.map((feature) => (
          <FormControlLabel
            key={feature}
            control={
              <Switch
                checked={form.features[feature] ?? true}
                onChange={(e) => setForm({ ...form, features: { ...form.features, [feature]: e.target.checked } })}
              />
            }
            label={t(`central.features.${feature}`)}
          />
        ))}
      </Stack>
    </CentralSaveDialog>
  );
}
