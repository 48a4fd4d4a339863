import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import { sessionOfRequest } from '../../http/access-guard.js';
import { AppError } from '../../lib/app-error.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as repo from './statuses.repository.js';

export const STATUS_MESSAGES = {
  nothingToChange: 'The color field is required when display name is not present.',
} as const;

export const ZUpdateStatusRequest = z
  .object({
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'The color must be a hex colour such as #28C76F.')
      .optional(),
    display_name: z.string().trim().min(1, 'The display name field is required.').max(60).optional(),
  })
  .strict()
  // An update that changes nothing is a client mistake, not an empty UPDATE statement.
  .refine((body) => body.color !== undefined || body.display_name !== undefined, {
    message: STATUS_MESSAGES.nothingToChange,
    path: ['color'],
  });

/** SPEC 3 statuses. Any signed-in user reads them (the orders screen needs them). */
export function registerStatusRoutes(app: FastifyInstance, db: Db): void {
  app.get('/dashboard/statuses', { config: { access: 'authenticated' } }, async (request) => {
    const { tenantId } = sessionOfRequest(request);
    const data = await withTenant(db, tenantId, (tx) => repo.listStatuses(tx, tenantId));
    return { data, total: data.length };
  });

  app.get('/dashboard/statuses/:id', { config: { access: 'authenticated' } }, async (request) => {
    const { tenantId } = sessionOfRequest(request);
    const { id } = parse(ZIdParams, request.params);
    const status = await withTenant(db, tenantId, (tx) => repo.findStatus(tx, tenantId, id));
    if (!status) throw AppError.notFound('Status');
    return status;
  });

  app.put('/dashboard/statuses/:id', { config: { access: 'manage statuses' } }, async (request) => {
    const session = sessionOfRequest(request);
    const { id } = parse(ZIdParams, request.params);
    const body = parse(ZUpdateStatusRequest, request.body);
    return withTenant(db, session.tenantId, async (tx) => {
      const updated = await repo.updateStatus(tx, session.tenantId, id, {
        color: body.color,
        displayName: body.display_name,
      });
      if (!updated) throw AppError.notFound('Status');
      await recordAudit(tx, {
        tenantId: session.tenantId,
        userId: session.userId,
        action: 'update',
        entity: 'status',
        entityId: id,
        changes: body,
        ip: request.ip,
      });
      return updated;
    });
  });
}
