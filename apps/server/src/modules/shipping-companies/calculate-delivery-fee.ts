import { SHIPPING_MESSAGES as M, type TDeliveryFeeRequest } from '@cod/shared';
import { withTenant } from '../../db/tenant-context.js';
import { AppError } from '../../lib/app-error.js';
import * as repo from './shipping-companies.repository.js';
import type { TShippingCompaniesDeps } from './shipping-companies.deps.js';

export type TDeliveryFeeOutcome = { kind: 'fee'; value: number } | { kind: 'not_served' } | { kind: 'no_fee' };

/** SPEC 7 / SPEC 5: the fee comes from the company's fees; a wilaya it does not serve has none. */
export function calculateDeliveryFee(
  deps: TShippingCompaniesDeps,
  tenantId: number,
  request: TDeliveryFeeRequest,
): Promise<TDeliveryFeeOutcome> {
  return withTenant(deps.db, tenantId, async (tx): Promise<TDeliveryFeeOutcome> => {
    const company = await repo.findCompany(tx, tenantId, request.shipping_company_id);
    if (!company) throw AppError.validation({ shipping_company_id: [M.companyInvalid] });
    if (company.served_wilayas && !company.served_wilayas.includes(request.state_id)) return { kind: 'not_served' };
    const fee = await repo.feeFor(tx, tenantId, company.id, request.state_id);
    const value = request.delivery_type === 'stopdesk' ? fee?.stopdesk_fee : fee?.home_fee;
    return value == null ? { kind: 'no_fee' } : { kind: 'fee', value };
  });
}
