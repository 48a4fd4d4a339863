import PeopleOutlineIcon from '@mui/icons-material/PeopleOutline';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { ZCustomerListQuery, normalizeAlgerianPhone } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { useAppAbility } from '../../lib/ability';
import { ListToolbar } from '../../components/lists/list-toolbar';
import { useListState } from '../../components/lists/use-list-state';
import { CatalogueListPage } from '../../components/catalogue-kit/catalogue-list-page';
import { SectionSearchField } from '../../components/catalogue-kit/section-search-field';
import { YesNoFilter } from '../../components/catalogue-kit/yes-no-filter';
import { CustomerCreateDialog } from './customer-create-dialog';
import { CustomerDialog } from './customer-dialog';
import { useCustomersQuery } from './customers-api';
import { CustomersTable } from './customers-table';

/** /dashboard/customers (issue 3.6): buyers by phone, their history, blocking. */
export function CustomersPage() {
  const { t } = useTranslation();
  const canManage = useAppAbility().can('manage', 'customers');
  const list = useListState(ZCustomerListQuery);
  const { query, params, update, setDialog } = list;
  const customers = useCustomersQuery(query);
  // `?phone=` in any written form opens that customer; the API normalises it too.
  const rawPhone = params.get('phone');
  const phone = rawPhone ? (normalizeAlgerianPhone(rawPhone) ?? rawPhone) : null;
  const filtered = Boolean(query.search) || query.blocked !== undefined;
  const openCustomer = (next: string | null) => update({ phone: next, dialog: null }, { keepPage: true });

  return (
    <CatalogueListPage
      section="customers"
      createIcon={<PersonAddAlt1OutlinedIcon />}
      emptyIcon={<PeopleOutlineIcon fontSize="large" />}
      query={customers}
      state={list}
      filtered={filtered}
      toolbar={
        <ListToolbar onClear={filtered ? () => update({ search: null, blocked: null }) : undefined}>
          <SectionSearchField section="customers" search={query.search} update={update} />
          <YesNoFilter
            label={t('customers.status')}
            value={query.blocked}
            onChange={(blocked) => update({ blocked })}
            yes={t('customers.blocked')}
            no={t('customers.not_blocked_status')}
          />
        </ListToolbar>
      }
      rows={(page) => <CustomersTable customers={page.data} onOpen={(customer) => openCustomer(customer.phone)} />}
    >
      {phone && <CustomerDialog key={phone} phone={phone} canManage={canManage} onClose={() => openCustomer(null)} />}
      {canManage && params.get('dialog') === 'create' && (
        <CustomerCreateDialog onClose={() => setDialog(null)} onCreated={(customer) => openCustomer(customer.phone)} />
      )}
    </CatalogueListPage>
  );
}
