import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { WEBHOOK_EVENTS, type TWebhookEndpoint, type TWebhookEvent } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { ResponsiveDialog } from '../../components/dialogs/responsive-dialog';
import { FormDialog } from '../../components/ops-kit/form-dialog';
import { ListCard } from '../../components/ops-kit/list-card';
import { translatedFieldErrors } from '../../components/forms/use-field-errors';
import { failureMessage } from '../../lib/server-message';
import { toast } from '../../lib/toast';
import { DeliveryLogDialog } from './delivery-log-dialog';
import {
  useDeleteWebhook,
  usePingWebhook,
  useRotateWebhookSecret,
  useSaveWebhook,
  useWebhooksQuery,
} from './webhooks-api';

type TOpen =
  | { kind: 'edit'; endpoint: TWebhookEndpoint | null }
  | { kind: 'secret'; secret: string }
  | { kind: 'log'; endpoint: TWebhookEndpoint }
  | { kind: 'delete'; endpoint: TWebhookEndpoint }
  | { kind: 'rotate'; endpoint: TWebhookEndpoint };

/** Issue 15.7 (docs/decisions/0089, 0090): the shop settings' outbound webhooks. */
export function WebhooksCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const endpoints = useWebhooksQuery();
  const ping = usePingWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const [open, setOpen] = useState<TOpen | null>(null);
  const close = () => setOpen(null);

  const onPing = async (endpoint: TWebhookEndpoint) => {
    try {
      await ping.mutateAsync(endpoint.id);
      void toast(t('webhooks.ping_sent'), { variant: 'success' });
      setOpen({ kind: 'log', endpoint });
    } catch (error) {
      void toast(failureMessage(t, error), { variant: 'error' });
    }
  };
  const onDelete = async (endpoint: TWebhookEndpoint) => {
    try {
      await remove.mutateAsync(endpoint.id);
      void toast(t('webhooks.deleted'), { variant: 'success' });
      close();
    } catch (error) {
      void toast(failureMessage(t, error), { variant: 'error' });
    }
  };
  const onRotate = async (endpoint: TWebhookEndpoint) => {
    try {
      const answer = await rotate.mutateAsync(endpoint.id);
      setOpen({ kind: 'secret', secret: answer.secret });
    } catch (error) {
      void toast(failureMessage(t, error), { variant: 'error' });
    }
  };

  const list = endpoints.data?.data ?? [];
  return (
    <ListCard
      testId="webhooks"
      title={t('webhooks.title')}
      help={t('webhooks.help')}
      add={
        canEdit && {
          label: t('webhooks.add'),
          onClick: () => setOpen({ kind: 'edit', endpoint: null }),
          testId: 'webhooks-add',
        }
      }
    >
      {endpoints.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t('webhooks.load_failed')}
        </Alert>
      )}
      {endpoints.data && !list.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('webhooks.empty')}
        </Typography>
      )}
      <Stack sx={{ mt: 2, gap: 1.5 }}>
        {list.map((endpoint) => (
          <Box
            key={endpoint.id}
            data-testid={`webhook-${endpoint.id}`}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'grid', gap: 1 }}
          >
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}>
              <Typography
                variant="body2"
                dir="ltr"
                sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', flex: '1 1 240px', minWidth: 0 }}
              >
                {endpoint.url}
              </Typography>
              <Chip
                size="small"
                color={endpoint.active ? 'success' : endpoint.disabled_at ? 'error' : 'default'}
                label={t(
                  endpoint.active
                    ? 'webhooks.active'
                    : endpoint.disabled_at
                      ? 'webhooks.auto_disabled'
                      : 'webhooks.inactive',
                )}
              />
            </Stack>
            {endpoint.description && (
              <Typography variant="body2" color="text.secondary">
                {endpoint.description}
              </Typography>
            )}
            <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
              {endpoint.events.map((event) => (
                <Chip key={event} size="small" variant="outlined" label={t(`webhooks.events.${eventKey(event)}`)} />
              ))}
            </Stack>
            <Typography variant="caption" color="text.secondary">
              {t('webhooks.secret_prefix', { prefix: endpoint.secret_prefix })}
            </Typography>
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              {canEdit && (
                <Button size="small" variant="outlined" onClick={() => void onPing(endpoint)} disabled={ping.isPending}>
                  {t('webhooks.ping')}
                </Button>
              )}
              <Button size="small" onClick={() => setOpen({ kind: 'log', endpoint })}>
                {t('webhooks.log')}
              </Button>
              {canEdit && (
                <>
                  <Button size="small" onClick={() => setOpen({ kind: 'edit', endpoint })}>
                    {t('webhooks.edit')}
                  </Button>
                  <Button size="small" onClick={() => setOpen({ kind: 'rotate', endpoint })}>
                    {t('webhooks.rotate')}
                  </Button>
                  <Button size="small" color="error" onClick={() => setOpen({ kind: 'delete', endpoint })}>
                    {t('webhooks.delete')}
                  </Button>
                </>
              )}
            </Stack>
          </Box>
        ))}
      </Stack>

      {open?.kind === 'edit' && (
        <EndpointDialog
          endpoint={open.endpoint}
          onClose={close}
          onCreated={(secret) => setOpen({ kind: 'secret', secret })}
        />
      )}
      {open?.kind === 'secret' && <SecretDialog secret={open.secret} onClose={close} />}
      {open?.kind === 'log' && <DeliveryLogDialog endpoint={open.endpoint} canReplay={canEdit} onClose={close} />}
      {(open?.kind === 'delete' || open?.kind === 'rotate') && (
        <ConfirmDialog
          open
          {...(open.kind === 'delete'
            ? {
                title: t('webhooks.delete_title'),
                message: t('webhooks.delete_confirm', { url: open.endpoint.url }),
                confirmLabel: t('webhooks.delete'),
                busy: remove.isPending,
                onConfirm: () => void onDelete(open.endpoint),
              }
            : {
                title: t('webhooks.rotate'),
                message: t('webhooks.rotate_confirm'),
                confirmLabel: t('webhooks.rotate'),
                busy: rotate.isPending,
                onConfirm: () => void onRotate(open.endpoint),
              })}
          onClose={close}
        />
      )}
    </ListCard>
  );
}

