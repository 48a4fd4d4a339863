import {
  centimes,
  fromDinars,
  m,
  type TRemittanceHeader,
  type TRemittanceLine,
  type TRemittanceResult,
} from '@cod/shared';
import { PAYMENT_STATUS_SUPPORT, type TCarrierLogger, type TCarrierPayment } from '../../carriers/carrier.js';
import { withTenant } from '../../db/tenant-context.js';
import type { TActor } from '../../http/actor.js';
import { AppError } from '../../lib/app-error.js';
import { carrierFailure } from '../shipping-companies/carrier-failure.js';
import { carrierKeyring } from '../shipping-companies/carrier-runtime.js';
import { loadCompany } from '../shipping-companies/read-shipping-companies.js';
import type { TShippingCompaniesDeps } from '../shipping-companies/shipping-companies.deps.js';
import { openAdapter } from '../shipping-companies/shipping-companies.service.js';
import * as repo from './remittances.repository.js';
import { recordRemittance } from './remittances.service.js';

/** Parcels asked about per fetch, oldest owed first (a carrier's API answers 100 a request). */
export const FETCH_LIMIT = 5000;

/**
 * "Fetch from carrier" (issue 13.4, decision 0113): the carrier's payment statement through its
 * adapter, for the parcels it still owes, recorded by the very matcher an uploaded statement goes
 * through (`recordRemittance`): the carrier's statement is just another source of lines. A parcel
 * the carrier reports paid without a figure is taken at what the shop expected for it.
 */
export async function fetchRemittance(
  deps: TShippingCompaniesDeps,
  actor: TActor,
  header: TRemittanceHeader,
  log: TCarrierLogger,
): Promise<TRemittanceResult> {
  const company = await loadCompany(deps, actor.tenantId, header.shipping_company_id);
  const adapter = openAdapter(await carrierKeyring(deps.config), actor.tenantId, company, log);
  if (!PAYMENT_STATUS_SUPPORT[company.kind] || !adapter.getPayments) {
    throw AppError.validation({
      shipping_company_id: [m('money.carrier_payments_unsupported', { carrier: company.name })],
    });
  }
  const trackings = await withTenant(deps.db, actor.tenantId, (tx) =>
    repo.owedTrackings(tx, actor.tenantId, company.id, FETCH_LIMIT),
  );
  let payments: TCarrierPayment[] = [];
  if (trackings.length) {
    try {
      payments = await adapter.getPayments(trackings);
    } catch (error) {
      throw carrierFailure(error);
    }
  }
  if (!payments.length) {
    throw AppError.validation({ shipping_company_id: [m('money.carrier_nothing_paid', { carrier: company.name })] });
  }
  const withoutFigure = payments.filter((p) => p.amount === null).map((p) => p.trackingNumber);
  const expected = withoutFigure.length
    ? await withTenant(deps.db, actor.tenantId, (tx) =>
        repo.deliveredByTracking(tx, actor.tenantId, company.id, withoutFigure),
      )
    : new Map();
  const lines: TRemittanceLine[] = payments.map((p) => ({
    tracking_number: p.trackingNumber,
    amount_centimes:
      p.amount === null
        ? (expected.get(p.trackingNumber)?.owed_centimes ?? centimes(0))
        : fromDinars(p.amount.toFixed(2)),
  }));
  const paymentIds = [...new Set(payments.map((p) => p.paymentId).filter(Boolean))].join(', ');
  const reference = header.reference ?? (paymentIds ? paymentIds.slice(0, 120) : null);
  return recordRemittance(deps, actor, { ...header, reference }, lines);
}
