import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { toDinars, ZCommissionPayout, ZCommissionQuery, type TAgentCommission } from '@cod/shared';
import { xlsxSheet, writeXlsx } from '../../files/xlsx-writer.js';
import { sessionOfRequest } from '../../http/access-guard.js';
import { actorOf } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { parse } from '../../lib/validate.js';
import * as service from './commissions.service.js';

/**
 * Issue 13.5: /dashboard/commissions. Anyone signed in sees their own month; 'view accounting'
 * sees every agent's; paying out writes an expense, so it needs 'manage expenses'.
 */
export function registerCommissionRoutes(app: FastifyInstance, deps: TAppDeps): void {
  const commissionActor = (request: Parameters<typeof actorOf>[0]): service.TCommissionActor => {
    const session = sessionOfRequest(request);
    return {
      ...actorOf(request),
      timeZone: session.timeZone,
      seesAll: session.permissions.has('view accounting'),
    };
  };

  app.get('/dashboard/commissions', { config: { access: 'authenticated' } }, async (request) =>
    service.listCommissions(deps, commissionActor(request), parse(ZCommissionQuery, request.query)),
  );

  app.get('/dashboard/commissions/export', { config: { access: 'authenticated' } }, async (request, reply) => {
    const answer = await service.listCommissions(
      deps,
      commissionActor(request),
      parse(ZCommissionQuery, request.query),
    );
    const stream = new PassThrough();
    const sheet = xlsxSheet<TAgentCommission>({
      name: 'Commissions',
      rows: answer.data,
      columns: [
        { header: 'agent', width: 24, value: (r) => r.name },
        { header: 'orders', width: 8, value: (r) => r.orders },
        { header: 'reversed_orders', width: 8, value: (r) => r.reversed_orders },
        { header: 'earned_dzd', width: 14, value: (r) => toDinars(r.earned_centimes) },
        { header: 'reversed_dzd', width: 14, value: (r) => toDinars(r.reversed_centimes) },
        { header: 'net_dzd', width: 14, value: (r) => toDinars(r.net_centimes) },
        { header: 'paid_dzd', width: 14, value: (r) => toDinars(r.paid_centimes) },
        { header: 'due_dzd', width: 14, value: (r) => toDinars(r.due_centimes) },
      ],
    });
    writeXlsx({ stream, sheets: [sheet] }).catch((error: unknown) => stream.destroy(error as Error));
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="commissions_${answer.month}.xlsx"`)
      .header('access-control-expose-headers', 'content-disposition')
      .send(stream);
  });

  app.post('/dashboard/commissions/payouts', { config: { access: 'manage expenses' } }, async (request, reply) => {
    const paid = await service.payCommission(deps, actorOf(request), parse(ZCommissionPayout, request.body));
    return reply.status(201).send(paid);
  });
}
