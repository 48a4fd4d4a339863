import { useState } from 'react';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { SUBSCRIPTION_STATUSES } from '@cod/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageFrame } from '../../app/pages/page-frame';
import { queryString } from '../../lib/api-client';
import { central } from './central-api';
import type { TSubscriptionRow } from './central-types';
import { formatDay, LoadState, StatusChip } from './central-ui';

/** /central/subscriptions (issue 19.3): each tenant's current subscription, soonest end first. */
export function SubscriptionsPage() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState('');
  const subscriptions = useQuery({
    queryKey: ['central', 'subscriptions', status],
    queryFn: ({ signal }) =>
      central.get<{ data: TSubscriptionRow[] }>(`/central/subscriptions${queryString({ status })}`, signal),
  });
  const list = subscriptions.data?.data ?? [];
  return (
    <PageFrame title={t('central.nav.subscriptions')} crumbs={[t('central.title')]} homeCrumb={false}>
      <TextField
        size="small"
        select
        label={t('central.tenants.status')}
        value={status}
        onChange={(e) => setStatus(e.target.value)}
        sx={{ maxWidth: 240 }}
      >
        <MenuItem value="">{t('central.tenants.any_status')}</MenuItem>
        {SUBSCRIPTION_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`central.status.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <LoadState
        loading={subscriptions.isPending}
        error={subscriptions.error}
        empty={list.length === 0}
        onRetry={() => void subscriptions.refetch()}
        emptyTitle={t('central.subscriptions.empty')}
      >
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('central.nav.subscriptions')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('central.tenants.shop')}</TableCell>
                <TableCell>{t('central.tenants.plan')}</TableCell>
                <TableCell>{t('central.tenants.status')}</TableCell>
                <TableCell>{t('central.subscriptions.valid_from')}</TableCell>
                <TableCell>{t('central.tenants.valid_to')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((s) => (
                <TableRow key={s.id} hover>
                  <TableCell>
                    <Link component={RouterLink} to={`/central/tenants/show?id=${s.tenant_id}`}>
                      {s.tenant_name}
                    </Link>
                  </TableCell>
                  <TableCell>{s.plan}</TableCell>
                  <TableCell>
                    <StatusChip status={s.status} />
                  </TableCell>
                  <TableCell>{formatDay(s.valid_from, i18n.language)}</TableCell>
                  <TableCell>{formatDay(s.valid_to, i18n.language)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </LoadState>
    </PageFrame>
  );
}
