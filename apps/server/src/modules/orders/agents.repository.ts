import { sql } from 'drizzle-orm';
import type { TAgentOption } from '@cod/shared';
import { rows, type Tx } from '../../db/client.js';

/**
 * Who can be given orders: active users whose role can open the Orders screen ('view orders').
 * Feeds the agent filter, the assign dialog and the order form (GET /dashboard/agents).
 */
const ASSIGNABLE = sql`u.active and exists (
  select 1 from role_permissions rp
  join permissions p on p.tenant_id = rp.tenant_id and p.id = rp.permission_id
  where rp.tenant_id = u.tenant_id and rp.role_id = u.role_id and p.name = 'view orders')`;

export async function listAgents(tx: Tx, tenantId: number): Promise<TAgentOption[]> {
  return rows<TAgentOption>(
    tx,
    sql`select u.id, u.name, r.name as role, u.avatar_url from users u
        join roles r on r.tenant_id = u.tenant_id and r.id = u.role_id
        where u.tenant_id = ${tenantId} and ${ASSIGNABLE}
        order by u.name, u.id`,
  );
}

export async function isAssignableAgent(tx: Tx, tenantId: number, userId: number): Promise<boolean> {
  const found = await rows(
    tx,
    sql`select 1 from users u where u.tenant_id = ${tenantId} and u.id = ${userId} and ${ASSIGNABLE}`,
  );
  return found.length > 0;
}
