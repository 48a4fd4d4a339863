import FactoryOutlinedIcon from '@mui/icons-material/FactoryOutlined';
import { ZProviderListQuery, type TProvider } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { useAppAbility } from '../../lib/ability';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { FilterSelect } from '../../components/lists/filter-select';
import { AddButton } from '../../components/buttons/add-button';
import { useArchiveRestore } from '../../components/lists/use-archive-restore';
import { PagedList } from '../../components/lists/paged-list';
import { ListToolbar } from '../../components/lists/list-toolbar';
import { SearchField } from '../../components/lists/search-field';
import { idParam, useListState } from '../../components/lists/use-list-state';
import { PageFrame } from '../../app/pages/page-frame';
import { ProviderDetailDialog } from './provider-detail-dialog';
import { ProviderDialog } from './provider-dialog';
import { useArchiveProvider, useProvidersQuery, useRestoreProvider } from './providers-api';
import { ProvidersTable } from './providers-table';

/** /dashboard/providers (issue 3.3): suppliers, their contacts and what was bought from them. */
export function ProvidersPage() {
  const { t } = useTranslation();
  const canManage = useAppAbility().can('manage', 'providers');
  const { query, params, update, setDialog } = useListState(ZProviderListQuery);
  const providers = useProvidersQuery(query);
  const archiveRestore = useArchiveRestore<TProvider>({
    archive: useArchiveProvider(),
    restore: useRestoreProvider(),
    messages: { deleted: 'providers.deleted', archived: 'providers.archived', restored: 'providers.restored' },
  });
  const dialog = params.get('dialog');
  const id = idParam(params);
  const filtered = Boolean(query.search || query.archived);

  const createButton = canManage && (
    <AddButton label={t('providers.new')} onClick={() => setDialog({ dialog: 'create' })} />
  );

  return (
    <PageFrame title={t('nav.providers')} subtitle={t('providers.subtitle')} actions={createButton}>
      <PagedList
        query={providers}
        state={{ query, update }}
        filtered={filtered}
        toolbar={
          <ListToolbar onClear={filtered ? () => update({ search: null, archived: null }) : undefined}>
            <SearchField
              label={t('providers.search')}
              placeholder={t('providers.search_hint')}
              value={query.search ?? ''}
              onChange={(search) => update({ search })}
            />
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
        empty={{
          icon: <FactoryOutlinedIcon fontSize="large" />,
          title: t('providers.empty_title'),
          message: t('providers.empty_message'),
          action: createButton,
        }}
      >
        {(page) => (
          <ProvidersTable
            providers={page.data}
            canManage={canManage}
            onView={(provider) => setDialog({ dialog: 'view', id: provider.id })}
            onEdit={(provider) => setDialog({ dialog: 'edit', id: provider.id })}
            onArchive={archiveRestore.askArchive}
            onRestore={archiveRestore.restore}
          />
        )}
      </PagedList>
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
      <ConfirmDialog
        {...archiveRestore.confirmProps}
        title={t('providers.archive_title')}
        message={t('providers.archive_message', { name: archiveRestore.confirming?.name ?? '' })}
        confirmLabel={t('products.archive')}
        danger
      />
    </PageFrame>
  );
}
