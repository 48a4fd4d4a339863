import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoleLabel } from '../roles/role-label';
import type { TPresenceRow } from '../../lib/realtime/events';
import { PresenceDot } from '../../lib/realtime/presence-dot';
import { formatTimeAgo } from '../../lib/format-date';
import { useNow } from './last-seen';
import type { TUserListRow } from './users-api';
import { ListTable } from '../../components/lists/list-table';

// Columns a phone folds into the name cell.
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

function LastSeen({ presence, now }: { presence: TPresenceRow | undefined; now: number }) {
  const { t, i18n } = useTranslation();
  if (presence?.online) {
    return (
      <Typography variant="body2" component="span" color="success.main" sx={{ fontWeight: 600 }}>
        {t('realtime.online')}
      </Typography>
    );
  }
  const relative = formatTimeAgo(presence?.last_changed, i18n.language, now);
  return (
    <Typography
      variant="body2"
      component="span"
      color="text.secondary"
      title={relative ? undefined : t('users.never_seen')}
    >
      {relative || '—'}
    </Typography>
  );
}

function AccountChip({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return active ? (
    <Chip size="small" variant="outlined" color="success" label={t('users.active')} />
  ) : (
    <Chip size="small" label={t('users.inactive')} />
  );
}

function InvitedChip() {
  const { t } = useTranslation();
  return <Chip size="small" color="warning" variant="outlined" label={t('team.users.invited')} />;
}

/**
 * SPEC 4 / 7: the users of the shop, who is here now and when the others were last seen. On a
 * phone the name cell carries the email, the role and an inactive account, so the last-seen column
 * stays in view without scrolling sideways.
 */
export function UsersTable({
  users,
  presence,
  actions,
}: {
  users: TUserListRow[];
  presence: Map<number, TPresenceRow>;
  /** Issue 18.1: the row's menu (edit, invitation, password, deactivate) for who may manage users. */
  actions?: (user: TUserListRow) => ReactNode;
}) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const now = useNow();
  return (
    <ListTable
      columns={[
        t('users.name'),
        { label: t('users.email'), sx: WIDE_ONLY },
        { label: t('users.role'), sx: WIDE_ONLY },
        { label: t('users.status'), sx: WIDE_ONLY },
        t('users.last_seen'),
        actions && { padding: 'checkbox' },
      ]}
      sx={{ minWidth: { sm: 720 } }}
      aria-label={t('nav.users')}
    >
      {users.map((user) => {
        const state = presence.get(user.id);
        return (
          <TableRow
            key={user.id}
            hover
            data-testid="user-row"
            data-user-id={user.id}
            data-online={state?.online ?? false}
          >
            <TableCell>
              <Box sx={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
                <PresenceDot presence={state} />
                <Typography variant="body2" component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {user.name}
                </Typography>
              </Box>
              <Box
                sx={{
                  display: { xs: 'grid', sm: 'none' },
                  justifyItems: 'start',
                  gap: 0.25,
                  paddingInlineStart: 1.75,
                  color: 'text.secondary',
                  typography: 'caption',
                  overflowWrap: 'anywhere',
                }}
              >
                <bdi>{user.email}</bdi>
                <span>{roleLabel(user.role)}</span>
                {user.invitation_pending && <InvitedChip />}
                {!user.active && <AccountChip active={false} />}
              </Box>
            </TableCell>
            <TableCell sx={WIDE_ONLY}>
              <bdi>{user.email}</bdi>
            </TableCell>
            <TableCell sx={WIDE_ONLY}>{roleLabel(user.role)}</TableCell>
            <TableCell sx={WIDE_ONLY}>
              {user.invitation_pending ? <InvitedChip /> : <AccountChip active={user.active} />}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="user-last-seen">
              <LastSeen presence={state} now={now} />
            </TableCell>
            {actions && <TableCell padding="checkbox">{actions(user)}</TableCell>}
          </TableRow>
        );
      })}
    </ListTable>
  );
}
