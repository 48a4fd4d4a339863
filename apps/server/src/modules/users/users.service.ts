import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { TEventSink } from '../../lib/domain-events.js';
import { recordAudit } from '../audit/audit.repository.js';
import { endAllSessions } from '../auth/end-sessions.js';
import type { TActor } from '../products/actor.js';
import * as repo from './users.repository.js';

/**
 * A deactivated user cannot sign in, and is signed out everywhere at once: their tokens are
 * revoked (so reactivating them revives none) and their live sockets closed after COMMIT.
 */
export async function deactivateUser(tx: Tx, events: TEventSink, actor: TActor, id: number) {
  // The one who deactivates must keep a way in.
  if (id === actor.userId) throw AppError.validation({ id: ['You cannot deactivate your own account.'] });
  if (!(await repo.setUserActive(tx, actor.tenantId, id, false))) throw AppError.notFound('User');
  await endAllSessions(tx, events, { tenantId: actor.tenantId, userId: id, reason: 'deactivated' });
  await recordAudit(tx, { ...auditOf(actor, id), action: 'deactivate_user' });
  return (await repo.findUser(tx, actor.tenantId, id))!;
}

/** The user may sign in again; the sessions ended at deactivation stay ended. */
export async function activateUser(tx: Tx, actor: TActor, id: number) {
  if (!(await repo.setUserActive(tx, actor.tenantId, id, true))) throw AppError.notFound('User');
  await recordAudit(tx, { ...auditOf(actor, id), action: 'activate_user' });
  return (await repo.findUser(tx, actor.tenantId, id))!;
}

const auditOf = (actor: TActor, id: number) => ({
  tenantId: actor.tenantId,
  userId: actor.userId,
  entity: 'user',
  entityId: id,
  ip: actor.ip,
});
