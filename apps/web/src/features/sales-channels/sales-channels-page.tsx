import { useState } from 'react';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { ZSalesChannelListQuery, type TSalesChannel, type TSalesChannelWithKey } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { useAppAbility } from '../../lib/ability';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { useArchiveRestore } from '../../components/lists/use-archive-restore';
import { errorMessage } from '../../lib/server-errors';
import { idParam, useListState } from '../../components/lists/use-list-state';
import { CatalogueListPage } from '../../components/catalogue-kit/catalogue-list-page';
import { ChannelDialog } from './channel-dialog';
import { ChannelsTable, type TChannelAction } from './channels-table';
import { IntakeKeyDialog } from './intake-key-dialog';
import { useDeleteChannel, useRevokeKey, useRotateKey, useSalesChannelsQuery } from './sales-channels-api';

type TConfirm = { action: 'rotate' | 'revoke'; channel: TSalesChannel };

/** /dashboard/sales-channels (issue 3.7): where orders come from, and the keys that let them in. */
export function SalesChannelsPage() {
  const { t } = useTranslation();
  const canManage = useAppAbility().can('manage', 'sales_channels');
  const list = useListState(ZSalesChannelListQuery);
  const { query, params, setDialog } = list;
  const channels = useSalesChannelsQuery(query);
  const rotate = useRotateKey();
  const revoke = useRevokeKey();
  // Deleting archives a channel orders came through (issue 3.7); there is no restore.
  const archiveRestore = useArchiveRestore<TSalesChannel>({
    archive: useDeleteChannel(),
    messages: { deleted: 'sales_channels.deleted', archived: 'sales_channels.archived' },
  });
  const deleting = archiveRestore.confirming;
  const [confirm, setConfirm] = useState<TConfirm | null>(null);
  // The key lives only in memory, never in the URL or storage: it is shown once, then gone.
  const [shownKey, setShownKey] = useState<{ channel: TSalesChannelWithKey; reason: 'created' | 'rotated' } | null>(
    null,
  );
  const dialog = params.get('dialog');
  const editId = dialog === 'edit' ? idParam(params) : null;
  const editing = editId !== null ? (channels.data?.data.find((channel) => channel.id === editId) ?? null) : null;

  const onAction = (action: TChannelAction, channel: TSalesChannel) => {
    if (action === 'edit') setDialog({ dialog: 'edit', id: channel.id });
    else if (action === 'delete') archiveRestore.askArchive(channel);
    else setConfirm({ action, channel });
  };

  const runConfirmed = async () => {
    if (!confirm) return;
    const { action, channel } = confirm;
    try {
      if (action === 'rotate') {
        setShownKey({ channel: await rotate.mutateAsync(channel.id), reason: 'rotated' });
      } else {
        await revoke.mutateAsync(channel.id);
        void toast(t('sales_channels.revoked', { name: channel.name }), { variant: 'success' });
      }
      setConfirm(null);
    } catch (error) {
      void toast(errorMessage(t, error), { variant: 'error' });
    }
  };

  return (
    <CatalogueListPage
      section="sales_channels"
      emptyIcon={<StorefrontOutlinedIcon fontSize="large" />}
      query={channels}
      state={list}
      filtered={Boolean(query.search)}
      search={{ label: t('sales_channels.search') }}
      rows={(page) => <ChannelsTable channels={page.data} canManage={canManage} onAction={onAction} />}
    >
      {canManage && (dialog === 'create' || editing) && (
        <ChannelDialog
          key={editing?.id ?? 'new'}
          channel={editing}
          onClose={() => setDialog(null)}
          onCreated={(channel) => {
            setDialog(null);
            setShownKey({ channel, reason: 'created' });
            void toast(t('sales_channels.created', { name: channel.name }), { variant: 'success' });
          }}
        />
      )}
      {shownKey && (
        <IntakeKeyDialog
          channelName={shownKey.channel.name}
          intakeKey={shownKey.channel.intake_key}
          reason={shownKey.reason}
          onClose={() => setShownKey(null)}
        />
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm ? t(`sales_channels.confirm.${confirm.action}_title`, { name: confirm.channel.name }) : ''}
        message={confirm ? t(`sales_channels.confirm.${confirm.action}_message`, { name: confirm.channel.name }) : ''}
        confirmLabel={confirm ? t(`sales_channels.actions.${confirm.action}`) : ''}
        danger={confirm?.action !== 'rotate'}
        busy={rotate.isPending || revoke.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => void runConfirmed()}
      />
      <ConfirmDialog
        {...archiveRestore.confirmProps}
        title={deleting ? t('sales_channels.confirm.delete_title', { name: deleting.name }) : ''}
        message={deleting ? t('sales_channels.confirm.delete_message', { name: deleting.name }) : ''}
        confirmLabel={deleting ? t('sales_channels.actions.delete') : ''}
        danger
      />
    </CatalogueListPage>
  );
}
