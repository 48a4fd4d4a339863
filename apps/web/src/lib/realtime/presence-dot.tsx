import { NamedGlyph } from '../../components/ops-kit/named-glyph';
import { useTranslation } from 'react-i18next';
import type { TPresenceRow } from './events';

/** A green or grey dot next to a user's name (users list, agent filter). */
export function PresenceDot({ presence }: { presence: TPresenceRow | undefined }) {
  const { t } = useTranslation();
  const online = presence?.online ?? false;
  const label = t(online ? 'realtime.online' : 'realtime.offline');
  return (
    <NamedGlyph
      label={label}
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
  );
}
