import { useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { STATUS_TYPES, type TStatus, type TStatusType } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../app/pages/page-frame';
import { useAppAbility } from '../../lib/ability';
import { toast } from '../../lib/toast';
import { StatusChip } from '../orders/table/order-cells';
import { useShopStatuses, useStatusLabel } from './status-label';
import { useStatusMutations } from './statuses-api';
import { useSubmitError } from '../../components/forms/use-field-errors';
import { FormDialog } from '../../components/ops-kit/form-dialog';
import { ChoiceConfirmDialog } from '../../components/ops-kit/choice-confirm-dialog';

const LANGS = ['en', 'fr', 'ar'] as const;

interface TForm {
  type: TStatusType;
  display_name: string;
  names: Record<(typeof LANGS)[number], string>;
  color: string;
  position: string;
  active: boolean;
}

const formOf = (status: TStatus | null, type: TStatusType): TForm => ({
  type: status?.type ?? type,
  display_name: status?.display_name ?? '',
  names: { en: status?.names?.en ?? '', fr: status?.names?.fr ?? '', ar: status?.names?.ar ?? '' },
  color: status?.color ?? '#7367F0',
  position: status?.position === undefined ? '' : String(status.position),
  active: status?.active ?? true,
});

function StatusDialog({ status, type, onClose }: { status: TStatus | null; type: TStatusType; onClose: () => void }) {
  const { t } = useTranslation();
  const { create, update } = useStatusMutations();
  const [form, setForm] = useState(() => formOf(status, type));
  const { error, guard } = useSubmitError();
  const busy = create.isPending || update.isPending;
  // A field's value and change handler, bound to one key of the form.
  const text = (key: 'display_name' | 'color' | 'position') => ({
    value: form[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setForm({ ...form, [key]: event.target.value }),
  });
  const submit = () =>
    guard(async () => {
      const names = Object.fromEntries(LANGS.map((l) => [l, form.names[l].trim()]).filter(([, v]) => v));
      const position = form.position === '' ? undefined : Number(form.position);
      if (status) {
        await update.mutateAsync({
          id: status.id,
          body: { display_name: form.display_name, names, color: form.color, position, active: form.active },
        });
      } else {
        await create.mutateAsync({
          type: form.type,
          display_name: form.display_name,
          names,
          color: form.color,
          position,
          active: form.active,
        });
      }
      void toast(t('messages.team.status_saved'), { variant: 'success' });
      onClose();
    });
  return (
    <FormDialog
      onClose={onClose}
      busy={busy}
      testId="status-editor-dialog"
      title={
        status ? t('team.statuses.edit') : t('team.statuses.add_in', { type: t(`team.status_types.${form.type}`) })
      }
      onSave={submit}
      submitLabel={t('common.save')}
      submitTestId="status-save"
      error={error}
    >
      <TextField
        label={t('team.statuses.display_name')}
        helperText={t('team.statuses.display_name_hint')}
        required
        {...text('display_name')}
        inputProps={{ 'data-testid': 'status-display-name', maxLength: 60 }}
      />
      {LANGS.map((lang) => (
        <TextField
          key={lang}
          label={t(`team.statuses.name_in.${lang}`)}
          value={form.names[lang]}
          onChange={(e) => setForm({ ...form, names: { ...form.names, [lang]: e.target.value } })}
          inputProps={{ dir: lang === 'ar' ? 'rtl' : 'ltr', 'data-testid': `status-name-${lang}`, maxLength: 60 }}
        />
      ))}
      <Stack direction="row" spacing={2}>
        <TextField label={t('team.statuses.color')} type="color" {...text('color')} sx={{ width: 120 }} />
        <TextField
          label={t('team.statuses.position')}
          type="number"
          {...text('position')}
          inputProps={{ min: 0 }}
          sx={{ width: 140 }}
        />
      </Stack>
      <FormControlLabel
        control={
          <Switch
            checked={form.active}
            disabled={status?.is_system}
            onChange={(e) => setForm({ ...form, active: e.target.checked })}
          />
        }
        label={t('team.statuses.active')}
      />
    </FormDialog>
  );
}

function DeleteStatusDialog({
  status,
  statuses,
  onClose,
}: {
  status: TStatus;
  statuses: TStatus[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const label = useStatusLabel();
  const { remove } = useStatusMutations();
  const choices = statuses.filter((s) => s.type === status.type && s.id !== status.id && s.active !== false);
  const [replacement, setReplacement] = useState<number | ''>(choices[0]?.id ?? '');
  return (
    <ChoiceConfirmDialog
      onClose={onClose}
      busy={remove.isPending}
      testId="status-delete-dialog"
      title={t('team.statuses.delete_title', { name: label(status) })}
      explain={t('team.statuses.delete_explain')}
      confirmLabel={t('team.statuses.delete')}
      confirmTestId="status-delete-confirm"
      onConfirm={async () => {
        const done = await remove.mutateAsync({ id: status.id, replacementId: replacement || null });
        void toast(t('team.statuses.deleted', { count: done.orders_moved }), { variant: 'success' });
        onClose();
      }}
      choice={{
        label: t('team.statuses.replacement'),
        value: replacement,
        onChange: setReplacement,
        options: choices.map((s) => ({ value: s.id, label: label(s) })),
      }}
    />
  );
}

/** /dashboard/statuses (issue 18.3): the shop's statuses by type, named in three languages. */
export function StatusesPage() {
  const { t } = useTranslation();
  const label = useStatusLabel();
  const ability = useAppAbility();
  const canManage = ability.can('manage', 'statuses');
  const statuses = useShopStatuses();
  const list = statuses.data?.data ?? [];
  const [editing, setEditing] = useState<{ status: TStatus | null; type: TStatusType } | null>(null);
  const [deleting, setDeleting] = useState<TStatus | null>(null);

  return (
    <PageFrame title={t('nav.statuses')} crumbs={[t('nav.system')]} subtitle={t('team.statuses.subtitle')}>
      <Stack spacing={2}>
        {STATUS_TYPES.map((type) => (
          <Paper key={type} sx={{ p: 2 }} data-testid={`status-type-${type}`}>
            <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 1 }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                {t(`team.status_types.${type}`)}
              </Typography>
              {canManage && (
                <Button
                  size="small"
                  startIcon={<AddIcon />}
                  onClick={() => setEditing({ status: null, type })}
                  data-testid={`status-add-${type}`}
                >
                  {t('team.statuses.add')}
                </Button>
              )}
            </Stack>
            <Stack spacing={1}>
              {list
                .filter((s) => s.type === type)
                .map((s) => (
                  <Box
                    key={s.id}
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 1,
                      flexWrap: 'wrap',
                      opacity: s.active === false ? 0.55 : 1,
                    }}
                    data-testid="status-row"
                  >
                    <StatusChip status={s} />
                    <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 120 }}>
                      {LANGS.map((l) => s.names?.[l])
                        .filter(Boolean)
                        .join(' · ') || label(s)}
                    </Typography>
                    {s.is_system && (
                      <Tooltip title={t('team.statuses.system_hint')}>
                        <Chip size="small" icon={<LockOutlinedIcon />} label={t('team.statuses.system')} />
                      </Tooltip>
                    )}
                    {s.active === false && <Chip size="small" label={t('team.statuses.inactive')} />}
                    {canManage && (
                      <>
                        <IconButton
                          aria-label={t('team.statuses.edit')}
                          onClick={() => setEditing({ status: s, type })}
                        >
                          <EditOutlinedIcon fontSize="small" />
                        </IconButton>
                        <IconButton
                          aria-label={t('team.statuses.delete')}
                          disabled={s.is_system}
                          onClick={() => setDeleting(s)}
                        >
                          <DeleteOutlineIcon fontSize="small" />
                        </IconButton>
                      </>
                    )}
                  </Box>
                ))}
            </Stack>
          </Paper>
        ))}
      </Stack>
      {editing && <StatusDialog status={editing.status} type={editing.type} onClose={() => setEditing(null)} />}
      {deleting && <DeleteStatusDialog status={deleting} statuses={list} onClose={() => setDeleting(null)} />}
    </PageFrame>
  );
}
