import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZCashBoxInput,
  ZCashBoxUpdate,
  ZCloseDayInput,
  ZMovementInput,
  ZMovementListQuery,
  ZQueryBool,
  ZTransferInput,
  zDay,
} from '@cod/shared';
import { actorOf } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { registerResourceRoutes } from '../../http/resource-routes.js';
import { ZIdParams } from '../../lib/id-params.js';
import { messageBody } from '../../lib/message-body.js';
import { parse } from '../../lib/validate.js';
import { m } from '@cod/shared';
import { listCases } from '../remittances/remittances.service.js';
import * as service from './cash-boxes.service.js';

const ZBoxListQuery = z.object({ archived: ZQueryBool.optional() });
const ZReverseInput = z.object({ day: zDay.optional() });

/** Issue 13.1: /dashboard/cases, the shop's cash boxes, their movements, transfers and closed days. */
export function registerCashBoxRoutes(app: FastifyInstance, deps: TAppDeps): void {
  app.get('/dashboard/cases', { config: { access: 'view cases' } }, async (request) => {
    const { tenantId } = actorOf(request);
    return listCases(deps, tenantId, parse(ZBoxListQuery, request.query));
  });

  registerResourceRoutes(app, deps, {
    route: { path: '/dashboard/cases', access: 'manage cases' },
    create: { input: ZCashBoxInput, run: service.createCashBox },
    update: { input: ZCashBoxUpdate, run: service.updateCashBox },
    remove: service.archiveCashBox,
  });

  app.get('/dashboard/cases/movements', { config: { access: 'view cases' } }, async (request) => {
    const { tenantId } = actorOf(request);
    return service.listCashMovements(deps, tenantId, parse(ZMovementListQuery, request.query));
  });

  registerResourceRoutes(app, deps, {
    route: { path: '/dashboard/cases/movements', access: 'manage cases' },
    create: { input: ZMovementInput, run: service.recordCashMovement },
    update: { input: ZMovementInput, run: service.updateCashMovement },
    remove: service.deleteCashMovement,
  });

  app.post('/dashboard/cases/movements/:id/reverse', { config: { access: 'manage cases' } }, async (request, reply) => {
    const { id } = parse(ZIdParams, request.params);
    const { day } = parse(ZReverseInput, request.body ?? {});
    return reply.status(201).send(await service.reverseCashMovement(deps, actorOf(request), id, day));
  });

  app.post('/dashboard/cases/transfers', { config: { access: 'manage cases' } }, async (request, reply) => {
    const transfer = await service.transferCash(deps, actorOf(request), parse(ZTransferInput, request.body));
    return reply.status(201).send(transfer);
  });

  app.post('/dashboard/cases/close-day', { config: { access: 'manage cases' } }, async (request) => {
    const { day } = parse(ZCloseDayInput, request.body);
    const result = await service.closeCashDay(deps, actorOf(request), day);
    return { ...result, ...messageBody(m('money.close_day_done', { date: result.closed_through })) };
  });
}
