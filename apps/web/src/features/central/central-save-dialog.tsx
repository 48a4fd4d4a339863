import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import type { ButtonProps } from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ResponsiveDialog } from '../../components/dialogs/responsive-dialog';
import { translateServerMessage } from '../../lib/server-message';
import { toast } from '../../lib/toast';
import { central } from './central-api';
import { useCentralRows } from './central-rows';
import { serverErrors } from './central-ui';

/**
 * A central form's save: the server's coded message as a toast, the central lists refreshed, then
 * `onSaved` with the answer; its refusal as `errors` (by field, translated) for the form.
 */
export function useCentralSave<TAnswer extends { code: string }>(
  mutationFn: () => Promise<TAnswer>,
  onSaved: (answer: TAnswer) => void,
) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn,
    onSuccess: async (answer) => {
      void toast(translateServerMessage(t, { code: answer.code, params: {} }), { variant: 'success' });
      await client.invalidateQueries({ queryKey: ['central'] });
      onSaved(answer);
    },
  });
  return { save, errors: serverErrors(t, save.error) };
}

/**
 * A central dialog that saves (plans, tutorials, void, approve/reject, tenant actions): a form with
 * Cancel and its main action (Save unless `submitLabel`), the failure that belongs to no field above.
 */
export function CentralSaveDialog({
  title,
  save,
  general,
  onClose,
  maxWidth,
  submitLabel,
  submitColor,
  submitTestId,
  children,
}: {
  title: string;
  save: { isPending: boolean; mutate: () => void };
  general: string | null;
  onClose: () => void;
  maxWidth?: 'xs' | 'sm' | 'md';
  submitLabel?: string;
  submitColor?: ButtonProps['color'];
  submitTestId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      busy={save.isPending}
      maxWidth={maxWidth}
      title={title}
      onSave={save.mutate}
      submit={{ submitLabel: submitLabel ?? t('common.save'), submitColor, submitTestId }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {general && <Alert severity="error">{general}</Alert>}
        {children}
      </Stack>
    </ResponsiveDialog>
  );
}

/**
 * A central list whose rows are created, edited and archived here (plans, tutorials): the rows,
 * the one being edited (`'new'` for a new one) and the archive/restore action (a refusal is a toast).
 */
export function useEditableCollection<TRow extends { id: number; archived: boolean }>(
  collection: 'plans' | 'tutorials',
) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useCentralRows<TRow>(collection);
  const [editing, setEditing] = useState<TRow | 'new' | null>(null);
  const archive = useMutation({
    mutationFn: (row: TRow) => central.post(`/central/${collection}/${row.id}/${row.archived ? 'restore' : 'archive'}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['central'] }),
    onError: (error) => void toast(serverErrors(t, error).general ?? t('errors.unexpected'), { variant: 'error' }),
  });
  return { query, editing, setEditing, archive };
}
