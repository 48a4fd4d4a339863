import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
} from '@cod/shared';
import type { z } from 'zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { translateCatalogueMessage } from '../lists/catalogue-messages';
import { ResponsiveDialog } from '../lists/responsive-dialog';
import { applyServerErrors } from '../lists/server-errors';
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

/** Issue 3.7: name, icon and source type of a channel orders come from. */
export function ChannelDialog({ channel, onClose, onCreated }: TChannelDialogProps) {
  const { t } = useTranslation();
  const create = useCreateChannel();
  const update = useUpdateChannel();
  const { control, register, handleSubmit, setError, formState } = useForm<TForm, unknown, TSalesChannelInput>({
    resolver: zodResolver(ZSalesChannelInput),
    defaultValues: {
      name: channel?.name ?? '',
      icon: channel?.icon ?? '',
      source_type: channel?.source_type ?? 'facebook',
      active: channel?.active ?? true,
    },
  });
  const sourceType = useWatch({ control, name: 'source_type' });
  const message = (field: 'name' | 'icon' | 'source_type') =>
    translateCatalogueMessage(t, formState.errors[field]?.message);

  const onSubmit = handleSubmit(async (input) => {
    try {
      if (channel) {
        await update.mutateAsync({ id: channel.id, input });
        void toast(t('sales_channels.updated', { name: input.name }), { variant: 'success' });
        onClose();
      } else {
        onCreated(await create.mutateAsync(input));
      }
    } catch (error) {
      applyServerErrors({ error, setError, t, isField: (field) => ['name', 'icon', 'source_type'].includes(field) });
    }
  });

  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      onSubmit={onSubmit}
      busy={formState.isSubmitting}
      testId="channel-dialog"
      title={channel ? t('sales_channels.edit_title', { name: channel.name }) : t('sales_channels.create_title')}
      actions={
        <>
          <Button onClick={onClose} disabled={formState.isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {channel ? t('common.save') : t('sales_channels.create')}
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
        {formState.errors.root?.server && <Alert severity="error">{formState.errors.root.server.message}</Alert>}
        <TextField
          {...register('name')}
          label={t('sales_channels.name')}
          placeholder={t('sales_channels.name_hint')}
          required
          autoFocus
          error={Boolean(message('name'))}
          helperText={message('name')}
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
              error={Boolean(message('source_type'))}
              helperText={message('source_type') ?? t('sales_channels.source_type_help')}
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
              {SALES_SOURCE_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  <ListItemIcon>
                    <ChannelIcon icon={null} sourceType={type} fontSize="small" />
                  </ListItemIcon>
                  {t(`sales_channels.sources.${type}`)}
                </MenuItem>
              ))}
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
              error={Boolean(message('icon'))}
              helperText={message('icon')}
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
              <MenuItem value="">
                <ListItemIcon>
                  <ChannelIcon icon={null} sourceType={sourceType} fontSize="small" />
                </ListItemIcon>
                {t('sales_channels.icon_default')}
              </MenuItem>
              {Object.keys(CHANNEL_ICONS).map((name) => (
                <MenuItem key={name} value={name}>
                  <ListItemIcon>
                    <ChannelIcon icon={name} sourceType={sourceType} fontSize="small" />
                  </ListItemIcon>
                  {t(`sales_channels.icons.${name}`)}
                </MenuItem>
              ))}
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
