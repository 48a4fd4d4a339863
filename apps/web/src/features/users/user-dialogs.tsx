import { useState, type ChangeEvent } from 'react';
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
import { SelectField } from '../../components/forms/select-field';
import { FormDialog } from '../../components/ops-kit/form-dialog';
import { ChoiceConfirmDialog } from '../../components/ops-kit/choice-confirm-dialog';

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
  // A field's value and change handler, bound to one key of the form.
  const text = (key: 'name' | 'email' | 'phone' | 'password') => ({
    value: form[key] ?? '',
    onChange: (event: ChangeEvent<HTMLInputElement>) => set({ [key]: event.target.value }),
  });
  const amount = (key: 'commission_amount' | 'commission_rate') => ({
    type: 'number',
    value: form[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set({ [key]: Number(event.target.value) }),
  });

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
    <FormDialog
      onClose={onClose}
      busy={busy}
      testId="user-dialog"
      title={user ? t('team.users.edit') : t('team.users.add')}
      onSave={submit}
      submitLabel={user ? t('common.save') : invite ? t('team.users.send_invitation') : t('team.users.create')}
      submitTestId="user-save"
      error={error}
    >
      <TextField
        required
        label={t('users.name')}
        {...text('name')}
        inputProps={{ 'data-testid': 'user-name', maxLength: 120 }}
      />
      {!user && (
        <TextField
          required
          type="email"
          label={t('users.email')}
          {...text('email')}
          inputProps={{ 'data-testid': 'user-email', dir: 'ltr' }}
        />
      )}
      <TextField label={t('team.users.phone')} {...text('phone')} inputProps={{ dir: 'ltr', maxLength: 30 }} />
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
          control={<Switch checked={invite} onChange={(e) => setInvite(e.target.checked)} data-testid="user-invite" />}
          label={t('team.users.invite_by_email', { hours: INVITATION_HOURS })}
        />
      )}
      {!user && !invite && (
        <TextField
          required
          type="password"
          label={t('team.users.password')}
          {...text('password')}
          inputProps={{ 'data-testid': 'user-password', autoComplete: 'new-password' }}
        />
      )}
      <Typography variant="subtitle2">{t('team.users.commission')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SelectField
          label={t('team.users.commission_type')}
          value={form.commission_type}
          onChange={(e) => set({ commission_type: e.target.value as TUserForm['commission_type'] })}
          sx={{ minWidth: 180 }}
          options={COMMISSION_TYPES.map((type) => ({ value: type, label: t(`team.commission_types.${type}`) }))}
        />
        {form.commission_type === 'fixed' && (
          <TextField
            label={t('team.users.commission_amount')}
            {...amount('commission_amount')}
            inputProps={{ min: 0, step: 1 }}
          />
        )}
        {form.commission_type === 'percent' && (
          <TextField
            label={t('team.users.commission_rate')}
            {...amount('commission_rate')}
            inputProps={{ min: 0, max: 100, step: 0.5 }}
          />
        )}
        {form.commission_type !== 'none' && (
          <SelectField
            label={t('team.users.commission_on')}
            value={form.commission_on}
            onChange={(e) => set({ commission_on: e.target.value as TUserForm['commission_on'] })}
            sx={{ minWidth: 160 }}
            options={COMMISSION_ON.map((on) => ({ value: on, label: t(`team.commission_on.${on}`) }))}
          />
        )}
      </Stack>
    </FormDialog>
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
  return (
    <ChoiceConfirmDialog
      onClose={onClose}
      busy={deactivate.isPending}
      testId="deactivate-dialog"
      title={t('team.users.deactivate_title', { name: user.name })}
      explain={t('team.users.deactivate_explain')}
      confirmLabel={t('team.users.deactivate')}
      confirmTestId="deactivate-confirm"
      onConfirm={async () => {
        const done = await deactivate.mutateAsync({ id: user.id, body: { reassign_to: to || null } });
        void toast(t('team.users.deactivated', { count: done.orders_reassigned }), { variant: 'success' });
        onClose();
      }}
      choice={{
        label: t('team.users.reassign_to'),
        value: to,
        onChange: setTo,
        options: (agents.data?.data ?? []).filter((a) => a.id !== user.id).map((a) => ({ value: a.id, label: a.name })),
        leading: <MenuItem value="">{t('team.users.leave_orders')}</MenuItem>,
      }}
    />
  );
}
