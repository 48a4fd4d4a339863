import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { TWaitingEntry } from '@cod/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ResponsiveDialog } from '../../components/dialogs/responsive-dialog';
import { central } from './central-api';
import { CentralListPage } from './central-list';
import { ReasonField } from './central-form';
import { CentralSaveDialog, useCentralSave } from './central-save-dialog';
import { formatDay } from './central-ui';

const TABS = ['pending', 'approved', 'rejected', 'all'] as const;
const STATUS_COLOR = { pending: 'warning', approved: 'success', rejected: 'default' } as const;

/** /central/waitinglist (issue 19.5): the sign-ups, approved (the shop is created) or rejected. */
export function WaitingListPage() {
  const { t, i18n } = useTranslation();
  const [tab, setTab] = useState<(typeof TABS)[number]>('pending');
  const [deciding, setDeciding] = useState<{ entry: TWaitingEntry; action: 'approve' | 'reject' } | null>(null);
  const list = useQuery({
    queryKey: ['central', 'waiting-list', tab],
    queryFn: ({ signal }) =>
      central.get<{ data: TWaitingEntry[] }>(`/central/waiting-list${tab === 'all' ? '' : `?status=${tab}`}`, signal),
  });
  return (
    <CentralListPage
      title={t('central.waiting.title')}
      filters={
        <Tabs
          value={tab}
          onChange={(_e, value: (typeof TABS)[number]) => setTab(value)}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {TABS.map((key) => (
            <Tab key={key} value={key} label={t(`central.waiting.${key}`)} />
          ))}
        </Tabs>
      }
      query={list}
      emptyTitle={t('central.waiting.empty')}
      emptyMessage={t('central.waiting.empty_message')}
      dialogs={deciding && <DecideDialog {...deciding} onClose={() => setDeciding(null)} />}
      head={[
        t('central.waiting.shop'),
        t('central.waiting.contact'),
        t('central.waiting.wilaya'),
        { label: t('central.waiting.expected'), align: 'right' },
        t('central.waiting.received'),
        t('central.waiting.status'),
        '',
      ]}
    >
      {(rows) =>
        rows.map((entry) => (
          <TableRow key={entry.id} hover data-testid={`waiting-${entry.email}`}>
            <TableCell>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {entry.shop_name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {entry.owner_name}
              </Typography>
            </TableCell>
            <TableCell>
              <Typography variant="body2" dir="ltr" sx={{ textAlign: 'start' }}>
                {entry.email}
              </Typography>
              <Typography variant="caption" color="text.secondary" dir="ltr">
                {entry.phone}
              </Typography>
            </TableCell>
            <TableCell>{entry.wilaya ?? entry.wilaya_id}</TableCell>
            <TableCell align="right">{entry.expected_orders.toLocaleString()}</TableCell>
            <TableCell>{formatDay(entry.created_at, i18n.language)}</TableCell>
            <TableCell>
              <Chip size="small" color={STATUS_COLOR[entry.status]} label={t(`central.waiting.${entry.status}`)} />
              {entry.reject_reason && (
                <Typography variant="caption" component="div" color="text.secondary">
                  {entry.reject_reason}
                </Typography>
              )}
            </TableCell>
            <TableCell align="right">
              {entry.status === 'pending' ? (
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                  <Button size="small" variant="contained" onClick={() => setDeciding({ entry, action: 'approve' })}>
                    {t('central.waiting.approve')}
                  </Button>
                  <Button size="small" color="error" onClick={() => setDeciding({ entry, action: 'reject' })}>
                    {t('central.waiting.reject')}
                  </Button>
                </Stack>
              ) : entry.tenant_id ? (
                <Link component={RouterLink} to={`/central/tenants/show?id=${entry.tenant_id}`}>
                  {t('central.waiting.open_shop')}
                </Link>
              ) : null}
            </TableCell>
          </TableRow>
        ))
      }
    </CentralListPage>
  );
}

function DecideDialog({
  entry,
  action,
  onClose,
}: {
  entry: TWaitingEntry;
  action: 'approve' | 'reject';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [link, setLink] = useState<string | null>(null);
  const { save, errors } = useCentralSave(
    () =>
      central.post<{ code: string; data?: { link?: string } }>(
        `/central/waiting-list/${entry.id}/${action}`,
        action === 'reject' ? { reason } : {},
      ),
    // Approved: the owner's set-password link stays on screen to pass on (WhatsApp, SMS).
    (answer) => (answer.data?.link ? setLink(answer.data.link) : onClose()),
  );
  const approve = action === 'approve';
  if (link) {
    return (
      <ResponsiveDialog
        open
        onClose={onClose}
        maxWidth="sm"
        title={t('central.waiting.link_title')}
        actions={
          <>
            <Button onClick={() => void navigator.clipboard?.writeText(link)}>{t('central.waiting.copy')}</Button>
            <Button variant="contained" onClick={onClose}>
              {t('common.close')}
            </Button>
          </>
        }
      >
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('central.waiting.link_message', { email: entry.email })}
        </Typography>
        <Typography
          variant="body2"
          dir="ltr"
          sx={{ wordBreak: 'break-all', fontFamily: 'monospace', bgcolor: 'action.hover', p: 1, borderRadius: 1 }}
          data-testid="invitation-link"
        >
          {link}
        </Typography>
      </ResponsiveDialog>
    );
  }
  return (
    <CentralSaveDialog
      title={t(approve ? 'central.waiting.approve_title' : 'central.waiting.reject_title', { shop: entry.shop_name })}
      save={save}
      general={null}
      onClose={onClose}
      maxWidth="xs"
      submitLabel={t(approve ? 'central.waiting.approve' : 'central.waiting.reject')}
      submitColor={approve ? 'primary' : 'error'}
      submitTestId="waiting-confirm"
    >
      {approve ? (
        <>
          <Typography>{t('central.waiting.approve_message', { email: entry.email })}</Typography>
          {(errors.general || Object.values(errors.fields)[0]) && (
            <Alert severity="error">{errors.general ?? Object.values(errors.fields)[0]}</Alert>
          )}
        </>
      ) : (
        <ReasonField errors={errors} label={t('central.waiting.reason')} value={reason} onChange={setReason} />
      )}
    </CentralSaveDialog>
  );
}
