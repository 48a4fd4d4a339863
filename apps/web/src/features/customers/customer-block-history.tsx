import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format-date';
import type { TCustomerBlock } from './customers-api';

/** Every block and unblock, newest first: why, by whom, when. */
export function CustomerBlockHistory({ blocks }: { blocks: TCustomerBlock[] }) {
  const { t, i18n } = useTranslation();
  return (
    <List dense disablePadding>
      {blocks.map((block) => (
        <ListItem key={block.created_at} divider sx={{ display: 'block' }}>
          <ListItemText
            primary={t('customers.history_blocked', {
              reason: block.reason,
              by: block.blocked_by ?? t('stock.by_system'),
              date: formatDateTime(block.created_at, i18n.language),
            })}
            secondary={
              block.unblocked_at
                ? t('customers.history_unblocked', {
                    by: block.unblocked_by ?? t('stock.by_system'),
                    date: formatDateTime(block.unblocked_at, i18n.language),
                    reason: block.unblock_reason ?? '—',
                  })
                : t('customers.history_active')
            }
          />
        </ListItem>
      ))}
    </List>
  );
}
