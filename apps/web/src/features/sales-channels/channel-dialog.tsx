import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  SALES_SOURCE_TYPES,
  ZSalesChannelInput,
  type TSalesChannel,
  type TSalesChannelInput,
  type TSalesChannelWithKey,
  type TSalesSourceType,
} from '@cod/shared';
import type { z } from 'zod';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { ResponsiveDialog } from '../../components/dialogs/responsive-dialog';
import { useDialogForm } from '../../components/dialogs/use-dialog-form';
import { FormSwitch } from '../../components/catalogue-kit/form-switch';
import { CHANNEL_ICONS } from './channel-icons';
import { ChannelSelect, channelMenuItem, type TChannelLook } from './channel-select';
import { useCreateChannel, useUpdateChannel } from './sales-channels-api';

type TForm = z.input<typeof ZSalesChannelInput>;

interface TChannelDialogProps {
  channel: TSalesChannel | null;
  onClose: () => void;
  /** After creation: the one-time key display takes over. */
  onCreated: (channel: TSalesChannelWithKey) => void;
}

/** Issue 3.7: name, icon and source type of a channel orders come from. */
export function ChannelDialog({ channel, onClose, onCreated }: TChannelDialogProps) {
  const { t } = useTranslation();
  const create = useCreateChannel();
  const update = useUpdateChannel();
  const { form, serverError, fieldError, field, dialogProps } = useDialogForm<TForm, TSalesChannelInput>({
    resolver: zodResolver(ZSalesChannelInput),
    defaultValues: {
      name: channel?.name ?? '',
      icon: channel?.icon ?? '',
      source_type: channel?.source_type ?? 'facebook',
      active: channel?.active ?? true,
    },
    fields: ['name', 'icon', 'source_type'],
    onClose,
    submit: async (input) => {
      if (channel) {
        await update.mutateAsync({ id: channel.id, input });
        void toast(t('sales_channels.updated', { name: input.name }), { variant: 'success' });
        onClose();
      } else {
        onCreated(await create.mutateAsync(input));
      }
    },
  });
  const { control } = form;
  const sourceType = useWatch({ control, name: 'source_type' });
  const sourceLook = (type: TSalesSourceType): TChannelLook => ({
    icon: null,
    sourceType: type,
    label: t(`sales_channels.sources.${type}`),
  });
  // No icon of its own ('') shows the icon of the channel's source.
  const iconLook = (name: string): TChannelLook => ({
    icon: name || null,
    sourceType,
    label: name ? t(`sales_channels.icons.${name}`) : t('sales_channels.icon_default'),
  });

  return (
    <ResponsiveDialog
      {...dialogProps}
      testId="channel-dialog"
      title={channel ? t('sales_channels.edit_title', { name: channel.name }) : t('sales_channels.create_title')}
      submit={{ submitLabel: channel ? t('common.save') : t('sales_channels.create') }}
    >
      <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
        {serverError && <Alert severity="error">{serverError}</Alert>}
        <TextField
          {...field('name')}
          label={t('sales_channels.name')}
          placeholder={t('sales_channels.name_hint')}
          required
          autoFocus
        />
        <ChannelSelect
          control={control}
          name="source_type"
          label={t('sales_channels.source_type')}
          required
          error={fieldError('source_type')}
          help={t('sales_channels.source_type_help')}
          look={(value) => sourceLook(value as TSalesSourceType)}
        >
          {SALES_SOURCE_TYPES.map((type) => channelMenuItem(type, sourceLook(type)))}
        </ChannelSelect>
        <ChannelSelect
          control={control}
          name="icon"
          label={t('sales_channels.icon')}
          error={fieldError('icon')}
          look={iconLook}
          emptyIsChoice
        >
          {['', ...Object.keys(CHANNEL_ICONS)].map((name) => channelMenuItem(name, iconLook(name)))}
        </ChannelSelect>
        <FormSwitch control={control} name="active" label={t('sales_channels.active_label')} onWhenUnset />
      </Box>
    </ResponsiveDialog>
  );
}
