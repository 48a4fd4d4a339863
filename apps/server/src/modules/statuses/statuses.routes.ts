import type { FastifyInstance } from 'fastify';
import { englishOf, m } from '@cod/shared';
import { z } from 'zod';
import { sessionOfRequest } from '../../http/access-guard.js';
import { actorOf } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import * as service from './statuses.service.js';

const NOTHING_TO_CHANGE = m('status.color_or_name_required');

/** The English of the refusals below (SPEC 8); the answers carry their codes (docs/decisions/0041). */
export const STATUS_MESSAGES = {
  nothingToChange: englishOf(NOTHING_TO_CHANGE),
} as const;

export const ZUpdateStatusRequest = z
  .object({
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, m('status.color_format'))
      .optional(),
    display_name: z.string().trim().min(1, m('status.display_name_required')).max(60).optional(),
  })
  .strict()
  // An update that changes nothing is a client mistake, not an empty UPDATE statement.
  .refine((body) => body.color !== undefined || body.display_name !== undefined, {
    message: NOTHING_TO_CHANGE,
    path: ['color'],
  });

/** SPEC 3 statuses. Any signed-in user reads them (the orders screen needs them). */
export function registerStatusRoutes(app: FastifyInstance, deps: TAppDeps): void {
  app.get('/dashboard/statuses', { config: { access: 'authenticated' } }, async (request) => {
    const { tenantId } = sessionOfRequest(request);
    return service.listStatuses(deps, tenantId);
  });

  app.get('/dashboard/statuses/:id', { config: { access: 'authenticated' } }, async (request) => {
    const { tenantId } = sessionOfRequest(request);
    const { id } = parse(ZIdParams, request.params);
    return service.getStatus(deps, tenantId, id);
  });

  app.put('/dashboard/statuses/:id', { config: { access: 'manage statuses' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    return service.updateStatus(deps, actor, id, parse(ZUpdateStatusRequest, request.body));
  });
}
