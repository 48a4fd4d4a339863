import { useState, type ChangeEvent } from 'react';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemText from '@mui/material/ListItemText';
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
  // A field bound to one key of the form: its label, value, change handler and input attributes.
  const text = (key: 'name' | 'email' | 'phone' | 'password', label: string, inputProps: object) => ({
    label,
    value: form[key] ?? '',
    onChange: (event: ChangeEvent<HTMLInputElement>) => set({ [key]: event.target.value }),
    inputProps,
  });
  const amount = (key: 'commission_amount' | 'commission_rate', label: string, inputProps: object) => ({
    label,
    type: 'number',
    value: form[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set({ [key]: Number(event.target.value) }),
    inputProps,
  });
  // The commission's type and base: one of a list, each option labelled from `optionKeys`.
  const choice = <K extends 'commission_type' | 'commission_on'>(
    key: K,
    label: string,
    values: readonly TUserForm[K][],
    optionKeys: string,
    minWidth: number,
  ) => ({
    label,
    value: form[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set({ [key]: event.target.value as TUserForm[K] }),
    sx: { minWidth },
    options: values.map((value) => ({ value, label: t(`${optionKeys}.${value}`) })),
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
      <TextField required {...text('name', t('users.name'), { 'data-testid': 'user-name', maxLength: 120 })} />
      {!user && (
        <TextField
          required
          type="email"
          {...text('email', t('users.email'), { 'data-testid': 'user-email', dir: 'ltr' })}
        />
      )}
      <TextField {...text('phone', t('team.users.phone'), { dir: 'ltr', maxLength: 30 })} />
      <TextField
        select
        required
        label={t('users.role')}
        value={form.role_id || ''}
        onChange={(e) => set({ role_id: Number(e.target.value) })}
        SelectProps={{ SelectDisplayProps: { 'data-testid': 'user-role' } as object }}
      >
        {(roles.data?.data ?? []).map((role) => (
          <MenuItem key={role.id} value={role.id} data-role={role.name} disabled={!role.grantable}>
            <ListItemText
              primary={roleLabel(role.name)}
              secondary={role.grantable ? undefined : t('team.users.role_not_grantable')}
            />
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
          {...text('password', t('team.users.password'), {
            'data-testid': 'user-password',
            autoComplete: 'new-password',
          })}
        />
      )}
      <Typography variant="subtitle2">{t('team.users.commission')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SelectField
          {...choice(
            'commission_type',
            t('team.users.commission_type'),
            COMMISSION_TYPES,
            'team.commission_types',
            180,
          )}
        />
        {form.commission_type === 'fixed' && (
          <TextField {...amount('commission_amount', t('team.users.commission_amount'), { min: 0, step: 1 })} />
        )}
        {form.commission_type === 'percent' && (
          <TextField {...amount('commission_rate', t('team.users.commission_rate'), { min: 0, max: 100, step: 0.5 })} />
        )}
        {form.commission_type !== 'none' && (
          <SelectField
            {...choice('commission_on', t('team.users.commission_on'), COMMISSION_ON, 'team.commission_on', 160)}
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
