import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import type { TInvitationAnswer } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { failureMessage } from '../../lib/server-message';
import { useUserData } from '../../lib/use-session';
import { toast } from '../../lib/toast';
import { useRoleOptionsQuery, useTeamMutations } from './team-api';
import type { TUserListRow } from './users-api';

export type TUserAction = 'edit' | 'deactivate';

/** A user's menu (issue 18.1): edit, invitation link, password link, deactivate or reactivate. */
export function UserRowMenu({
  user,
  onOpen,
  onLink,
}: {
  user: TUserListRow;
  onOpen: (action: TUserAction, user: TUserListRow) => void;
  onLink: (answer: TInvitationAnswer) => void;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { activate, resend, resetPassword } = useTeamMutations();
  // A reset signs its user out everywhere: one's own password changes on the profile page instead.
  const isSelf = useUserData()?.id === user.id;
  // Decision 0139: a user whose role holds more than the viewer (or an owner, for a non-owner) is
  // not theirs to change; the server would refuse each action, so the menu says why instead.
  const roleOptions = useRoleOptionsQuery();
  const outranksViewer =
    !isSelf && roleOptions.data?.data.find((role) => role.id === user.role_id)?.grantable === false;
  const run = async (action: () => Promise<unknown>) => {
    setAnchor(null);
    try {
      await action();
    } catch (e) {
      void toast(failureMessage(t, e), { variant: 'error' });
    }
  };
  return (
    <>
      <IconButton
        aria-label={t('team.users.actions', { name: user.name })}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="user-menu-button"
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {outranksViewer && (
          <MenuItem disabled data-testid="user-outranks-viewer" sx={{ whiteSpace: 'normal', maxWidth: 320 }}>
            {t('messages.team.target_outranks_actor')}
          </MenuItem>
        )}
        {!outranksViewer && (
          <MenuItem onClick={() => (setAnchor(null), onOpen('edit', user))}>{t('common.edit')}</MenuItem>
        )}
        {!outranksViewer && user.invitation_pending && (
          <MenuItem onClick={() => void run(async () => onLink(await resend.mutateAsync({ id: user.id })))}>
            {t('team.users.resend')}
          </MenuItem>
        )}
        {!user.invitation_pending && isSelf && (
          <MenuItem component={RouterLink} to="/dashboard/profile" data-testid="user-own-password">
            {t('team.users.own_password')}
          </MenuItem>
        )}
        {!outranksViewer && !user.invitation_pending && !isSelf && (
          <MenuItem onClick={() => void run(async () => onLink(await resetPassword.mutateAsync({ id: user.id })))}>
            {t('team.users.reset_password')}
          </MenuItem>
        )}
        {outranksViewer ? null : user.active ? (
          <MenuItem onClick={() => (setAnchor(null), onOpen('deactivate', user))} sx={{ color: 'error.main' }}>
            {t('team.users.deactivate')}
          </MenuItem>
        ) : (
          <MenuItem
            onClick={() =>
              void run(async () => {
                await activate.mutateAsync({ id: user.id });
                void toast(t('messages.team.user_activated'), { variant: 'success' });
              })
            }
          >
            {t('team.users.reactivate')}
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
