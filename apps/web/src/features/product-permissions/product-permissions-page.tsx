import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import { ZUserProductPermissionsListQuery, type TUserProductPermissions } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { useAppAbility } from '../../lib/ability';
import { ListPagination } from '../lists/list-pagination';
import { ListEmpty, ListError, ListLoading, ListRefreshing } from '../lists/list-states';
import { ListToolbar } from '../lists/list-toolbar';
import { SearchField } from '../lists/search-field';
import { idParam, useListState } from '../lists/use-list-state';
import { PageFrame } from '../pages/page-frame';
import { useUserProductPermissionsQuery } from './product-permissions-api';
import { UserProductsDialog } from './user-products-dialog';

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
      <Paper sx={{ overflow: 'hidden' }}>
        <ListToolbar onClear={query.search ? () => update({ search: null }) : undefined}>
          <SearchField
            label={t('product_permissions.search')}
            value={query.search ?? ''}
            onChange={(search) => update({ search })}
          />
        </ListToolbar>
        <ListRefreshing active={users.isFetching && !users.isLoading} />
        {users.isLoading ? (
          <ListLoading />
        ) : users.isError && !users.data ? (
          <ListError error={users.error} onRetry={() => void users.refetch()} />
        ) : !users.data?.data.length ? (
          <ListEmpty
            icon={<GroupOutlinedIcon fontSize="large" />}
            title={t('lists.no_match_title')}
            message={t('lists.no_match_message')}
          />
        ) : (
          <>
            <TableContainer>
              <Table size="small" sx={{ minWidth: 600 }} aria-label={t('pages.user_product_permissions')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('product_permissions.user')}</TableCell>
                    <TableCell>{t('product_permissions.role')}</TableCell>
                    <TableCell>{t('product_permissions.access')}</TableCell>
                    {canManage && <TableCell sx={{ textAlign: 'end' }}>{t('lists.actions')}</TableCell>}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {users.data.data.map((user) => (
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
                          <Tooltip title={t('product_permissions.edit')}>
                            <IconButton
                              aria-label={t('product_permissions.edit_named', { name: user.name })}
                              onClick={() => setDialog({ dialog: 'edit', id: user.user_id })}
                            >
                              <EditOutlinedIcon />
                            </IconButton>
                          </Tooltip>
                        </TableCell>
                      )}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <ListPagination total={users.data.total} page={query.page} perPage={query.per_page} onChange={update} />
          </>
        )}
      </Paper>
      {canManage && editId !== null && <UserProductsDialog userId={editId} onClose={() => setDialog(null)} />}
    </PageFrame>
  );
}
