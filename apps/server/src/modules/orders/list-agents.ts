import type { TAgentOption } from '@cod/shared';
import { withTenant } from '../../db/tenant-context.js';
import type { TOrderActor, TOrderDeps } from './order-access.js';
import { listAgents } from './agents.repository.js';

/** GET /dashboard/agents: who can be given orders (the agent filter, assign dialog and form). */
export function listAssignableAgents(deps: TOrderDeps, actor: TOrderActor): Promise<TAgentOption[]> {
  return withTenant(deps.db, actor.tenantId, (tx) => listAgents(tx, actor.tenantId));
}
