import { useState } from 'react';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { CentralListPage, CreateLink, StatusFilter, TenantCells, tenantHead } from './central-list';
import { useCentralRows } from './central-rows';
import type { TTenantRow } from './central-types';
import { formatDay, limitText } from './central-ui';
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
  const tenants = useCentralRows<TTenantRow>('tenants', { search: term, status });
  return (
    <CentralListPage
      title={t('central.nav.tenants_show')}
      actions={<CreateLink to="/central/tenants/create" label={t('central.tenants.new')} />}
      filters={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            size="small"
            label={t('central.tenants.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <StatusFilter value={status} onChange={setStatus} />
        </Stack>
      }
      query={tenants}
      emptyTitle={t('central.tenants.empty')}
      head={[
        ...tenantHead(t),
        t('central.tenants.valid_to'),
        { label: t('central.tenants.orders_month'), align: 'right' },
        { label: t('central.tenants.users'), align: 'right' },
        t('central.tenants.last_activity'),
      ]}
    >
      {(rows) =>
        rows.map((tenant) => (
          <TableRow key={tenant.id} hover data-testid={`tenant-${tenant.cq_name}`}>
            <TenantCells
              id={tenant.id}
              name={tenant.name}
              under={
                <div>
                  <small>{tenant.cq_name}</small>
                </div>
              }
              plan={tenant.plan ?? '—'}
              status={tenant.status}
            />
            <TableCell>{formatDay(tenant.valid_to, i18n.language)}</TableCell>
            <TableCell align="right">
              {tenant.orders_this_month.toLocaleString()} / {limitText(t, tenant.max_orders_per_month)}
            </TableCell>
            <TableCell align="right">{tenant.users}</TableCell>
            <TableCell>{formatDay(tenant.last_activity, i18n.language)}</TableCell>
          </TableRow>
        ))
      }
    </CentralListPage>
  );
}
