import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { TUserProductPermissions } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { ResponsiveDialog } from '../../components/dialogs/responsive-dialog';
import { errorMessage } from '../../lib/server-errors';
import { PendingState } from '../../components/catalogue-kit/detail-states';
import { ProductChecklist } from './product-checklist';
import { useSaveUserProductPermissions, useUserProductPermissionQuery } from './product-permissions-api';

function PermissionsForm({ user, onClose }: { user: TUserProductPermissions; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveUserProductPermissions();
  const [restricted, setRestricted] = useState(user.restricted);
  const [selected, setSelected] = useState<Set<number>>(() => new Set(user.product_ids));
  const [error, setError] = useState<string | null>(null);

  const toggle = (id: number, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });

  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync({
        userId: user.user_id,
        input: { restricted, product_ids: restricted ? [...selected] : [] },
      });
      void toast(t('product_permissions.saved', { name: user.name }), { variant: 'success' });
      onClose();
    } catch (failure) {
      setError(errorMessage(t, failure));
    }
  };

  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      busy={save.isPending}
      maxWidth="sm"
      testId="user-products-dialog"
      title={t('product_permissions.edit_title', { name: user.name })}
      submit={{ submitLabel: t('common.save'), onSubmit: () => void submit() }}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {t('product_permissions.explain')}
        </Typography>
        {error && <Alert severity="error">{error}</Alert>}
        <RadioGroup
          value={restricted ? 'some' : 'all'}
          onChange={(event) => setRestricted(event.target.value === 'some')}
        >
          <FormControlLabel value="all" control={<Radio />} label={t('product_permissions.all_products')} />
          <FormControlLabel value="some" control={<Radio />} label={t('product_permissions.some_products')} />
        </RadioGroup>
        {restricted && (
          <>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Chip
                color={selected.size ? 'primary' : 'warning'}
                label={t('product_permissions.selected_count', { count: selected.size })}
                data-testid="selected-count"
              />
              {selected.size > 0 && (
                <Button size="small" onClick={() => setSelected(new Set())}>
                  {t('product_permissions.clear_selection')}
                </Button>
              )}
            </Box>
            {selected.size === 0 && <Alert severity="warning">{t('product_permissions.none_warning')}</Alert>}
            <ProductChecklist selected={selected} onToggle={toggle} />
          </>
        )}
      </Box>
    </ResponsiveDialog>
  );
}

/** `?dialog=edit&id=<user id>`: all products, or a chosen set (issue 3.2). */
export function UserProductsDialog({ userId, onClose }: { userId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useUserProductPermissionQuery(userId);
  if (user.data) return <PermissionsForm key={user.data.user_id} user={user.data} onClose={onClose} />;
  return (
    <ResponsiveDialog open onClose={onClose} title={t('product_permissions.loading_title')}>
      <PendingState query={user} skeletons={[80, 200]} />
    </ResponsiveDialog>
  );
}
