import Paper from '@mui/material/Paper';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import { ZListQuery } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { usePresence } from '../../lib/realtime/presence';
import { ListBody } from '../../components/lists/list-body';
import { ListPagination } from '../../components/lists/list-pagination';
import { ListToolbar } from '../../components/lists/list-toolbar';
import { SearchField } from '../../components/lists/search-field';
import { useListState } from '../../components/lists/use-list-state';
import { PageFrame } from '../../app/pages/page-frame';
import { useUsersQuery } from './users-api';
import { UsersTable } from './users-table';

/**
 * /dashboard/users (issue 7.4): the shop's users with their presence, kept live by the socket.
 * Read-only: managing users is a later module.
 */
export function UsersPage() {
  const { t } = useTranslation();
  const { query, update } = useListState(ZListQuery);
  const users = useUsersQuery(query);
  const presence = usePresence();

  return (
    <PageFrame title={t('nav.users')} subtitle={t('users.subtitle')}>
      <Paper sx={{ overflow: 'hidden' }}>
        <ListToolbar onClear={query.search ? () => update({ search: null }) : undefined}>
          <SearchField
            label={t('users.search')}
            placeholder={t('users.search_hint')}
            value={query.search ?? ''}
            onChange={(search) => update({ search })}
          />
        </ListToolbar>
        <ListBody
          query={users}
          filtered={Boolean(query.search)}
          empty={{
            icon: <GroupOutlinedIcon fontSize="large" />,
            title: t('users.empty_title'),
            message: t('users.empty_message'),
          }}
        >
          {(page) => (
            <>
              <UsersTable users={page.data} presence={presence} />
              <ListPagination total={page.total} page={query.page} perPage={query.per_page} onChange={update} />
            </>
          )}
        </ListBody>
      </Paper>
    </PageFrame>
  );
}
