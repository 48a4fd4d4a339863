import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
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
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { ResponsiveDialog } from '../../components/dialogs/responsive-dialog';
import { useDialogForm } from '../../components/dialogs/use-dialog-form';
import { CHANNEL_ICONS, ChannelIcon } from './channel-icons';
import { useCreateChannel, useUpdateChannel } from './sales-channels-api';

type TForm = z.input<typeof ZSalesChannelInput>;

interface TChannelDialogProps {
  channel: TSalesChannel | null;
  onClose: () => void;
  /** After creation: the one-time key display takes over. */
  onCreated: (channel: TSalesChannelWithKey) => void;
}

const selectRow = { display: 'flex', alignItems: 'center' } as const;

/** A choice of the source or icon menus: the channel icon it gives, then its name. */
function iconItem(value: string, icon: string | null, sourceType: TSalesSourceType, label: string) {
  return (
    <MenuItem key={value} value={value}>
      <ListItemIcon>
        <ChannelIcon icon={icon} sourceType={sourceType} fontSize="small" />
      </ListItemIcon>
      {label}
    </MenuItem>
  );
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
        <Controller
          control={control}
          name="source_type"
          render={({ field }) => (
            <TextField
              select
              label={t('sales_channels.source_type')}
              required
              value={field.value}
              onChange={field.onChange}
              inputRef={field.ref}
              error={Boolean(fieldError('source_type'))}
              helperText={fieldError('source_type') ?? t('sales_channels.source_type_help')}
              slotProps={{
                select: {
                  renderValue: (value) => (
                    <Box sx={selectRow}>
                      <ChannelIcon
                        icon={null}
                        sourceType={value as TForm['source_type']}
                        fontSize="small"
                        sx={{ marginInlineEnd: 1 }}
                      />
                      {t(`sales_channels.sources.${String(value)}`)}
                    </Box>
                  ),
                },
              }}
            >
              {SALES_SOURCE_TYPES.map((type) => iconItem(type, null, type, t(`sales_channels.sources.${type}`)))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="icon"
          render={({ field }) => (
            <TextField
              select
              label={t('sales_channels.icon')}
              value={field.value ?? ''}
              onChange={field.onChange}
              inputRef={field.ref}
              error={Boolean(fieldError('icon'))}
              helperText={fieldError('icon')}
              slotProps={{
                select: {
                  displayEmpty: true,
                  renderValue: (value) => (
                    <Box sx={selectRow}>
                      <ChannelIcon
                        icon={String(value) || null}
                        sourceType={sourceType}
                        fontSize="small"
                        sx={{ marginInlineEnd: 1 }}
                      />
                      {value ? t(`sales_channels.icons.${String(value)}`) : t('sales_channels.icon_default')}
                    </Box>
                  ),
                },
                inputLabel: { shrink: true },
              }}
            >
              {iconItem('', null, sourceType, t('sales_channels.icon_default'))}
              {Object.keys(CHANNEL_ICONS).map((name) =>
                iconItem(name, name, sourceType, t(`sales_channels.icons.${name}`)),
              )}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="active"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Switch
                  checked={field.value !== false}
                  onChange={(event) => field.onChange(event.target.checked)}
                  inputRef={field.ref}
                />
              }
              label={t('sales_channels.active_label')}
            />
          )}
        />
      </Box>
    </ResponsiveDialog>
  );
}
