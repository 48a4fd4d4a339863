import type { Tx } from '../../db/client.js';
import type { TEventSink } from '../../lib/domain-events.js';
import { revokeAllTokens } from './auth.repository.js';

/**
 * Signs a user out everywhere (deactivated, password reset). Every token is revoked, not only
 * refused while the user is inactive, so a later reactivation revives none of them; after COMMIT
 * the realtime module closes the user's live sockets (SessionsEnded).
 */
export async function endAllSessions(
  tx: Tx,
  events: TEventSink,
  user: { tenantId: number; userId: number; reason: 'deactivated' | 'password_reset' },
): Promise<void> {
  await revokeAllTokens(tx, user.tenantId, user.userId);
  events.emit({
    type: 'SessionsEnded',
    tenantId: user.tenantId,
    userId: user.userId,
    payload: { reason: user.reason },
  });
}
