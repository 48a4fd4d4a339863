import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import KeyOffOutlinedIcon from '@mui/icons-material/KeyOffOutlined';
import type { TSalesChannel } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format-date';
import { ChannelIcon } from './channel-icons';
import { ListTable } from '../../components/lists/list-table';
import { actionsColumn } from '../../components/catalogue-kit/actions-column';

export type TChannelAction = 'edit' | 'rotate' | 'revoke' | 'delete';

interface TChannelsTableProps {
  channels: TSalesChannel[];
  canManage: boolean;
  onAction: (action: TChannelAction, channel: TSalesChannel) => void;
}

export function ChannelsTable({ channels, canManage, onAction }: TChannelsTableProps) {
  const { t, i18n } = useTranslation();
  const action = (kind: TChannelAction, channel: TSalesChannel, icon: ReactNode, disabled = false) => (
    <Tooltip title={t(`sales_channels.actions.${kind}`)}>
      <span>
        <IconButton
          aria-label={t(`sales_channels.actions_named.${kind}`, { name: channel.name })}
          onClick={() => onAction(kind, channel)}
          disabled={disabled}
          color={kind === 'delete' ? 'error' : 'default'}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );

  return (
    <ListTable
      columns={[
        t('sales_channels.name'),
        t('sales_channels.source_type'),
        t('sales_channels.intake_key'),
        t('customers.status'),
        canManage && actionsColumn(t),
      ]}
      sx={{ minWidth: 720 }}
      aria-label={t('nav.sales_channels')}
    >
      {channels.map((channel) => (
        <TableRow key={channel.id} hover data-testid="channel-row">
          <TableCell>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <ChannelIcon icon={channel.icon} sourceType={channel.source_type} />
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {channel.name}
              </Typography>
            </Box>
          </TableCell>
          <TableCell>{t(`sales_channels.sources.${channel.source_type}`)}</TableCell>
          <TableCell>
            {channel.intake_key_prefix ? (
              <Box>
                <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                  <bdi>{channel.intake_key_prefix}…</bdi>
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {t('sales_channels.key_since', {
                    date: formatDate(channel.intake_key_created_at, i18n.language),
                  })}
                </Typography>
              </Box>
            ) : (
              <Chip size="small" variant="outlined" icon={<KeyOffOutlinedIcon />} label={t('sales_channels.no_key')} />
            )}
          </TableCell>
          <TableCell>
            {channel.active ? (
              <Chip size="small" color="success" variant="outlined" label={t('products.status.active')} />
            ) : (
              <Chip size="small" variant="outlined" label={t('products.status.inactive')} />
            )}
          </TableCell>
          {canManage && (
            <TableCell sx={{ textAlign: 'end', whiteSpace: 'nowrap' }}>
              {action('edit', channel, <EditOutlinedIcon />)}
              {action('rotate', channel, <AutorenewIcon />)}
              {action('revoke', channel, <KeyOffOutlinedIcon />, !channel.intake_key_prefix)}
              {action('delete', channel, <DeleteOutlineIcon />)}
            </TableCell>
          )}
        </TableRow>
      ))}
    </ListTable>
  );
}
