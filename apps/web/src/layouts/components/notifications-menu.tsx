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
import AssignmentIndOutlinedIcon from '@mui/icons-material/AssignmentIndOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { useTranslation } from 'react-i18next';
import { usePageProps } from '../../app/page-props/use-page-props';
import { notificationMessage } from '../../lib/realtime/live-messages';
import { markNotificationsSeen, useRecentNotifications } from '../../lib/realtime/notifications-store';
import { useEndAlignedPopover } from './popover-origin';

/**
 * SPEC 2.1 / 9: low-stock alerts, and the live notifications of this tab (issue 7: an order
 * assigned to you, an import finished). The count badge shows only when there is something new:
 * the low-stock products, plus live notifications not yet seen in an opened menu. A live low_stock
 * notification is not listed again: the products below say it (refetched on every notification).
 */
export function NotificationsMenu() {
  const { t, i18n } = useTranslation();
  const { data } = usePageProps();
  const { openFrom, popover } = useEndAlignedPopover(markNotificationsSeen);
  const products = data?.lowStockProducts ?? [];
  const live = useRecentNotifications().flatMap((n) => {
    const text = n.payload.kind === 'low_stock' ? null : notificationMessage(t, n.payload);
    return text ? [{ ...n, text }] : [];
  });
  const count = products.length + live.filter((n) => !n.seen).length;
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });

  return (
    <>
      <Tooltip title={t('notifications.title')}>
        <IconButton aria-label={t('notifications.open', { count })} aria-haspopup="dialog" onClick={openFrom}>
          <Badge color="error" badgeContent={count} invisible={count === 0} data-testid="notifications-badge">
            <NotificationsNoneOutlinedIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover {...popover} slotProps={{ paper: { sx: { width: 360, maxWidth: 'calc(100vw - 24px)' } } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('notifications.title')}
          </Typography>
          {count > 0 && <Chip size="small" color="primary" label={t('notifications.new_count', { count })} />}
        </Box>
        <Divider />
        {live.length > 0 && (
          <List dense data-testid="live-notifications" sx={{ maxHeight: 240, overflowY: 'auto' }}>
            {live.map((notification) => (
              <ListItem key={notification.id} sx={notification.seen ? undefined : { bgcolor: 'action.selected' }}>
                <ListItemAvatar>
                  <Avatar sx={{ bgcolor: 'primary.main' }}>
                    {notification.payload.kind === 'order_assigned' ? (
                      <AssignmentIndOutlinedIcon fontSize="small" />
                    ) : (
                      <NotificationsActiveOutlinedIcon fontSize="small" />
                    )}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText primary={notification.text} secondary={time.format(notification.receivedAt)} />
              </ListItem>
            ))}
          </List>
        )}
        {live.length > 0 && products.length > 0 && <Divider />}
        {products.length === 0 && live.length === 0 && (
          <Typography sx={{ px: 2, py: 3, textAlign: 'center' }} color="text.secondary">
            {t('notifications.empty')}
          </Typography>
        )}
        {products.length > 0 && (
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
