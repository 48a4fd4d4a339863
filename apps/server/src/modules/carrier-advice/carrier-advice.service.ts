import {
  ADVICE_WINDOW_DAYS,
  bestCarrier,
  m,
  rateAdviceRows,
  type TCarrierAdvice,
  type TCarrierAdviceRow,
  type TMessageBody,
} from '@cod/shared';
import type { Db } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import type { TActor } from '../../http/actor.js';
import { messageBody } from '../../lib/message-body.js';
import { recordAudit } from '../audit/audit.service.js';
import * as repo from './carrier-advice.repository.js';

/**
 * Issue 15.6 (docs/decisions/0091): for the orders of the assign-to-shipping and dispatch dialogs,
 * each company's delivery rate, average delivery days and fee in the orders' wilaya (and commune)
 * over the last 90 days of the shop's own history, and the best company by the shared rule.
 * Orders in several wilayas get no advice (one wilaya's figures would mislead for the others).
 */
export interface TAdviceDeps {
  db: Db;
}

const days = (value: string | number | null) => (value === null ? null : Math.round(Number(value) * 10) / 10);

export function adviseCarrier(
  deps: TAdviceDeps,
  tenantId: number,
  orderIds: readonly number[],
): Promise<TCarrierAdvice> {
  return withTenant(deps.db, tenantId, async (tx) => {
    const preselect = await repo.readPreselect(tx, tenantId);
    const places = await repo.placesOf(tx, tenantId, orderIds);
    const states = new Set(places.map((p) => p.state_id));
    const empty = {
      state_id: null,
      city_id: null,
      window_days: ADVICE_WINDOW_DAYS,
      rows: [],
      best_company_id: null,
      preselect,
    };
    if (states.size !== 1) return empty;
    const stateId = places[0]!.state_id;
    const cities = new Set(places.map((p) => p.city_id));
    const cityId = cities.size === 1 ? places[0]!.city_id : null;
    const stopdesk = places.every((p) => p.is_stopdesk);
    const [history, companies] = await Promise.all([
      repo.historyOfWilaya(tx, tenantId, { stateId, cityId, windowDays: ADVICE_WINDOW_DAYS }),
      repo.companiesWithFees(tx, tenantId, stateId, stopdesk),
    ]);
    const byCompany = new Map(history.map((h) => [h.shipping_company_id, h]));
    const rows: TCarrierAdviceRow[] = companies.map((company) => {
      const h = byCompany.get(company.id);
      return {
        shipping_company_id: company.id,
        name: company.name,
        wilaya: {
          delivered: h?.delivered ?? 0,
          returned: h?.returned ?? 0,
          avg_delivery_days: days(h?.wilaya_days ?? null),
        },
        commune:
          cityId === null
            ? null
            : {
                delivered: h?.commune_delivered ?? 0,
                returned: h?.commune_returned ?? 0,
                avg_delivery_days: days(h?.commune_days ?? null),
              },
        fee_centimes: company.fee_centimes === null ? null : Number(company.fee_centimes),
      };
    });
    return {
      state_id: stateId,
      city_id: cityId,
      window_days: ADVICE_WINDOW_DAYS,
      rows: rateAdviceRows(rows),
      best_company_id: bestCarrier(rows),
      preselect,
    };
  });
}

export function readAdviceSettings(deps: TAdviceDeps, tenantId: number): Promise<{ preselect: boolean }> {
  return withTenant(deps.db, tenantId, async (tx) => ({ preselect: await repo.readPreselect(tx, tenantId) }));
}

export function saveAdviceSettings(
  deps: TAdviceDeps,
  actor: TActor,
  input: { preselect: boolean },
): Promise<TMessageBody & { preselect: boolean }> {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    await repo.writePreselect(tx, actor.tenantId, input.preselect);
    await recordAudit(tx, {
      tenantId: actor.tenantId,
      userId: actor.userId,
      entity: 'carrier_advice_settings',
      action: 'update',
      changes: { ...input },
      ip: actor.ip,
    });
    return { ...messageBody(m('carrier_advice.saved')), preselect: input.preselect };
  });
}
