import { useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Link from '@mui/material/Link';
import AddIcon from '@mui/icons-material/Add';
import { SUBSCRIPTION_STATUSES } from '@cod/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageFrame } from '../../app/pages/page-frame';
import { queryString } from '../../lib/api-client';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { central } from './central-api';
import type { TTenantRow } from './central-types';
import { formatDay, limitText, LoadState, StatusChip } from './central-ui';
import { TenantDetail } from './tenant-detail';

/** /central/tenants/show: the tenants list, or one tenant with ?id= (issue 19.2). */
export function TenantsPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? <TenantDetail id={id} /> : <TenantList />;
}

function TenantList() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const term = useDebouncedValue(search, 300);
  const tenants = useQuery({
    queryKey: ['central', 'tenants', term, status],
    queryFn: ({ signal }) =>
      central.get<{ data: TTenantRow[] }>(`/central/tenants${queryString({ search: term, status })}`, signal),
  });
  const list = tenants.data?.data ?? [];
  return (
    <PageFrame
      title={t('central.nav.tenants_show')}
      crumbs={[t('central.title')]}
      homeCrumb={false}
      actions={
        <Button component={RouterLink} to="/central/tenants/create" variant="contained" startIcon={<AddIcon />}>
          {t('central.tenants.new')}
        </Button>
      }
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          size="small"
          label={t('central.tenants.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <TextField
          size="small"
          select
          label={t('central.tenants.status')}
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('central.tenants.any_status')}</MenuItem>
          {SUBSCRIPTION_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`central.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <LoadState
        loading={tenants.isPending}
        error={tenants.error}
        empty={list.length === 0}
        onRetry={() => void tenants.refetch()}
        emptyTitle={t('central.tenants.empty')}
      >
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('central.nav.tenants_show')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('central.tenants.shop')}</TableCell>
                <TableCell>{t('central.tenants.plan')}</TableCell>
                <TableCell>{t('central.tenants.status')}</TableCell>
                <TableCell>{t('central.tenants.valid_to')}</TableCell>
                <TableCell align="right">{t('central.tenants.orders_month')}</TableCell>
                <TableCell align="right">{t('central.tenants.users')}</TableCell>
                <TableCell>{t('central.tenants.last_activity')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((tenant) => (
                <TableRow key={tenant.id} hover data-testid={`tenant-${tenant.cq_name}`}>
                  <TableCell>
                    <Link component={RouterLink} to={`/central/tenants/show?id=${tenant.id}`}>
                      {tenant.name}
                    </Link>
                    <div>
                      <small>{tenant.cq_name}</small>
                    </div>
                  </TableCell>
                  <TableCell>{tenant.plan ?? '—'}</TableCell>
                  <TableCell>
                    <StatusChip status={tenant.status} />
                  </TableCell>
                  <TableCell>{formatDay(tenant.valid_to, i18n.language)}</TableCell>
                  <TableCell align="right">
                    {tenant.orders_this_month.toLocaleString()} / {limitText(t, tenant.max_orders_per_month)}
                  </TableCell>
                  <TableCell align="right">{tenant.users}</TableCell>
                  <TableCell>{formatDay(tenant.last_activity, i18n.language)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </LoadState>
    </PageFrame>
  );
}
