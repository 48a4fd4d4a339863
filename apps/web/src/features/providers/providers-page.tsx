import FactoryOutlinedIcon from '@mui/icons-material/FactoryOutlined';
import { ZProviderListQuery, type TProvider } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { useAppAbility } from '../../lib/ability';
import { FilterSelect } from '../../components/lists/filter-select';
import { useCatalogueArchive } from '../../components/catalogue-kit/use-catalogue-archive';
import { ListToolbar } from '../../components/lists/list-toolbar';
import { idParam, useListState } from '../../components/lists/use-list-state';
import { ArchiveConfirmDialog } from '../../components/catalogue-kit/archive-confirm-dialog';
import { CatalogueListPage } from '../../components/catalogue-kit/catalogue-list-page';
import { SectionSearchField } from '../../components/catalogue-kit/section-search-field';
import { ProviderDetailDialog } from './provider-detail-dialog';
import { ProviderDialog } from './provider-dialog';
import { useArchiveProvider, useProvidersQuery, useRestoreProvider } from './providers-api';
import { ProvidersTable } from './providers-table';

/** /dashboard/providers (issue 3.3): suppliers, their contacts and what was bought from them. */
export function ProvidersPage() {
  const { t } = useTranslation();
  const canManage = useAppAbility().can('manage', 'providers');
  const list = useListState(ZProviderListQuery);
  const { query, params, update, setDialog } = list;
  const providers = useProvidersQuery(query);
  const archiveRestore = useCatalogueArchive<TProvider>('providers', {
    archive: useArchiveProvider(),
    restore: useRestoreProvider(),
  });
  const dialog = params.get('dialog');
  const id = idParam(params);
  const filtered = Boolean(query.search || query.archived);

  return (
    <CatalogueListPage
      section="providers"
      emptyIcon={<FactoryOutlinedIcon fontSize="large" />}
      query={providers}
      state={list}
      filtered={filtered}
      toolbar={
        <ListToolbar onClear={filtered ? () => update({ search: null, archived: null }) : undefined}>
          <SectionSearchField section="providers" search={query.search} update={update} />
          <FilterSelect
            label={t('products.status_column')}
            value={query.archived ? 'archived' : 'live'}
            onChange={(value) => update({ archived: value === 'archived' ? 'true' : null })}
            options={[
              { value: 'live', label: t('providers.live') },
              { value: 'archived', label: t('products.status.archived') },
            ]}
          />
        </ListToolbar>
      }
      rows={(page) => (
        <ProvidersTable
          providers={page.data}
          canManage={canManage}
          onView={(provider) => setDialog({ dialog: 'view', id: provider.id })}
          onEdit={(provider) => setDialog({ dialog: 'edit', id: provider.id })}
          onArchive={archiveRestore.askArchive}
          onRestore={archiveRestore.restore}
        />
      )}
    >
      {canManage && (dialog === 'create' || (dialog === 'edit' && id !== null)) && (
        <ProviderDialog providerId={dialog === 'edit' ? id : null} onClose={() => setDialog(null)} />
      )}
      {dialog === 'view' && id !== null && (
        <ProviderDetailDialog
          providerId={id}
          onClose={() => setDialog(null)}
          onEdit={canManage ? () => setDialog({ dialog: 'edit', id }) : undefined}
        />
      )}
      <ArchiveConfirmDialog section="providers" archiveRestore={archiveRestore} />
    </CatalogueListPage>
  );
}
