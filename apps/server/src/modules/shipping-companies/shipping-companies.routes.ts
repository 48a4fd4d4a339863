import type { FastifyInstance } from 'fastify';
import {
  m,
  renderedCarrierMessage,
  SHIPPING_MESSAGES as M,
  ZDeliveryFeeRequest,
  ZShippingCompanyInput,
  ZShippingFeesUpdate,
  type TCarrierPresetView,
  type TDeliveryFeeResponse,
} from '@cod/shared';
import { z } from 'zod';
import { CARRIER_PRESETS, CREDENTIAL_FIELDS } from '../../carriers/catalogue.js';
import { actorOf } from '../../http/actor.js';
import { messageBody } from '../../lib/message-body.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import { calculateDeliveryFee } from './calculate-delivery-fee.js';
import {
  listCompanyFees,
  listCompanyOptions,
  listShippingCompanies,
  listStopDesks,
  showShippingCompany,
} from './read-shipping-companies.js';
import { refreshStopDesks } from './refresh-stop-desks.js';
import { removeShippingCompany } from './remove-shipping-company.js';
import { createShippingCompany, updateShippingCompany } from './save-shipping-company.js';
import type { TShippingCompaniesDeps } from './shipping-companies.deps.js';
import { testCompanyConnection } from './test-company-connection.js';
import { importCompanyFees, updateCompanyFees } from './update-company-fees.js';

const ZStateQuery = z.object({ state_id: z.coerce.number().int().min(1).max(58).optional() });

/** Issue 5.3/5.4: /dashboard/shipping-companies (screen) and the fee and centre look-ups of the order dialog. */
export function registerShippingCompanyRoutes(app: FastifyInstance, deps: TShippingCompaniesDeps): void {
  app.get('/dashboard/shipping-companies', { config: { access: 'view shipping_companies' } }, async (request) => {
    const data = await listShippingCompanies(deps, actorOf(request).tenantId);
    return { data, total: data.length };
  });

  // SPEC 3: "Lists (agents, shipping companies, states) come from the server" (order dialogs).
  app.get('/dashboard/shipping-companies/options', { config: { access: 'view orders' } }, async (request) => {
    const data = await listCompanyOptions(deps, actorOf(request).tenantId);
    return { data, total: data.length };
  });

  app.get('/dashboard/shipping-companies/presets', { config: { access: 'view shipping_companies' } }, () => {
    const data: TCarrierPresetView[] = CARRIER_PRESETS.map((p) => ({
      code: p.code,
      name: p.name,
      kind: p.kind,
      base_url: p.baseUrl,
      credential_fields: CREDENTIAL_FIELDS[p.kind].map((f) => ({ ...f })),
    }));
    return { data };
  });

  app.get('/dashboard/shipping-companies/:id', { config: { access: 'view shipping_companies' } }, async (request) => {
    const { tenantId } = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    return showShippingCompany(deps, tenantId, id);
  });

  app.post(
    '/dashboard/shipping-companies',
    { config: { access: 'manage shipping_companies' } },
    async (request, reply) => {
      const actor = actorOf(request);
      const input = parse(ZShippingCompanyInput, request.body);
      const data = await createShippingCompany(deps, actor, input);
      return reply.status(201).send({ ...messageBody(m('shipping_company.created')), data });
    },
  );

  app.put('/dashboard/shipping-companies/:id', { config: { access: 'manage shipping_companies' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    const input = parse(ZShippingCompanyInput, request.body);
    const data = await updateShippingCompany(deps, actor, { id, input });
    return { ...messageBody(m('shipping_company.updated')), data };
  });

  app.delete(
    '/dashboard/shipping-companies/:id',
    { config: { access: 'manage shipping_companies' } },
    async (request) => {
      const actor = actorOf(request);
      const { id } = parse(ZIdParams, request.params);
      const outcome = await removeShippingCompany(deps, actor, id);
      return { ...messageBody(m(`shipping_company.${outcome}`)), outcome };
    },
  );

  // Issue 5.3: "test the connection" answers a message, never the credentials.
  app.post(
    '/dashboard/shipping-companies/:id/test-connection',
    { config: { access: 'manage shipping_companies' } },
    async (request) => {
      const { tenantId } = actorOf(request);
      const { id } = parse(ZIdParams, request.params);
      const { name, result } = await testCompanyConnection(deps, { tenantId, id }, request.log);
      return result.ok
        ? { success: true, ...messageBody(m('shipping_company.connected', { name })) }
        : { success: false, ...renderedCarrierMessage(result.message) };
    },
  );

  app.get(
    '/dashboard/shipping-companies/:id/fees',
    { config: { access: 'view shipping_companies' } },
    async (request) => {
      const { tenantId } = actorOf(request);
      const { id } = parse(ZIdParams, request.params);
      const data = await listCompanyFees(deps, tenantId, id);
      return { data, total: data.length };
    },
  );

  app.put(
    '/dashboard/shipping-companies/:id/fees',
    { config: { access: 'manage shipping_companies' } },
    async (request) => {
      const actor = actorOf(request);
      const { id } = parse(ZIdParams, request.params);
      const { fees } = parse(ZShippingFeesUpdate, request.body);
      const data = await updateCompanyFees(deps, actor, { id, fees });
      return { ...messageBody(m('shipping_company.fees_updated')), data };
    },
  );

  // Issue 5.3: "import from the carrier where it offers them" (editable afterwards).
  app.post(
    '/dashboard/shipping-companies/:id/fees/import',
    { config: { access: 'manage shipping_companies' } },
    async (request) => {
      const actor = actorOf(request);
      const { id } = parse(ZIdParams, request.params);
      const { imported, data } = await importCompanyFees(deps, actor, { id, log: request.log });
      return { ...messageBody(m('shipping_company.fees_imported', { count: imported })), data };
    },
  );

  // SPEC 5: the order dialog's centre select (centres of one company, optionally of one wilaya).
  app.get('/dashboard/shipping-companies/:id/stop-desks', { config: { access: 'view orders' } }, async (request) => {
    const { tenantId } = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    const { state_id } = parse(ZStateQuery, request.query);
    const data = await listStopDesks(deps, { tenantId, id, stateId: state_id });
    return { data, total: data.length };
  });

  app.post(
    '/dashboard/shipping-companies/:id/stop-desks/refresh',
    { config: { access: 'manage shipping_companies' } },
    async (request) => {
      const actor = actorOf(request);
      const { id } = parse(ZIdParams, request.params);
      const data = await refreshStopDesks(deps, actor, { id, log: request.log });
      return {
        ...messageBody(m('shipping_company.centres_imported', { count: data.length })),
        data,
        total: data.length,
      };
    },
  );

  // SPEC 7 / SPEC 5: the fee comes from the company's fees; SPEC 8 'Failed to calculate delivery fee'.
  app.post('/dashboard/orders/calculate-delivery-fee', { config: { access: 'view orders' } }, async (request) => {
    const { tenantId } = actorOf(request);
    const body = parse(ZDeliveryFeeRequest, request.body);
    const outcome = await calculateDeliveryFee(deps, tenantId, body);
    const answer: TDeliveryFeeResponse =
      outcome.kind === 'fee'
        ? { success: true, delivery_fee: outcome.value, ...messageBody(m('shipping.fee_calculated')) }
        : {
            success: false,
            delivery_fee: 0,
            ...messageBody(outcome.kind === 'not_served' ? M.notServed : M.feeFailed),
          };
    return answer;
  });
}
