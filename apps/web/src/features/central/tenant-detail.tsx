import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TPlan } from '@cod/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SelectField } from '../../components/forms/select-field';
import { ListTable } from '../../components/lists/list-table';
import { translateServerMessage } from '../../lib/server-message';
import { toast } from '../../lib/toast';
import { central } from './central-api';
import { fieldBinder, fieldError } from './central-form';
import { useCentralRows } from './central-rows';
import { CentralSaveDialog, useCentralSave } from './central-save-dialog';
import type { TTenantDetail, TUsage } from './central-types';
import {
  CentralPageFrame,
  formatDay,
  limitText,
  planOptions,
  QueryState,
  serverErrors,
  StatusChip,
} from './central-ui';
import { PaymentsTable } from './payments-page';

type TAction = 'suspend' | 'plan' | 'extend' | null;

/** One tenant: plan, status, valid_to, usage against the limits, users, payments, central audit. */
export function TenantDetail({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [action, setAction] = useState<TAction>(null);
  const tenant = useQuery({
    queryKey: ['central', 'tenant', id],
    queryFn: ({ signal }) => central.get<{ data: TTenantDetail }>(`/central/tenants/${id}`, signal),
  });
  const reactivate = useMutation({
    mutationFn: () => central.post<{ code: string }>(`/central/tenants/${id}/reactivate`),
    onSuccess: (answer) => done(answer.code),
    onError: (error) => void toast(serverErrors(t, error).general ?? '', { variant: 'error' }),
  });
  const done = async (code: string) => {
    void toast(translateServerMessage(t, { code, params: {} }), { variant: 'success' });
    await client.invalidateQueries({ queryKey: ['central'] });
  };
  const data = tenant.data?.data;
  const suspended = data?.status === 'suspended';

  return (
    <CentralPageFrame
      title={data?.name ?? t('central.nav.tenants_show')}
      section={t('central.nav.tenants_show')}
      subtitle={data?.cq_name}
      actions={
        data && (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="contained" component={RouterLink} to={`/central/payments/create?tenant=${id}`}>
              {t('central.payments.record')}
            </Button>
            <Button variant="outlined" onClick={() => setAction('plan')}>
              {t('central.tenants.change_plan')}
            </Button>
            <Button variant="outlined" onClick={() => setAction('extend')}>
              {t('central.tenants.extend')}
            </Button>
            {suspended ? (
              <Button color="success" variant="outlined" onClick={() => reactivate.mutate()}>
                {t('central.tenants.reactivate')}
              </Button>
            ) : (
              <Button color="error" variant="outlined" onClick={() => setAction('suspend')}>
                {t('central.tenants.suspend')}
              </Button>
            )}
          </Stack>
        )
      }
    >
      <QueryState query={tenant}>
        {data && (
          <Stack spacing={3}>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, md: 4 }}>
                <Card title={t('central.tenants.subscription')}>
                  <Stack spacing={1}>
                    <Row label={t('central.tenants.plan')}>{data.plan ?? '—'}</Row>
                    <Row label={t('central.tenants.status')}>
                      <StatusChip status={data.status} />
                    </Row>
                    <Row label={t('central.tenants.valid_to')}>
                      <span data-testid="tenant-valid-to">{formatDay(data.valid_to, i18n.language)}</span>
                    </Row>
                    <Row label={t('central.tenants.last_activity')}>{formatDay(data.last_activity, i18n.language)}</Row>
                    {data.subscription?.suspend_reason && (
                      <Alert severity="warning">{data.subscription.suspend_reason}</Alert>
                    )}
                  </Stack>
                </Card>
              </Grid>
              <Grid size={{ xs: 12, md: 8 }}>
                <Card title={t('central.tenants.usage')}>
                  <Grid container spacing={2}>
                    {(['orders', 'users', 'shipping_companies', 'sales_channels'] as const).map((kind) => (
                      <Grid key={kind} size={{ xs: 12, sm: 6 }}>
                        <UsageBar label={t(`central.usage.${kind}`)} usage={data.usage[kind]} />
                      </Grid>
                    ))}
                  </Grid>
                </Card>
              </Grid>
            </Grid>
            <Card title={t('central.tenants.users')}>
              <ListTable
                columns={[
                  t('central.tenants.user_name'),
                  t('auth.email'),
                  t('central.tenants.role'),
                  t('central.tenants.last_login'),
                ]}
              >
                {data.users.map((user) => (
                  <TableRow key={user.id} sx={{ opacity: user.active ? 1 : 0.5 }}>
                    <TableCell>{user.name}</TableCell>
                    <TableCell>{user.email}</TableCell>
                    <TableCell>{user.role}</TableCell>
                    <TableCell>{formatDay(user.last_login_at, i18n.language)}</TableCell>
                  </TableRow>
                ))}
              </ListTable>
            </Card>
            <Card title={t('central.nav.payments')} empty={data.payments.length === 0 && t('central.payments.empty')}>
              <PaymentsTable payments={data.payments} compact />
            </Card>
            <Card
              title={t('central.tenants.audit')}
              empty={data.audit.length === 0 && t('central.tenants.audit_empty')}
            >
              <ListTable
                aria-label={t('central.tenants.audit')}
                columns={(['when', 'who', 'what', 'change'] as const).map((key) => t(`central.tenants.${key}`))}
              >
                {data.audit.map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {new Date(entry.created_at).toLocaleString(i18n.language)}
                    </TableCell>
                    <TableCell>{entry.admin_name ?? t('central.tenants.system')}</TableCell>
                    <TableCell>{t(`central.audit.${entry.action}`, { defaultValue: entry.action })}</TableCell>
                    <TableCell>
                      <Box
                        component="code"
                        sx={{ fontSize: 12, wordBreak: 'break-word', direction: 'ltr', display: 'block' }}
                      >
                        {entry.before ? `${JSON.stringify(entry.before)} → ` : ''}
                        {entry.after ? JSON.stringify(entry.after) : ''}
                      </Box>
                    </TableCell>
                  </TableRow>
                ))}
              </ListTable>
            </Card>
          </Stack>
        )}
      </QueryState>
      {action && data && <ActionDialog id={id} action={action} planId={data.plan_id} onClose={() => setAction(null)} />}
    </CentralPageFrame>
  );
}

