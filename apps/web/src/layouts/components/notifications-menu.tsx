import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { useTranslation } from 'react-i18next';
import { usePageProps } from '../../features/page-props/use-page-props';
import { useEndAlignedOrigins } from './popover-origin';

/** SPEC 2.1 / 9: low-stock alerts; the count badge shows only when there are some. */
export function NotificationsMenu() {
  const { t } = useTranslation();
  const { data } = usePageProps();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const origins = useEndAlignedOrigins();
  const products = data?.lowStockProducts ?? [];
  const count = products.length;

  return (
    <>
      <Tooltip title={t('notifications.title')}>
        <IconButton
          aria-label={t('notifications.open', { count })}
          aria-haspopup="dialog"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge color="error" badgeContent={count} invisible={count === 0} data-testid="notifications-badge">
            <NotificationsNoneOutlinedIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        {...origins}
        slotProps={{ paper: { sx: { width: 360, maxWidth: 'calc(100vw - 24px)' } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('notifications.title')}
          </Typography>
          {count > 0 && <Chip size="small" color="primary" label={t('notifications.new_count', { count })} />}
        </Box>
        <Divider />
        {count === 0 ? (
          <Typography sx={{ px: 2, py: 3, textAlign: 'center' }} color="text.secondary">
            {t('notifications.empty')}
          </Typography>
        ) : (
          <List dense sx={{ maxHeight: 360, overflowY: 'auto' }}>
            {products.map((product) => (
              <ListItem key={product.id}>
                <ListItemAvatar>
                  <Avatar src={product.image_url ?? undefined} alt="" sx={{ bgcolor: 'warning.main' }}>
                    <Inventory2OutlinedIcon fontSize="small" />
                  </Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={t('notifications.low_stock', {
                    name: product.name,
                    current: product.current_stock,
                    threshold: product.low_stock_threshold,
                  })}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
