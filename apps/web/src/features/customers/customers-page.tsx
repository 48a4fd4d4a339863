import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutline';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { ZCustomerListQuery, normalizeAlgerianPhone } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { useAppAbility } from '../../lib/ability';
import { FilterSelect } from '../../components/lists/filter-select';
import { ListPagination } from '../../components/lists/list-pagination';
import { ListBody } from '../../components/lists/list-body';
import { ListToolbar } from '../../components/lists/list-toolbar';
import { SearchField } from '../../components/lists/search-field';
import { useListState } from '../../components/lists/use-list-state';
import { PageFrame } from '../../app/pages/page-frame';
import { CustomerCreateDialog } from './customer-create-dialog';
import { CustomerDialog } from './customer-dialog';
import { useCustomersQuery } from './customers-api';
import { CustomersTable } from './customers-table';

type TBlockedFilter = 'all' | 'blocked' | 'active';

/** /dashboard/customers (issue 3.6): buyers by phone, their history, blocking. */
export function CustomersPage() {
  const { t } = useTranslation();
  const canManage = useAppAbility().can('manage', 'customers');
  const { query, params, update, setDialog } = useListState(ZCustomerListQuery);
  const customers = useCustomersQuery(query);
  // `?phone=` in any written form opens that customer; the API normalises it too.
  const rawPhone = params.get('phone');
  const phone = rawPhone ? (normalizeAlgerianPhone(rawPhone) ?? rawPhone) : null;
  const blocked: TBlockedFilter = query.blocked === undefined ? 'all' : query.blocked ? 'blocked' : 'active';
  const filtered = Boolean(query.search) || blocked !== 'all';
  const openCustomer = (next: string | null) => update({ phone: next, dialog: null }, { keepPage: true });

  const createButton = canManage && (
    <Button
      variant="contained"
      startIcon={<PersonAddAlt1OutlinedIcon />}
      onClick={() => setDialog({ dialog: 'create' })}
    >
      {t('customers.new')}
    </Button>
  );

  return (
    <PageFrame title={t('nav.customers')} subtitle={t('customers.subtitle')} actions={createButton}>
      <Paper sx={{ overflow: 'hidden' }}>
        <ListToolbar onClear={filtered ? () => update({ search: null, blocked: null }) : undefined}>
          <SearchField
            label={t('customers.search')}
            placeholder={t('customers.search_hint')}
            value={query.search ?? ''}
            onChange={(search) => update({ search })}
          />
          <FilterSelect<TBlockedFilter>
            label={t('customers.status')}
            value={blocked}
            onChange={(value) => update({ blocked: value === 'all' ? null : String(value === 'blocked') })}
            options={[
              { value: 'all', label: t('lists.any') },
              { value: 'blocked', label: t('customers.blocked') },
              { value: 'active', label: t('customers.not_blocked_status') },
            ]}
          />
        </ListToolbar>
        <ListBody
          query={customers}
          filtered={filtered}
          empty={{
            icon: <PeopleOutlineIcon fontSize="large" />,
            title: t('customers.empty_title'),
            message: t('customers.empty_message'),
            action: createButton,
          }}
        >
          {(page) => (
            <>
              <CustomersTable customers={page.data} onOpen={(customer) => openCustomer(customer.phone)} />
              <ListPagination total={page.total} page={query.page} perPage={query.per_page} onChange={update} />
            </>
          )}
        </ListBody>
      </Paper>
      {phone && <CustomerDialog key={phone} phone={phone} canManage={canManage} onClose={() => openCustomer(null)} />}
      {canManage && params.get('dialog') === 'create' && (
        <CustomerCreateDialog onClose={() => setDialog(null)} onCreated={(customer) => openCustomer(customer.phone)} />
      )}
    </PageFrame>
  );
}