/** A titled section; with `empty` (a sentence), that sentence instead of its content. */
function Card({ title, empty, children }: { title: string; empty?: string | false; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%', minWidth: 0 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      {empty ? <Typography color="text.secondary">{empty}</Typography> : children}
    </Paper>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, alignItems: 'center' }}>
      <Typography color="text.secondary">{label}</Typography>
      <Box>{children}</Box>
    </Box>
  );
}

function UsageBar({ label, usage }: { label: string; usage: TUsage }) {
  const { t } = useTranslation();
  const percent = usage.limit ? Math.min(100, Math.round((usage.used / Math.max(usage.limit, 1)) * 100)) : 0;
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography variant="body2">{label}</Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {usage.used.toLocaleString()} / {limitText(t, usage.limit)}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={usage.limit === null ? 0 : percent}
        color={percent >= 100 ? 'error' : percent >= 80 ? 'warning' : 'primary'}
        aria-label={label}
        sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
      />
    </Box>
  );
}

function ActionDialog({
  id,
  action,
  planId,
  onClose,
}: {
  id: number;
  action: Exclude<TAction, null>;
  planId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState({ reason: '', days: '30', valid_to: '' });
  const { reason, days, valid_to: validTo } = form;
  const [plan, setPlan] = useState<number | ''>(planId ?? '');
  const plans = useCentralRows<TPlan>('plans', {}, { enabled: action === 'plan' });
  const { save, errors } = useCentralSave(
    () =>
      action === 'suspend'
        ? central.post<{ code: string }>(`/central/tenants/${id}/suspend`, { reason })
        : action === 'extend'
          ? central.post<{ code: string }>(
              `/central/tenants/${id}/extend`,
              validTo ? { valid_to: validTo, reason } : { days: Number(days || 'x'), reason },
            )
          : central.post<{ code: string }>(`/central/tenants/${id}/plan`, { plan_id: plan === '' ? null : plan }),
    onClose,
  );
  const bind = fieldBinder(form, setForm, errors);
  return (
    <CentralSaveDialog
      title={t(`central.tenants.${action === 'plan' ? 'change_plan' : action}`)}
      save={save}
      general={errors.general}
      onClose={onClose}
      maxWidth="xs"
      submitColor={action === 'suspend' ? 'error' : 'primary'}
    >
      {action === 'suspend' && <Alert severity="warning">{t('central.tenants.suspend_warning')}</Alert>}
      {action === 'plan' && (
        <SelectField
          label={t('central.tenants.plan')}
          value={plan === '' ? '' : String(plan)}
          onChange={(e) => setPlan(Number(e.target.value))}
          {...fieldError(errors, 'plan_id')}
          options={planOptions(plans.data?.data, planId === null ? '' : String(planId))}
        />
      )}
      {action === 'extend' && (
        <TextField
          label={t('central.tenants.days')}
          inputMode="numeric"
          {...bind('days')}
          disabled={Boolean(validTo)}
        />
      )}
      {action === 'extend' && (
        <TextField
          type="date"
          label={t('central.tenants.set_valid_to')}
          {...bind('valid_to')}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'extend-valid-to' } }}
        />
      )}
      {action !== 'plan' && <TextField label={t('central.tenants.reason')} {...bind('reason')} multiline minRows={2} />}
    </CentralSaveDialog>
  );
}
