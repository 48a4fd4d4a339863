import { useState } from 'react';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { CentralListPage, StatusFilter, TenantCells, tenantHead } from './central-list';
import { useCentralRows } from './central-rows';
import type { TSubscriptionRow } from './central-types';
import { formatDay } from './central-ui';

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
      head={[...tenantHead(t), t('central.subscriptions.valid_from'), t('central.tenants.valid_to')]}
    >
      {(rows) =>
        rows.map((s) => (
          <TableRow key={s.id} hover>
            <TenantCells id={s.tenant_id} name={s.tenant_name} plan={s.plan} status={s.status} />
            <TableCell>{formatDay(s.valid_from, i18n.language)}</TableCell>
            <TableCell>{formatDay(s.valid_to, i18n.language)}</TableCell>
          </TableRow>
        ))
      }
    </CentralListPage>
  );
}
