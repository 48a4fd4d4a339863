import { useState } from 'react';
import PersonAddAltIcon from '@mui/icons-material/PersonAddAlt';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import { ZListQuery, type TInvitationAnswer } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { usePresence } from '../../lib/realtime/presence';
import { PagedList } from '../../components/lists/paged-list';
import { useListState } from '../../components/lists/use-list-state';
import { PageFrame } from '../../app/pages/page-frame';
import { useAppAbility } from '../../lib/ability';
import { DeactivateDialog, LinkDialog, UserDialog } from './user-dialogs';
import { UserRowMenu, type TUserAction } from './user-row-menu';
import { useUsersQuery, type TUserListRow } from './users-api';
import { UsersTable } from './users-table';
import { AddButton } from '../../components/buttons/add-button';

/**
 * /dashboard/users (issue 7.4, 18.1): the shop's users with their presence, kept live by the
 * socket; who may 'manage users' invites, creates, edits, deactivates and resets passwords.
 */
export function UsersPage() {
  const { t } = useTranslation();
  const { query, update } = useListState(ZListQuery);
  const users = useUsersQuery(query);
  const presence = usePresence();
  const canManage = useAppAbility().can('manage', 'users');
  const [dialog, setDialog] = useState<{ action: TUserAction | 'create'; user: TUserListRow | null } | null>(null);
  const [link, setLink] = useState<TInvitationAnswer | null>(null);

  return (
    <PageFrame
      title={t('nav.users')}
      subtitle={t('users.subtitle')}
      actions={
        canManage && (
          <AddButton
            label={t('team.users.add')}
            icon={<PersonAddAltIcon />}
            onClick={() => setDialog({ action: 'create', user: null })}
            testId="user-add"
          />
        )
      }
    >
      <PagedList
        query={users}
        state={{ query, update }}
        filtered={Boolean(query.search)}
        search={{ label: t('users.search'), placeholder: t('users.search_hint') }}
        empty={{
          icon: <GroupOutlinedIcon fontSize="large" />,
          title: t('users.empty_title'),
          message: t('users.empty_message'),
        }}
      >
        {(page) => (
          <UsersTable
            users={page.data}
            presence={presence}
            actions={
              canManage
                ? (user) => (
                    <UserRowMenu user={user} onOpen={(action, u) => setDialog({ action, user: u })} onLink={setLink} />
                  )
                : undefined
            }
          />
        )}
      </PagedList>
      {(dialog?.action === 'create' || dialog?.action === 'edit') && (
        <UserDialog
          user={dialog.user}
          onClose={() => setDialog(null)}
          onInvited={(answer) => {
            setDialog(null);
            setLink(answer);
          }}
        />
      )}
      {dialog?.action === 'deactivate' && dialog.user && (
        <DeactivateDialog user={dialog.user} onClose={() => setDialog(null)} />
      )}
      {link && <LinkDialog answer={link} onClose={() => setLink(null)} />}
    </PageFrame>
  );
}
