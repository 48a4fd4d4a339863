import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { QueryStates } from '../../components/ops-kit/query-states';
import { ReadOnlyDialog } from '../../components/ops-kit/read-only-dialog';
import { useCallbacks } from './call-centre-api';
import { TelLink } from './tel-link';

/** Issue 15.2: the call-back queue, earliest first; a due call-back is marked. Opening one calls it. */
export function CallbacksDialog({ onOpen, onClose }: { onOpen: (orderId: number) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [mine, setMine] = useState(true);
  const callbacks = useCallbacks(mine, true);
  const rows = callbacks.data?.data ?? [];

  return (
    <ReadOnlyDialog onClose={onClose} title={t('callcentre.callbacks.title')} testId="callbacks-dialog">
      <FormControlLabel
        control={<Switch checked={mine} onChange={(event) => setMine(event.target.checked)} />}
        label={t('callcentre.callbacks.mine')}
      />
      <QueryStates
        query={callbacks}
        loading={callbacks.isPending}
        isEmpty={rows.length === 0}
        emptyText={t('callcentre.callbacks.empty')}
      >
        <List dense disablePadding>
          {rows.map((row) => (
            <ListItemButton
              key={row.id}
              onClick={() => onOpen(row.id)}
              data-testid="callback-row"
              sx={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: 1, borderBottom: 1, borderColor: 'divider' }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                  <bdi>#{row.order_number}</bdi> · <bdi>{row.customer_full_name}</bdi>
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  <TelLink phone={row.customer_phone_1} />
                  {row.agent ? ` · ${row.agent.name}` : ''}
                  {row.claimed_by ? ` · ${t('callcentre.callbacks.claimed', { who: row.claimed_by })}` : ''}
                </Typography>
              </Box>
              <Chip
                size="small"
                color={row.is_due ? 'error' : 'default'}
                label={`${row.is_due ? `${t('callcentre.callbacks.due')} · ` : ''}${row.formatted_due_at}`}
                sx={{ direction: 'ltr' }}
              />
            </ListItemButton>
          ))}
        </List>
      </QueryStates>
    </ReadOnlyDialog>
  );
}
