import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { authorityOf, OWNER_ROLE, permissionMatrix, permissionsBeyond, type TRoleRow } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../app/pages/page-frame';
import { FormDialog } from '../../components/ops-kit/form-dialog';
import { useAppAbility } from '../../lib/ability';
import { failureMessage } from '../../lib/server-message';
import { toast } from '../../lib/toast';
import { useUserData } from '../../lib/use-session';
import { PermissionGrid } from './permission-grid';
import { useRoleLabel } from './role-label';
import { useRoleMutations, useRolesQuery } from './roles-api';
import { useSubmitError } from '../../components/forms/use-field-errors';
import { AddButton } from '../../components/buttons/add-button';

const MATRIX = permissionMatrix();

type TNameDialog = { mode: 'create' | 'rename' | 'duplicate'; role: TRoleRow | null };

function RoleNameDialog({
  dialog,
  onClose,
  onDone,
}: {
  dialog: TNameDialog;
  onClose: () => void;
  onDone: (role: TRoleRow) => void;
}) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const { create, update } = useRoleMutations();
  const [name, setName] = useState(
    dialog.mode === 'rename'
      ? (dialog.role?.name ?? '')
      : dialog.mode === 'duplicate'
        ? `${roleLabel(dialog.role!.name)} 2`
        : '',
  );
  const { error, guard } = useSubmitError();
  const busy = create.isPending || update.isPending;
  const submit = () =>
    guard(async () => {
      const role =
        dialog.mode === 'rename'
          ? await update.mutateAsync({ id: dialog.role!.id, body: { name } })
          : await create.mutateAsync({
              name,
              permissions: [],
              copy_from: dialog.mode === 'duplicate' ? dialog.role!.id : undefined,
            });
      void toast(t('messages.team.role_saved'), { variant: 'success' });
      onDone(role);
    });
  return (
    <FormDialog
      maxWidth="xs"
      onClose={onClose}
      busy={busy}
      testId="role-name-dialog"
      title={t(`team.roles.${dialog.mode}`)}
      onSave={submit}
      submitLabel={t('common.save')}
      submitTestId="role-name-save"
      error={error}
    >
      <TextField
        autoFocus
        required
        label={t('team.roles.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        inputProps={{ maxLength: 60, 'data-testid': 'role-name' }}
      />
    </FormDialog>
  );
}

/** /dashboard/roles-permissions (issue 18.2): roles with user counts and the permission matrix. */
export function RolesPage() {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const ability = useAppAbility();
  const canManage = ability.can('manage', 'roles');
  const user = useUserData();
  // Decision 0139: the server refuses a role holding a permission the viewer lacks; the screen says so first.
  const viewer = useMemo(() => authorityOf(user?.role === OWNER_ROLE, user?.permissions ?? []), [user]);
  const notHeld = (permission: string) => permissionsBeyond(viewer, [permission]).length > 0;
  const roles = useRolesQuery();
  const { update, remove } = useRoleMutations();
  const list = useMemo(() => roles.data?.data ?? [], [roles.data]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = list.find((r) => r.id === selectedId) ?? list[0] ?? null;
  const [granted, setGranted] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<TNameDialog | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setGranted(new Set(selected?.permissions ?? []));
    setError(null);
  }, [selected]);

  const beyond = selected !== null && permissionsBeyond(viewer, selected.permissions).length > 0;
  const locked = !canManage || !selected || selected.is_owner || beyond;
  const someNotHeld = canManage && !locked && MATRIX.some((a) => a.permissions.some(notHeld));
  const dirty =
    selected !== null &&
    (granted.size !== selected.permissions.length || selected.permissions.some((p) => !granted.has(p)));
  const toggle = (permission: string, on: boolean) => {
    const next = new Set(granted);
    if (on) next.add(permission);
    else next.delete(permission);
    setGranted(next);
  };
  const save = async () => {
    if (!selected) return;
    setError(null);
    try {
      await update.mutateAsync({ id: selected.id, body: { permissions: [...granted] } });
      void toast(t('messages.team.role_saved'), { variant: 'success' });
    } catch (e) {
      setError(failureMessage(t, e));
    }
  };
  const del = async () => {
    if (!selected) return;
    setError(null);
    try {
      await remove.mutateAsync(selected.id);
      setSelectedId(null);
      void toast(t('messages.team.role_deleted'), { variant: 'success' });
    } catch (e) {
      setError(failureMessage(t, e));
    }
  };

  return (
    <PageFrame
      title={t('nav.roles_permissions')}
      crumbs={[t('nav.system')]}
      subtitle={t('team.roles.subtitle')}
      actions={
        canManage && (
          <AddButton
            label={t('team.roles.create')}
            onClick={() => setDialog({ mode: 'create', role: null })}
            testId="role-create"
          />
        )
      }
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '280px 1fr' }, alignItems: 'start' }}>
        <Paper>
          <List dense data-testid="roles-list">
            {list.map((role) => (
              <ListItemButton key={role.id} selected={role.id === selected?.id} onClick={() => setSelectedId(role.id)}>
                <ListItemText
                  primary={roleLabel(role.name)}
                  secondary={t('team.roles.users_count', { count: role.users_count })}
                />
                {role.built_in && <Chip size="small" variant="outlined" label={t('team.roles.built_in')} />}
              </ListItemButton>
            ))}
          </List>
        </Paper>
        {selected && (
          <Paper sx={{ p: 2 }} data-testid="permission-matrix">
            <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', gap: 1 }} alignItems="center">
              <Typography variant="h6" sx={{ flex: 1, minWidth: 160 }}>
                {roleLabel(selected.name)}
              </Typography>
              {canManage && (
                <>
                  {!selected.built_in && (
                    <Button
                      size="small"
                      disabled={beyond}
                      onClick={() => setDialog({ mode: 'rename', role: selected })}
                    >
                      {t('team.roles.rename')}
                    </Button>
                  )}
                  <Button
                    size="small"
                    disabled={beyond}
                    onClick={() => setDialog({ mode: 'duplicate', role: selected })}
                    data-testid="role-duplicate"
                  >
                    {t('team.roles.duplicate')}
                  </Button>
                  {!selected.built_in && (
                    <Button
                      size="small"
                      color="error"
                      disabled={beyond}
                      onClick={() => void del()}
                      data-testid="role-delete"
                    >
                      {t('team.roles.delete')}
                    </Button>
                  )}
                </>
              )}
            </Stack>
            {selected.is_owner && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {t('messages.team.owner_role_locked')}
              </Alert>
            )}
            {canManage && beyond && !selected.is_owner && (
              <Alert severity="info" sx={{ mb: 2 }} data-testid="role-beyond">
                {t('team.roles.role_beyond')}
              </Alert>
            )}
            {someNotHeld && (
              <Alert severity="info" sx={{ mb: 2 }} data-testid="role-not-held">
                {t('team.roles.some_not_held')}
              </Alert>
            )}
            {error && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {error}
              </Alert>
            )}
            <PermissionGrid
              granted={granted}
              locked={locked}
              isWithheld={(permission) => !locked && notHeld(permission)}
              onToggle={toggle}
            />
            {!locked && (
              <Stack direction="row" spacing={1} sx={{ mt: 2 }} justifyContent="flex-end">
                <Button disabled={!dirty} onClick={() => setGranted(new Set(selected.permissions))}>
                  {t('common.cancel')}
                </Button>
                <Button
                  variant="contained"
                  disabled={!dirty || update.isPending}
                  onClick={() => void save()}
                  data-testid="role-save"
                >
                  {t('common.save')}
                </Button>
              </Stack>
            )}
          </Paper>
        )}
      </Box>
      {dialog && (
        <RoleNameDialog
          dialog={dialog}
          onClose={() => setDialog(null)}
          onDone={(role) => {
            setDialog(null);
            setSelectedId(role.id);
          }}
        />
      )}
    </PageFrame>
  );
}
