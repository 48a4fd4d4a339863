import PeopleOutlineIcon from '@mui/icons-material/PeopleOutline';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { ZCustomerListQuery, normalizeAlgerianPhone } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { useAppAbility } from '../../lib/ability';
import { FilterSelect } from '../../components/lists/filter-select';
import { AddButton } from '../../components/buttons/add-button';
import { PagedList } from '../../components/lists/paged-list';
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
    <AddButton
      label={t('customers.new')}
      icon={<PersonAddAlt1OutlinedIcon />}
      onClick={() => setDialog({ dialog: 'create' })}
    />
  );

  return (
    <PageFrame title={t('nav.customers')} subtitle={t('customers.subtitle')} actions={createButton}>
      <PagedList
        query={customers}
        state={{ query, update }}
        filtered={filtered}
        toolbar={
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
        }
        empty={{
          icon: <PeopleOutlineIcon fontSize="large" />,
          title: t('customers.empty_title'),
          message: t('customers.empty_message'),
          action: createButton,
        }}
      >
        {(page) => <CustomersTable customers={page.data} onOpen={(customer) => openCustomer(customer.phone)} />}
      </PagedList>
      {phone && <CustomerDialog key={phone} phone={phone} canManage={canManage} onClose={() => openCustomer(null)} />}
      {canManage && params.get('dialog') === 'create' && (
        <CustomerCreateDialog onClose={() => setDialog(null)} onCreated={(customer) => openCustomer(customer.phone)} />
      )}
    </PageFrame>
  );
}
