import type { FastifyInstance, FastifyBaseLogger } from 'fastify';
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
import { CarrierError } from '../../carriers/carrier.js';
import { CARRIER_PRESETS, CREDENTIAL_FIELDS } from '../../carriers/catalogue.js';
import type { TConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import { AppError } from '../../lib/app-error.js';
import { messageBody } from '../../lib/message-body.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import { recordAudit } from '../audit/audit.repository.js';
import { actorOf } from '../products/actor.js';
import { carrierKeyring } from './carrier-runtime.js';
import * as repo from './shipping-companies.repository.js';
import * as service from './shipping-companies.service.js';

export interface TShippingDeps {
  db: Db;
  config: TConfig;
  log: FastifyBaseLogger;
}

const ZStateQuery = z.object({ state_id: z.coerce.number().int().min(1).max(58).optional() });

/** A carrier failure shown on the screen: its (redacted) message, never a 500. */
export function carrierFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof CarrierError) return new AppError('conflict', m('carrier.message', { reason: error.message }));
  throw error;
}

/** Issue 5.3/5.4: /dashboard/shipping-companies (screen) and the fee and centre look-ups of the order dialog. */
export function registerShippingCompanyRoutes(app: FastifyInstance, deps: TShippingDeps): void {
  const { db, config } = deps;
  const keyring = () => carrierKeyring(config);
  const loadOr404 = async (tenantId: number, id: number) => {
    const company = await withTenant(db, tenantId, (tx) => repo.findCompany(tx, tenantId, id));
    if (!company) throw AppError.notFound('Shipping company');
    return company;
  };

  app.get('/dashboard/shipping-companies', { config: { access: 'view shipping_companies' } }, async (request) => {
    const { tenantId } = actorOf(request);
    const [ring, companies] = await Promise.all([
      keyring(),
      withTenant(db, tenantId, (tx) => repo.listCompanies(tx, tenantId)),
    ]);
    const data = companies.map((c) => service.companyView(ring, tenantId, c, config.appUrl));
    return { data, total: data.length };
  });

  // SPEC 3: "Lists (agents, shipping companies, states) come from the server" (order dialogs).
  app.get('/dashboard/shipping-companies/options', { config: { access: 'view orders' } }, async (request) => {
    const { tenantId } = actorOf(request);
    const companies = await withTenant(db, tenantId, (tx) => repo.listCompanies(tx, tenantId));
    const data = companies
      .filter((c) => c.active)
      .map((c) => ({ id: c.id, name: c.name, code: c.code, icon: c.icon, kind: c.kind }));
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
    const company = await loadOr404(tenantId, id);
    return service.companyView(await keyring(), tenantId, company, config.appUrl);
  });

  app.post(
    '/dashboard/shipping-companies',
    { config: { access: 'manage shipping_companies' } },
    async (request, reply) => {
      const actor = actorOf(request);
      const input = parse(ZShippingCompanyInput, request.body);
      const ring = await keyring();
      const company = await withTenant(db, actor.tenantId, (tx) => service.createCompany(tx, ring, actor, input));
      return reply.status(201).send({
        ...messageBody(m('shipping_company.created')),
        data: service.companyView(ring, actor.tenantId, company, config.appUrl),
      });
    },
  );

  app.put('/dashboard/shipping-companies/:id', { config: { access: 'manage shipping_companies' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    const input = parse(ZShippingCompanyInput, request.body);
    const ring = await keyring();
    const company = await withTenant(db, actor.tenantId, (tx) => service.updateCompany(tx, ring, actor, id, input));
    return {
      ...messageBody(m('shipping_company.updated')),
      data: service.companyView(ring, actor.tenantId, company, config.appUrl),
    };
  });

  app.delete(
    '/dashboard/shipping-companies/:id',
    { config: { access: 'manage shipping_companies' } },
    async (request) => {
      const actor = actorOf(request);
      const { id } = parse(ZIdParams, request.params);
      const outcome = await withTenant(db, actor.tenantId, async (tx) => {
        if (!(await repo.findCompany(tx, actor.tenantId, id, { lock: true })))
          throw AppError.notFound('Shipping company');
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
      const company = await loadOr404(tenantId, id);
      const result = await service.testConnection(await keyring(), tenantId, company, request.log);
      return result.ok
        ? { success: true, ...messageBody(m('shipping_company.connected', { name: company.name })) }
        : { success: false, ...renderedCarrierMessage(result.message) };
    },
  );

  app.get(
    '/dashboard/shipping-companies/:id/fees',
    { config: { access: 'view shipping_companies' } },
    async (request) => {
      const { tenantId } = actorOf(request);
      const { id } = parse(ZIdParams, request.params);
      await loadOr404(tenantId, id);
      const data = await withTenant(db, tenantId, (tx) => repo.feesOf(tx, tenantId, id));
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
      const data = await withTenant(db, actor.tenantId, async (tx) => {
        if (!(await repo.findCompany(tx, actor.tenantId, id, { lock: true })))
          throw AppError.notFound('Shipping company');
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
      const company = await loadOr404(actor.tenantId, id);
      const adapter = service.openAdapter(await keyring(), actor.tenantId, company, request.log);
      if (!adapter.capabilities.fees)
        throw new AppError('conflict', m('shipping_company.no_fees', { name: company.name }));
      let rows;
      try {
        rows = await adapter.getFees({ fromWilayaCode: company.sender_wilaya ?? 16 });
      } catch (error) {
        throw carrierFailure(error);
      }
      const fees = rows
        .filter((r) => r.wilayaCode >= 1 && r.wilayaCode <= 58)
        .map((r) => ({ state_id: r.wilayaCode, home_fee: r.home, stopdesk_fee: r.stopDesk }));
      const data = await withTenant(db, actor.tenantId, async (tx) => {
        await repo.upsertFees(tx, actor.tenantId, id, fees);
        return repo.feesOf(tx, actor.tenantId, id);
      });
      return { ...messageBody(m('shipping_company.fees_imported', { count: fees.length })), data };
    },
  );

  // SPEC 5: the order dialog's centre select (centres of one company, optionally of one wilaya).
  app.get('/dashboard/shipping-companies/:id/stop-desks', { config: { access: 'view orders' } }, async (request) => {
    const { tenantId } = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    const { state_id } = parse(ZStateQuery, request.query);
    await loadOr404(tenantId, id);
    const data = await withTenant(db, tenantId, (tx) => repo.stopDesksOf(tx, tenantId, id, state_id));
    return { data, total: data.length };
  });

  app.post(
    '/dashboard/shipping-companies/:id/stop-desks/refresh',
    { config: { access: 'manage shipping_companies' } },
    async (request) => {
      const actor = actorOf(request);
      const { id } = parse(ZIdParams, request.params);
      const company = await loadOr404(actor.tenantId, id);
      const adapter = service.openAdapter(await keyring(), actor.tenantId, company, request.log);
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
        desks = await service.yalidineCentresFile();
      } else {
        throw new AppError('conflict', m('shipping_company.no_centres', { name: company.name }));
      }
      const data = await withTenant(db, actor.tenantId, async (tx) => {
        await repo.replaceStopDesks(tx, actor.tenantId, id, desks);
        return repo.stopDesksOf(tx, actor.tenantId, id);
      });
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
    const answer = await withTenant(db, tenantId, async (tx): Promise<TDeliveryFeeResponse> => {
      const company = await repo.findCompany(tx, tenantId, body.shipping_company_id);
      if (!company) throw AppError.validation({ shipping_company_id: [M.companyInvalid] });
      if (company.served_wilayas && !company.served_wilayas.includes(body.state_id)) {
        return { success: false, delivery_fee: 0, ...messageBody(M.notServed) };
      }
      const fee = await repo.feeFor(tx, tenantId, company.id, body.state_id);
      const value = body.delivery_type === 'stopdesk' ? fee?.stopdesk_fee : fee?.home_fee;
      if (value == null) return { success: false, delivery_fee: 0, ...messageBody(M.feeFailed) };
      return { success: true, delivery_fee: value, ...messageBody(m('shipping.fee_calculated')) };
    });
    return answer;
  });
}
