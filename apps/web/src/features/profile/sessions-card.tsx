import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ComputerOutlinedIcon from '@mui/icons-material/ComputerOutlined';
import DevicesOtherOutlinedIcon from '@mui/icons-material/DevicesOtherOutlined';
import PhoneAndroidOutlinedIcon from '@mui/icons-material/PhoneAndroidOutlined';
import TabletOutlinedIcon from '@mui/icons-material/TabletOutlined';
import type { TDeviceType, TMessageBody, TProfileSession } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { formatDateTime, formatTimeAgo } from '../../lib/format-date';
import { errorMessage } from '../../lib/server-errors';
import { translateServerMessage } from '../../lib/server-message';
import { toast } from '../../lib/toast';
import { useRevokeOtherSessions, useRevokeSession, useSessionsQuery } from './profile-api';
import { CardHeading } from '../../components/cards/card-heading';
import { RetryAlert } from '../../components/cards/retry-alert';

const ICONS: Record<TDeviceType, typeof ComputerOutlinedIcon> = {
  desktop: ComputerOutlinedIcon,
  mobile: PhoneAndroidOutlinedIcon,
  tablet: TabletOutlinedIcon,
  unknown: DevicesOtherOutlinedIcon,
};

export function deviceLabel(t: TFunction, session: TProfileSession): string {
  if (session.browser && session.os) return t('account.browser_on_os', { browser: session.browser, os: session.os });
  if (session.browser || session.os)
    return `${t(`account.device_types.${session.device_type}`)} · ${session.browser ?? session.os}`;
  return t('account.unknown_device');
}

/** Issue 18.4: the user's signed-in devices with their last use; one or all others can be signed out. */
export function SessionsCard() {
  const { t, i18n } = useTranslation();
  const sessions = useSessionsQuery();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [asked, setAsked] = useState<TProfileSession | 'others' | null>(null);
  const language = i18n.resolvedLanguage ?? 'en';
  const others = sessions.data?.filter((s) => !s.current) ?? [];

  const confirm = () => {
    const done = {
      onSuccess: (answer: TMessageBody) => {
        setAsked(null);
        void toast(translateServerMessage(t, answer), { variant: 'success' });
      },
      onError: (error: unknown) => {
        setAsked(null);
        void toast(errorMessage(t, error), { variant: 'error' });
      },
    };
    if (asked === 'others') revokeOthers.mutate(undefined, done);
    else if (asked) revoke.mutate(asked.id, done);
  };

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid="profile-sessions">
      <CardHeading
        title={t('account.sessions')}
        help={t('account.sessions_help')}
        sx={{ gap: 1 }}
        action={
          others.length > 0 && (
            <Button color="error" variant="outlined" onClick={() => setAsked('others')}>
              {t('account.revoke_others')}
            </Button>
          )
        }
      />
      {sessions.isPending && <Skeleton variant="rounded" height={120} sx={{ mt: 2 }} />}
      {sessions.isError && (
        <RetryAlert retryLabel={t('account.retry')} onRetry={sessions.refetch} sx={{ mt: 2 }}>
          {errorMessage(t, sessions.error)}
        </RetryAlert>
      )}
      {sessions.data && (
        <List sx={{ mt: 1 }}>
          {sessions.data.map((session) => {
            const Icon = ICONS[session.device_type];
            return (
              <ListItem key={session.id} divider disableGutters data-testid="session-row" sx={{ gap: 1 }}>
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <Icon />
                </ListItemIcon>
                <ListItemText
                  primary={deviceLabel(t, session)}
                  secondary={
                    <>
                      <span title={formatDateTime(session.last_used_at, language)}>
                        {t('account.last_used', { when: formatTimeAgo(session.last_used_at, language) })}
                      </span>
                      {session.ip && (
                        <>
                          {' · '}
                          <bdi dir="ltr">{session.ip}</bdi>
                        </>
                      )}
                    </>
                  }
                  sx={{ minWidth: 0 }}
                />
                {session.current ? (
                  <Chip size="small" color="success" label={t('account.this_device')} sx={{ flexShrink: 0 }} />
                ) : (
                  <Button size="small" color="error" onClick={() => setAsked(session)} sx={{ flexShrink: 0 }}>
                    {t('account.revoke')}
                  </Button>
                )}
              </ListItem>
            );
          })}
        </List>
      )}
      {sessions.data && others.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('account.no_other_sessions')}
        </Typography>
      )}
      <ConfirmDialog
        open={asked !== null}
        title={asked === 'others' ? t('account.revoke_others_title') : t('account.revoke_title')}
        message={
          asked === 'others'
            ? t('account.revoke_others_message')
            : asked
              ? t('account.revoke_message', { device: deviceLabel(t, asked) })
              : ''
        }
        confirmLabel={t('account.revoke')}
        danger
        busy={revoke.isPending || revokeOthers.isPending}
        onConfirm={confirm}
        onClose={() => setAsked(null)}
      />
    </Paper>
  );
}
