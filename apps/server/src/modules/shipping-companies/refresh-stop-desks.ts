import { m } from '@cod/shared';
import type { TCarrierLogger } from '../../carriers/carrier.js';
import { withTenant } from '../../db/tenant-context.js';
import type { TActor } from '../../http/actor.js';
import { AppError } from '../../lib/app-error.js';
import { carrierFailure } from './carrier-failure.js';
import { carrierKeyring } from './carrier-runtime.js';
import { loadCompany } from './read-shipping-companies.js';
import * as repo from './shipping-companies.repository.js';
import type { TShippingCompaniesDeps } from './shipping-companies.deps.js';
import { openAdapter, yalidineCentresFile } from './shipping-companies.service.js';

/**
 * Issue 5.4: replaces a company's centres with the carrier's list, or Yalidine's static file when
 * its API has none; answers the new list.
 */
export async function refreshStopDesks(
  deps: TShippingCompaniesDeps,
  actor: TActor,
  options: { id: number; log: TCarrierLogger },
): Promise<repo.TStopDeskRecord[]> {
  const { id } = options;
  const company = await loadCompany(deps, actor.tenantId, id);
  const adapter = openAdapter(await carrierKeyring(deps.config), actor.tenantId, company, options.log);
  let desks: repo.TStopDeskRecord[];
  if (adapter.capabilities.centres) {
    try {
      desks = (await adapter.getCentres()).map((c) => ({
        center_id: c.id,
        name: c.name,
        state_id: c.wilayaCode,
        wilaya_name: c.wilayaName ?? null,
        commune_name: c.communeName ?? null,
        address: c.address ?? null,
      }));
    } catch (error) {
      throw carrierFailure(error);
    }
  } else if (company.code === 'yalidine') {
    desks = await yalidineCentresFile();
  } else {
    throw new AppError('conflict', m('shipping_company.no_centres', { name: company.name }));
  }
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    await repo.replaceStopDesks(tx, actor.tenantId, id, desks);
    return repo.stopDesksOf(tx, actor.tenantId, id);
  });
}
