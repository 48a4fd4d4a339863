import type { TShippingCompany, TShippingCompanyInput } from '@cod/shared';
import { withTenant } from '../../db/tenant-context.js';
import { assertBelowPlanLimit } from '../subscriptions/plan-limits.js';
import type { TActor } from '../../http/actor.js';
import { carrierKeyring } from './carrier-runtime.js';
import type { TShippingCompaniesDeps } from './shipping-companies.deps.js';
import { companyView, createCompany, updateCompany } from './shipping-companies.service.js';

/** Issue 5.3: adds a company (credentials encrypted, decision 0019) and answers its masked view. */
export async function createShippingCompany(
  deps: TShippingCompaniesDeps,
  actor: TActor,
  input: TShippingCompanyInput,
): Promise<TShippingCompany> {
  const ring = await carrierKeyring(deps.config);
  const company = await withTenant(deps.db, actor.tenantId, async (tx) => {
    // Issue 19: the plan's shipping company limit, in this transaction (docs/decisions/0064).
    await assertBelowPlanLimit(tx, actor.tenantId, 'shipping_companies');
    return createCompany(tx, ring, actor, input);
  });
  return companyView(ring, actor.tenantId, company, deps.config.appUrl);
}

export async function updateShippingCompany(
  deps: TShippingCompaniesDeps,
  actor: TActor,
  update: { id: number; input: TShippingCompanyInput },
): Promise<TShippingCompany> {
  const ring = await carrierKeyring(deps.config);
  const company = await withTenant(deps.db, actor.tenantId, (tx) =>
    updateCompany(tx, ring, actor, update.id, update.input),
  );
  return companyView(ring, actor.tenantId, company, deps.config.appUrl);
}
