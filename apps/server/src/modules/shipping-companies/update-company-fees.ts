import { m } from '@cod/shared';
import type { TCarrierLogger } from '../../carriers/carrier.js';
import { withTenant } from '../../db/tenant-context.js';
import type { TActor } from '../../http/actor.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { carrierFailure } from './carrier-failure.js';
import { carrierKeyring } from './carrier-runtime.js';
import { companyOr404, loadCompany } from './read-shipping-companies.js';
import * as repo from './shipping-companies.repository.js';
import type { TShippingCompaniesDeps } from './shipping-companies.deps.js';
import { openAdapter } from './shipping-companies.service.js';

type TFeeInput = Parameters<typeof repo.upsertFees>[3];

/** Issue 5.3: the seller's fee table, audited; answers the whole table. */
export function updateCompanyFees(
  deps: TShippingCompaniesDeps,
  actor: TActor,
  update: { id: number; fees: TFeeInput },
): Promise<repo.TFeeRecord[]> {
  const { id, fees } = update;
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    await companyOr404(tx, actor.tenantId, id, { lock: true });
    await repo.upsertFees(tx, actor.tenantId, id, fees);
    await recordAudit(tx, {
      tenantId: actor.tenantId,
      userId: actor.userId,
      action: 'update_fees',
      entity: 'shipping_company',
      entityId: id,
      changes: { wilayas: fees.length },
      ip: actor.ip,
    });
    return repo.feesOf(tx, actor.tenantId, id);
  });
}

/** Issue 5.3: "import from the carrier where it offers them" (editable afterwards). */
export async function importCompanyFees(
  deps: TShippingCompaniesDeps,
  actor: TActor,
  options: { id: number; log: TCarrierLogger },
): Promise<{ imported: number; data: repo.TFeeRecord[] }> {
  const { id } = options;
  const company = await loadCompany(deps, actor.tenantId, id);
  const adapter = openAdapter(await carrierKeyring(deps.config), actor.tenantId, company, options.log);
  if (!adapter.capabilities.fees) throw new AppError('conflict', m('shipping_company.no_fees', { name: company.name }));
  let rows;
  try {
    rows = await adapter.getFees({ fromWilayaCode: company.sender_wilaya ?? 16 });
  } catch (error) {
    throw carrierFailure(error);
  }
  const fees = rows
    .filter((r) => r.wilayaCode >= 1 && r.wilayaCode <= 58)
    .map((r) => ({ state_id: r.wilayaCode, home_fee: r.home, stopdesk_fee: r.stopDesk }));
  const data = await withTenant(deps.db, actor.tenantId, async (tx) => {
    await repo.upsertFees(tx, actor.tenantId, id, fees);
    return repo.feesOf(tx, actor.tenantId, id);
  });
  return { imported: fees.length, data };
}
