import type { TCarrierLogger, TConnectionResult } from '../../carriers/carrier.js';
import { carrierKeyring } from './carrier-runtime.js';
import { loadCompany } from './read-shipping-companies.js';
import type { TShippingCompaniesDeps } from './shipping-companies.deps.js';
import { testConnection } from './shipping-companies.service.js';

/** Issue 5.3: "test the connection" answers a message, never the credentials. */
export async function testCompanyConnection(
  deps: TShippingCompaniesDeps,
  company: { tenantId: number; id: number },
  log: TCarrierLogger,
): Promise<{ name: string; result: TConnectionResult }> {
  const found = await loadCompany(deps, company.tenantId, company.id);
  const result = await testConnection(await carrierKeyring(deps.config), company.tenantId, found, log);
  return { name: found.name, result };
}
