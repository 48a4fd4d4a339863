import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { TPresenceRow } from './events';

/** A green or grey dot next to a user's name (users list, agent filter). */
export function PresenceDot({ presence }: { presence: TPresenceRow | undefined }) {
  const { t } = useTranslation();
  const online = presence?.online ?? false;
  const label = t(online ? 'realtime.online' : 'realtime.offline');
  return (
    <Tooltip title={label}>
      <Box
        component="span"
        role="img"
        aria-label={label}
        data-online={online}
        sx={{
          display: 'inline-block',
          inlineSize: 8,
          blockSize: 8,
          borderRadius: '50%',
          marginInlineEnd: 0.75,
          bgcolor: online ? 'success.main' : 'action.disabled',
        }}
      />
    </Tooltip>
  );
}
