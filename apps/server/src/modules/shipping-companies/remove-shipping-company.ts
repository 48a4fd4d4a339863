import { withTenant } from '../../db/tenant-context.js';
import type { TActor } from '../../http/actor.js';
import { recordAudit } from '../audit/audit.service.js';
import { companyOr404 } from './read-shipping-companies.js';
import * as repo from './shipping-companies.repository.js';
import type { TShippingCompaniesDeps } from './shipping-companies.deps.js';

/** Deleted when nothing points at it, else archived (its parcels keep their company). */
export function removeShippingCompany(
  deps: TShippingCompaniesDeps,
  actor: TActor,
  id: number,
): Promise<'deleted' | 'archived'> {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    await companyOr404(tx, actor.tenantId, id, { lock: true });
    const result = await repo.removeCompany(tx, actor.tenantId, id);
    await recordAudit(tx, {
      tenantId: actor.tenantId,
      userId: actor.userId,
      action: result === 'deleted' ? 'delete' : 'archive',
      entity: 'shipping_company',
      entityId: id,
      ip: actor.ip,
    });
    return result;
  });
}
