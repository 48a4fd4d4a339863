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

  app.post('/dashboard/cases', { config: { access: 'manage cases' } }, async (request, reply) => {
    const box = await service.createCashBox(deps, actorOf(request), parse(ZCashBoxInput, request.body));
    return reply.status(201).send(box);
  });

  app.put('/dashboard/cases/:id', { config: { access: 'manage cases' } }, async (request) => {
    const { id } = parse(ZIdParams, request.params);
    return service.updateCashBox(deps, actorOf(request), id, parse(ZCashBoxUpdate, request.body));
  });

  app.delete('/dashboard/cases/:id', { config: { access: 'manage cases' } }, async (request) => {
    const { id } = parse(ZIdParams, request.params);
    return service.archiveCashBox(deps, actorOf(request), id);
  });

  app.get('/dashboard/cases/movements', { config: { access: 'view cases' } }, async (request) => {
    const { tenantId } = actorOf(request);
    return service.listCashMovements(deps, tenantId, parse(ZMovementListQuery, request.query));
  });

  app.post('/dashboard/cases/movements', { config: { access: 'manage cases' } }, async (request, reply) => {
    const movement = await service.recordCashMovement(deps, actorOf(request), parse(ZMovementInput, request.body));
    return reply.status(201).send(movement);
  });

  app.put('/dashboard/cases/movements/:id', { config: { access: 'manage cases' } }, async (request) => {
    const { id } = parse(ZIdParams, request.params);
    return service.updateCashMovement(deps, actorOf(request), id, parse(ZMovementInput, request.body));
  });

  app.delete('/dashboard/cases/movements/:id', { config: { access: 'manage cases' } }, async (request) => {
    const { id } = parse(ZIdParams, request.params);
    return service.deleteCashMovement(deps, actorOf(request), id);
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
