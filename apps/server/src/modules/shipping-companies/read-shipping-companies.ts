import type { TShippingCompany } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import { AppError } from '../../lib/app-error.js';
import { carrierKeyring } from './carrier-runtime.js';
import * as repo from './shipping-companies.repository.js';
import type { TShippingCompaniesDeps } from './shipping-companies.deps.js';
import { companyView } from './shipping-companies.service.js';

/** The shop's company, or 404 (another shop's id reads as missing). */
export async function companyOr404(tx: Tx, tenantId: number, id: number, options: { lock?: boolean } = {}) {
  const company = await repo.findCompany(tx, tenantId, id, options);
  if (!company) throw AppError.notFound('Shipping company');
  return company;
}

/** A company read in its own transaction, for flows that then call the carrier outside any transaction. */
export function loadCompany(deps: TShippingCompaniesDeps, tenantId: number, id: number) {
  return withTenant(deps.db, tenantId, (tx) => companyOr404(tx, tenantId, id));
}

/** Issue 5.3: the screen's list, credentials masked. */
export async function listShippingCompanies(
  deps: TShippingCompaniesDeps,
  tenantId: number,
): Promise<TShippingCompany[]> {
  const [ring, companies] = await Promise.all([
    carrierKeyring(deps.config),
    withTenant(deps.db, tenantId, (tx) => repo.listCompanies(tx, tenantId)),
  ]);
  return companies.map((c) => companyView(ring, tenantId, c, deps.config.appUrl));
}

/** SPEC 3: "Lists (agents, shipping companies, states) come from the server" (order dialogs): active ones. */
export async function listCompanyOptions(deps: TShippingCompaniesDeps, tenantId: number) {
  const companies = await withTenant(deps.db, tenantId, (tx) => repo.listCompanies(tx, tenantId));
  return companies
    .filter((c) => c.active)
    .map((c) => ({ id: c.id, name: c.name, code: c.code, icon: c.icon, kind: c.kind }));
}

export async function showShippingCompany(
  deps: TShippingCompaniesDeps,
  tenantId: number,
  id: number,
): Promise<TShippingCompany> {
  const company = await loadCompany(deps, tenantId, id);
  return companyView(await carrierKeyring(deps.config), tenantId, company, deps.config.appUrl);
}

export function listCompanyFees(deps: TShippingCompaniesDeps, tenantId: number, id: number) {
  return withTenant(deps.db, tenantId, async (tx) => {
    await companyOr404(tx, tenantId, id);
    return repo.feesOf(tx, tenantId, id);
  });
}

/** SPEC 5: the order dialog's centre select (centres of one company, optionally of one wilaya). */
export function listStopDesks(
  deps: TShippingCompaniesDeps,
  options: { tenantId: number; id: number; stateId: number | undefined },
) {
  const { tenantId, id, stateId } = options;
  return withTenant(deps.db, tenantId, async (tx) => {
    await companyOr404(tx, tenantId, id);
    return repo.stopDesksOf(tx, tenantId, id, stateId);
  });
}