/** i18next keys may not hold dots: order.created -> order_created. */
export const eventKey = (event: string) => event.replace('.', '_');

function EndpointDialog({
  endpoint,
  onClose,
  onCreated,
}: {
  endpoint: TWebhookEndpoint | null;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveWebhook();
  const [url, setUrl] = useState(endpoint?.url ?? 'https://');
  const [events, setEvents] = useState<TWebhookEvent[]>(endpoint?.events ?? ['order.created']);
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [active, setActive] = useState(endpoint?.active ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  const toggle = (event: TWebhookEvent, on: boolean) =>
    setEvents((current) => (on ? [...current, event] : current.filter((e) => e !== event)));

  const submit = async () => {
    setErrors({});
    setError(null);
    try {
      const answer = await save.mutateAsync({
        id: endpoint?.id ?? null,
        input: { url: url.trim(), events, description: description.trim() || null, active },
      });
      const secret = (answer as { secret?: string }).secret;
      if (endpoint === null && secret) {
        void toast(t('webhooks.created'), { variant: 'success' });
        onCreated(secret);
      } else {
        void toast(t('webhooks.saved'), { variant: 'success' });
        onClose();
      }
    } catch (caught) {
      // A message on "events.0" belongs to the events group.
      const fields = translatedFieldErrors(t, caught, (field) => field.split('.')[0]!);
      setErrors(fields);
      if (!Object.keys(fields).length) setError(failureMessage(t, caught));
    }
  };

  return (
    <FormDialog
      onClose={onClose}
      onSave={submit}
      busy={save.isPending}
      testId="webhook-dialog"
      title={t(endpoint ? 'webhooks.edit_title' : 'webhooks.add_title')}
      submitLabel={t('webhooks.save')}
      error={error}
    >
      <TextField
        label={t('webhooks.url')}
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        required
        autoFocus
        error={Boolean(errors.url)}
        helperText={errors.url ?? t('webhooks.url_help')}
        slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'url', 'data-testid': 'webhook-url' } }}
      />
      <Box>
        <FormLabel component="legend">{t('webhooks.events_label')}</FormLabel>
        <FormGroup>
          {WEBHOOK_EVENTS.map((event) => (
            <FormControlLabel
              key={event}
              control={
                <Checkbox
                  checked={events.includes(event)}
                  onChange={(e) => toggle(event, e.target.checked)}
                  slotProps={{ input: { 'data-testid': `webhook-event-${eventKey(event)}` } as object }}
                />
              }
              label={t(`webhooks.events.${eventKey(event)}`)}
            />
          ))}
        </FormGroup>
        {errors.events && <FormHelperText error>{errors.events}</FormHelperText>}
      </Box>
      <TextField
        label={t('webhooks.description')}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        error={Boolean(errors.description)}
        helperText={errors.description}
      />
      <FormControlLabel
        control={<Switch checked={active} onChange={(event) => setActive(event.target.checked)} />}
        label={t('webhooks.active_label')}
      />
    </FormDialog>
  );
}

function SecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      void toast(t('webhooks.copied'), { variant: 'success' });
    } catch {
      // Clipboard refused (insecure context): the secret stays selectable on screen.
    }
  };
  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      testId="webhook-secret-dialog"
      maxWidth="sm"
      title={t('webhooks.secret_title')}
      actions={
        <>
          <Button onClick={() => void copy()}>{t('webhooks.copy')}</Button>
          <Button variant="contained" onClick={onClose}>
            {t('webhooks.done')}
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="warning">{t('webhooks.secret_once')}</Alert>
        <TextField
          value={secret}
          label={t('webhooks.secret')}
          slotProps={{ htmlInput: { readOnly: true, dir: 'ltr', 'data-testid': 'webhook-secret' } }}
          onFocus={(event) => event.target.select()}
        />
        <Typography variant="body2" color="text.secondary">
          {t('webhooks.signature_help')}
        </Typography>
      </Box>
    </ResponsiveDialog>
  );
}
