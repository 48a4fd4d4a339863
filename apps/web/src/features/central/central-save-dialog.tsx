import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ResponsiveDialog } from '../../components/dialogs/responsive-dialog';
import { translateServerMessage } from '../../lib/server-message';
import { toast } from '../../lib/toast';
import { serverErrors } from './central-ui';

/**
 * A central form's save: the server's coded message as a toast, the central lists refreshed, then
 * `onSaved`; its refusal as `errors` (by field, translated) for the form.
 */
export function useCentralSave(mutationFn: () => Promise<{ code: string }>, onSaved: () => void) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn,
    onSuccess: async (answer) => {
      void toast(translateServerMessage(t, { code: answer.code, params: {} }), { variant: 'success' });
      await client.invalidateQueries({ queryKey: ['central'] });
      onSaved();
    },
  });
  return { save, errors: serverErrors(t, save.error) };
}

/** The create/edit dialog of a central list (plans, tutorials): a form with Cancel and Save. */
export function CentralSaveDialog({
  title,
  save,
  general,
  onClose,
  maxWidth,
  children,
}: {
  title: string;
  save: { isPending: boolean; mutate: () => void };
  general: string | null;
  onClose: () => void;
  maxWidth?: 'sm' | 'md';
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
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
      actions={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {general && <Alert severity="error">{general}</Alert>}
        {children}
      </Stack>
    </ResponsiveDialog>
  );
}
