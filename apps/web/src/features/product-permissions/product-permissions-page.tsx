import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import { ZUserProductPermissionsListQuery, type TUserProductPermissions } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { useAppAbility } from '../../lib/ability';
import { PagedList } from '../../components/lists/paged-list';
import { idParam, useListState } from '../../components/lists/use-list-state';
import { PageFrame } from '../../app/pages/page-frame';
import { RowActionButton } from '../../components/lists/row-action-button';
import { useUserProductPermissionsQuery } from './product-permissions-api';
import { UserProductsDialog } from './user-products-dialog';
import { ListTable } from '../../components/lists/list-table';
import { actionsColumn } from '../../components/catalogue-kit/actions-column';

function AccessChip({ user }: { user: TUserProductPermissions }) {
  const { t } = useTranslation();
  if (!user.restricted)
    return <Chip size="small" color="success" variant="outlined" label={t('product_permissions.all_products')} />;
  if (!user.product_ids.length)
    return <Chip size="small" color="warning" label={t('product_permissions.no_products')} />;
  return (
    <Chip
      size="small"
      color="primary"
      variant="outlined"
      label={t('product_permissions.limited', { count: user.product_ids.length })}
    />
  );
}

/** /userproductpermissions (SPEC 2.3, issue 3.2): which products each user may work with. */
export function ProductPermissionsPage() {
  const { t } = useTranslation();
  const canManage = useAppAbility().can('manage', 'users');
  const { query, params, update, setDialog } = useListState(ZUserProductPermissionsListQuery);
  const users = useUserProductPermissionsQuery(query);
  const editId = params.get('dialog') === 'edit' ? idParam(params) : null;

  return (
    <PageFrame
      title={t('pages.user_product_permissions')}
      crumbs={[t('nav.users')]}
      subtitle={t('product_permissions.subtitle')}
    >
      {/* Every user of the shop is listed, the viewer too: empty only ever means the search matched nobody. */}
      <PagedList
        query={users}
        state={{ query, update }}
        filtered={false}
        search={{ label: t('product_permissions.search') }}
        empty={{
          icon: <GroupOutlinedIcon fontSize="large" />,
          title: t('lists.no_match_title'),
          message: t('lists.no_match_message'),
        }}
      >
        {(page) => (
          <ListTable
            columns={[
              t('product_permissions.user'),
              t('product_permissions.role'),
              t('product_permissions.access'),
              canManage && actionsColumn(t),
            ]}
            sx={{ minWidth: 600 }}
            aria-label={t('pages.user_product_permissions')}
          >
            {page.data.map((user) => (
              <TableRow key={user.user_id} hover data-testid="permission-row">
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {user.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    <bdi>{user.email}</bdi>
                  </Typography>
                </TableCell>
                <TableCell>{user.role}</TableCell>
                <TableCell>
                  <AccessChip user={user} />
                </TableCell>
                {canManage && (
                  <TableCell sx={{ textAlign: 'end' }}>
                    <RowActionButton
                      title={t('product_permissions.edit')}
                      label={t('product_permissions.edit_named', { name: user.name })}
                      icon={<EditOutlinedIcon />}
                      onClick={() => setDialog({ dialog: 'edit', id: user.user_id })}
                    />
                  </TableCell>
                )}
              </TableRow>
            ))}
          </ListTable>
        )}
      </PagedList>
      {canManage && editId !== null && <UserProductsDialog userId={editId} onClose={() => setDialog(null)} />}
    </PageFrame>
  );
}
