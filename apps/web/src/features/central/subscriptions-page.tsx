import { useState } from 'react';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { CentralListPage, StatusFilter, TenantLink } from './central-list';
import { useCentralRows } from './central-rows';
import type { TSubscriptionRow } from './central-types';
import { formatDay, StatusChip } from './central-ui';

/** /central/subscriptions (issue 19.3): each tenant's current subscription, soonest end first. */
export function SubscriptionsPage() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState('');
  const subscriptions = useCentralRows<TSubscriptionRow>('subscriptions', { status });
  return (
    <CentralListPage
      title={t('central.nav.subscriptions')}
      filters={<StatusFilter value={status} onChange={setStatus} />}
      query={subscriptions}
      emptyTitle={t('central.subscriptions.empty')}
      head={[
        t('central.tenants.shop'),
        t('central.tenants.plan'),
        t('central.tenants.status'),
        t('central.subscriptions.valid_from'),
        t('central.tenants.valid_to'),
      ]}
    >
      {(rows) =>
        rows.map((s) => (
          <TableRow key={s.id} hover>
            <TableCell>
              <TenantLink id={s.tenant_id} name={s.tenant_name} />
            </TableCell>
            <TableCell>{s.plan}</TableCell>
            <TableCell>
              <StatusChip status={s.status} />
            </TableCell>
            <TableCell>{formatDay(s.valid_from, i18n.language)}</TableCell>
            <TableCell>{formatDay(s.valid_to, i18n.language)}</TableCell>
          </TableRow>
        ))
      }
    </CentralListPage>
  );
}
