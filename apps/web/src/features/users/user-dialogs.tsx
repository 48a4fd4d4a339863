import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { COMMISSION_ON, COMMISSION_TYPES, INVITATION_HOURS, type TInvitationAnswer } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { ResponsiveDialog } from '../../components/dialogs/responsive-dialog';
import { toast } from '../../lib/toast';
import { useAgentsQuery } from '../orders/orders-api';
import { useRoleLabel } from '../roles/role-label';
import { useRoleOptionsQuery, useTeamMutations, type TUserForm } from './team-api';
import type { TUserListRow } from './users-api';
import { useSubmitError } from '../../components/forms/use-field-errors';

/** Invite (default) or create with a password; or edit name, phone, role and commission. */
export function UserDialog({
  user,
  onClose,
  onInvited,
}: {
  user: TUserListRow | null;
  onClose: () => void;
  onInvited: (answer: TInvitationAnswer) => void;
}) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const roles = useRoleOptionsQuery();
  const { create, update } = useTeamMutations();
  const [invite, setInvite] = useState(true);
  const [form, setForm] = useState<TUserForm>({
    name: user?.name ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    role_id: user?.role_id ?? 0,
    password: '',
    commission_type: (user?.commission_type as TUserForm['commission_type']) ?? 'none',
    commission_amount: user?.commission_amount ?? 0,
    commission_rate: user?.commission_rate ?? 0,
    commission_on: user?.commission_on ?? 'delivered',
  });
  const { error, guard } = useSubmitError();
  const busy = create.isPending || update.isPending;
  const set = (changes: Partial<TUserForm>) => setForm({ ...form, ...changes });

  const submit = () =>
    guard(async () => {
      const body: TUserForm = { ...form, phone: form.phone || null };
      if (user) {
        const { email: _email, password: _password, ...edit } = body;
        await update.mutateAsync({ id: user.id, body: edit });
        void toast(t('messages.team.user_updated'), { variant: 'success' });
        onClose();
      } else {
        const answer = await create.mutateAsync(invite ? { ...body, password: undefined } : body);
        if (answer.link) onInvited(answer);
        else {
          void toast(t('messages.team.user_created'), { variant: 'success' });
          onClose();
        }
      }
    });

  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      busy={busy}
      testId="user-dialog"
      title={user ? t('team.users.edit') : t('team.users.add')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      submit={{
        submitLabel: user ? t('common.save') : invite ? t('team.users.send_invitation') : t('team.users.create'),
        submitTestId: 'user-save',
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {error && <Alert severity="error">{error}</Alert>}
        <TextField
          required
          label={t('users.name')}
          value={form.name}
          onChange={(e) => set({ name: e.target.value })}
          inputProps={{ 'data-testid': 'user-name', maxLength: 120 }}
        />
        {!user && (
          <TextField
            required
            type="email"
            label={t('users.email')}
            value={form.email}
            onChange={(e) => set({ email: e.target.value })}
            inputProps={{ 'data-testid': 'user-email', dir: 'ltr' }}
          />
        )}
        <TextField
          label={t('team.users.phone')}
          value={form.phone ?? ''}
          onChange={(e) => set({ phone: e.target.value })}
          inputProps={{ dir: 'ltr', maxLength: 30 }}
        />
        <TextField
          select
          required
          label={t('users.role')}
          value={form.role_id || ''}
          onChange={(e) => set({ role_id: Number(e.target.value) })}
          SelectProps={{ SelectDisplayProps: { 'data-testid': 'user-role' } as object }}
        >
          {(roles.data?.data ?? []).map((role) => (
            <MenuItem key={role.id} value={role.id} data-role={role.name}>
              {roleLabel(role.name)}
            </MenuItem>
          ))}
        </TextField>
        {!user && (
          <FormControlLabel
            control={
              <Switch checked={invite} onChange={(e) => setInvite(e.target.checked)} data-testid="user-invite" />
            }
            label={t('team.users.invite_by_email', { hours: INVITATION_HOURS })}
          />
        )}
        {!user && !invite && (
          <TextField
            required
            type="password"
            label={t('team.users.password')}
            value={form.password}
            onChange={(e) => set({ password: e.target.value })}
            inputProps={{ 'data-testid': 'user-password', autoComplete: 'new-password' }}
          />
        )}
        <Typography variant="subtitle2">{t('team.users.commission')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            label={t('team.users.commission_type')}
            value={form.commission_type}
            onChange={(e) => set({ commission_type: e.target.value as TUserForm['commission_type'] })}
            sx={{ minWidth: 180 }}
          >
            {COMMISSION_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`team.commission_types.${type}`)}
              </MenuItem>
            ))}
          </TextField>
          {form.commission_type === 'fixed' && (
            <TextField
              type="number"
              label={t('team.users.commission_amount')}
              value={form.commission_amount}
              onChange={(e) => set({ commission_amount: Number(e.target.value) })}
              inputProps={{ min: 0, step: 1 }}
            />
          )}
          {form.commission_type === 'percent' && (
            <TextField
              type="number"
              label={t('team.users.commission_rate')}
              value={form.commission_rate}
              onChange={(e) => set({ commission_rate: Number(e.target.value) })}
              inputProps={{ min: 0, max: 100, step: 0.5 }}
            />
          )}
          {form.commission_type !== 'none' && (
            <TextField
              select
              label={t('team.users.commission_on')}
              value={form.commission_on}
              onChange={(e) => set({ commission_on: e.target.value as TUserForm['commission_on'] })}
              sx={{ minWidth: 160 }}
            >
              {COMMISSION_ON.map((on) => (
                <MenuItem key={on} value={on}>
                  {t(`team.commission_on.${on}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Stack>
      </Stack>
    </ResponsiveDialog>
  );
}

/** The set-password link, to copy for WhatsApp. */
export function LinkDialog({ answer, onClose }: { answer: TInvitationAnswer; onClose: () => void }) {
  const { t } = useTranslation();
  const copy = async () => {
    await navigator.clipboard?.writeText(answer.link ?? '').catch(() => undefined);
    void toast(t('team.users.link_copied'), { variant: 'success' });
  };
  return (
    <ResponsiveDialog
      open
      maxWidth="sm"
      onClose={onClose}
      testId="invitation-link-dialog"
      title={t('team.users.link_title')}
      actions={
        <>
          <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
            {t('team.users.copy_link')}
          </Button>
          <Button variant="contained" onClick={onClose}>
            {t('common.close')}
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2">
          {t('team.users.link_explain', { email: answer.user.email, hours: INVITATION_HOURS })}
        </Typography>
        <TextField
          value={answer.link ?? ''}
          inputProps={{ readOnly: true, dir: 'ltr', 'data-testid': 'invitation-link' }}
          fullWidth
        />
      </Stack>
    </ResponsiveDialog>
  );
}

/** Deactivation: the owner chooses who takes the open orders, or leaves them. */
export function DeactivateDialog({ user, onClose }: { user: TUserListRow; onClose: () => void }) {
  const { t } = useTranslation();
  const agents = useAgentsQuery();
  const { deactivate } = useTeamMutations();
  const [to, setTo] = useState<number | ''>('');
  const { error, guard } = useSubmitError();
  const submit = () =>
    guard(async () => {
      const done = await deactivate.mutateAsync({ id: user.id, body: { reassign_to: to || null } });
      void toast(t('team.users.deactivated', { count: done.orders_reassigned }), { variant: 'success' });
      onClose();
    });
  return (
    <ResponsiveDialog
      open
      maxWidth="xs"
      onClose={onClose}
      busy={deactivate.isPending}
      testId="deactivate-dialog"
      title={t('team.users.deactivate_title', { name: user.name })}
      submit={{
        onSubmit: () => void submit(),
        submitColor: 'error',
        submitLabel: t('team.users.deactivate'),
        submitTestId: 'deactivate-confirm',
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2">{t('team.users.deactivate_explain')}</Typography>
        <TextField
          select
          label={t('team.users.reassign_to')}
          value={to}
          onChange={(e) => setTo(Number(e.target.value) || '')}
        >
          <MenuItem value="">{t('team.users.leave_orders')}</MenuItem>
          {(agents.data?.data ?? [])
            .filter((a) => a.id !== user.id)
            .map((a) => (
              <MenuItem key={a.id} value={a.id}>
                {a.name}
              </MenuItem>
            ))}
        </TextField>
        {error && <Alert severity="error">{error}</Alert>}
      </Stack>
    </ResponsiveDialog>
  );
}
