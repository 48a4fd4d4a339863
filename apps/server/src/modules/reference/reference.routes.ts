import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { REFERENCE_DIR } from '../../db/seed/reference-data.js';
import { withTenant } from '../../db/tenant-context.js';
import { sessionOfRequest } from '../../http/access-guard.js';
import { AppError } from '../../lib/app-error.js';
import { parse } from '../../lib/validate.js';
import * as repo from './reference.repository.js';

// SPEC 3: state_id is the wilaya code; accept "16" and "016"-style zero padding alike.
const ZStateParams = z.object({ id: z.coerce.number().int('The state is invalid.').min(1).max(99) });

export function registerReferenceRoutes(app: FastifyInstance, db: Db): void {
  app.get('/dashboard/states', { config: { access: 'authenticated' } }, async (request) => {
    const session = sessionOfRequest(request);
    const data = await withTenant(db, session.tenantId, (tx) => repo.listStates(tx));
    return { data, total: data.length };
  });

  app.get('/dashboard/cities/state/:id', { config: { access: 'authenticated' } }, async (request) => {
    const session = sessionOfRequest(request);
    const { id } = parse(ZStateParams, request.params);
    const data = await withTenant(db, session.tenantId, (tx) => repo.listCitiesOfState(tx, id));
    if (data.length === 0) throw AppError.notFound('State');
    return { data, total: data.length };
  });

  // SPEC 7: a static file of stop-desk centres (center_id, name, wilaya_name, ...).
  let centres: Buffer | undefined;
  app.get('/yalidine_centers.json', { config: { access: 'public' } }, async (_request, reply) => {
    centres ??= await fs.readFile(path.join(REFERENCE_DIR, 'yalidine_centers.json'));
    return reply.type('application/json; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(centres);
  });
}
